/**
 * The share links' routes (/api/third-party/links, common/modules/thirdParty/links.ts). The
 * manifest gives third-party a reading right only (spec section 6): its holders read the
 * district's links and also make, extend and revoke them (each write marked with the read right
 * and listed with its reason in server/test/write-rights.test.ts). Writes run once per
 * Idempotency-Key and announce `records:changed` (module `thirdPartyLinks`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  ItemChoices,
  ItemsQuery,
  Link,
  LinkCreate,
  LinkCreated,
  LinkDetail,
  LinkExtend,
  LinkListQuery,
  parseItemsParam,
} from '../../../../../common/modules/thirdParty/links.js';
import { ErrorResponses, FileBytes } from '../../../../../common/schemas/envelope.js';
import type { Queryable } from '../../../db/types.js';
import { respond } from '../../../plugins/respond.js';
import { requireCan } from '../../../plugins/rights.js';
import type { RouteContext } from '../../../routes/context.js';
import { IdParams, sessionScope, writeAndAnnounce } from '../../_platform/record-routes.js';
import { siteChoicesRoute } from '../../_platform/site-choices.js';
import { Envelope, WriteHeaders } from '../../_platform/schemas.js';
import { auditShare } from './audit.js';
import { readerLanguage } from './public.js';
import { LinksRepository, linksCsv } from './repository.js';

/** The socket's module name of the links. */
export const LINKS_MODULE = 'thirdPartyLinks';

export async function linksRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('thirdParty', 'read');
  const repository = (request: FastifyRequest, tx?: Queryable) => new LinksRepository(sessionScope(ctx, request, tx));
  const tags = ['thirdParty'];
  const announce = (link: { id: string }) => [{ module: LINKS_MODULE, id: link.id, version: 1 }];

  // The create form's site picker (GET /links/sites: the family's other part keeps /sites free).
  await app.register(async (links) => siteChoicesRoute(links, read), { prefix: '/links' });

  app.get('/links', { onRequest: read, schema: { tags, querystring: LinkListQuery, response: { 200: Envelope(Type.Array(Link)) } } }, async (request) =>
    respond(request, await repository(request).list(request.query)),
  );

  app.get('/links/export.csv', { onRequest: read, schema: { tags, querystring: LinkListQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const language = readerLanguage(request);
    const links = await repository(request).list(request.query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${language === 'fr' ? 'liens-partage' : 'share-links'}-${day}.csv"`)
      .send(linksCsv(links, language));
  });

  app.get('/links/items', { onRequest: read, schema: { tags, querystring: ItemsQuery, response: { 200: Envelope(ItemChoices) } } }, async (request) =>
    respond(request, await repository(request).choices(request.query.siteId, parseItemsParam(request.query.items), readerLanguage(request))),
  );

  app.get('/links/:id', { onRequest: read, schema: { tags, params: IdParams, response: { 200: Envelope(LinkDetail) } } }, async (request) =>
    respond(request, await repository(request).get(request.params.id, readerLanguage(request))),
  );

  app.post('/links', { onRequest: read, schema: { tags, headers: WriteHeaders, body: LinkCreate, response: { 201: Envelope(LinkCreated) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 201, announce, async (tx) => auditShare(request, ctx.databases.control, 'share.created', await repository(request, tx).create(request.body, ctx.config.publicUrl)))),
  );

  app.post('/links/:id/extend', { onRequest: read, schema: { tags, params: IdParams, headers: WriteHeaders, body: LinkExtend, response: { 200: Envelope(Link) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, announce, (tx) => repository(request, tx).extend(request.params.id, request.body.expiresAt))),
  );

  app.post('/links/:id/revoke', { onRequest: read, schema: { tags, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(Link) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 200, announce, async (tx) => auditShare(request, ctx.databases.control, 'share.revoked', await repository(request, tx).revoke(request.params.id)))),
  );
}

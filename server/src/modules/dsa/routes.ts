/**
 * The data-sharing area's routes (/api/dsa): the areas (list, create, read, history, edit,
 * delete, restore from the platform's record routes), the site picker's choices, an area's upload-only links (create with
 * the token answered once, extend, revoke) and its deposits (move into a site's folder).
 * Reading takes `dsa.dsaManagement_read`, every write `dsa.admin` (spec section 6). Each write
 * runs once per Idempotency-Key and tells the district's sockets the area changed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Area,
  AreaCreate,
  AreaDepositParams,
  AreaLinkParams,
  AreaListQuery,
  AreaPage,
  AreaUpdate,
  Deposit,
  DepositMove,
  DSA_AREAS,
  DSA_DROP_PATH,
  DsaLink,
  LinkCreate,
  LinkCreated,
  LinkExtend,
} from '../../../../common/modules/dsa/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { IdParams, ListQuerystring, listQuery, recordRoutes, sessionScope, writeAndAnnounce } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { clientIdOf } from '../_platform/tokens.js';
import { DsaRepository } from './repository.js';

export async function dsaRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('dsa', 'read');
  const manage = requireCan('dsa', 'manage');
  const tags = ['dsa'];

  const repository = async (request: FastifyRequest, tx?: Queryable) => new DsaRepository(sessionScope(ctx, request, tx), can(await rightsOf(request), 'dsa', 'manage'));
  const areaChanged = (areaId: string) => () => [{ module: DSA_AREAS, id: areaId, version: null }];

  // The site picker's choices (an area's optional site).
  siteChoicesRoute(app, read);

  recordRoutes(app, ctx, {
    tag: 'dsa',
    read,
    manage,
    repository,
    store: (repo: DsaRepository) => repo.store,
    path: '/areas',
    module: DSA_AREAS,
    schemas: { record: Area, create: AreaCreate, update: AreaUpdate, listQuery: ListQuerystring(AreaListQuery), listAnswer: AreaPage },
    kind: (repo) => repo.areas,
    list: (repo, query) => repo.listAreas(listQuery(query)),
  });

  app.post(
    '/areas/:id/links',
    { onRequest: manage, schema: { tags, summary: 'A new upload-only link of the area (its token answered once)', params: IdParams, headers: WriteHeaders, body: LinkCreate, response: { 201: Envelope(LinkCreated), ...ErrorResponses } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 201, areaChanged(request.params.id), async (tx) => {
          const repo = await repository(request, tx);
          const created = await repo.createLink(request.params.id, request.body, await clientIdOf(ctx.databases.control, sessionScope(ctx, request).dbName));
          return { ...created, url: `${ctx.config.publicUrl}${DSA_DROP_PATH}/${created.token}` };
        }),
      ),
  );

  app.post(
    '/areas/:id/links/:linkId/extend',
    { onRequest: manage, schema: { tags, summary: 'A new expiry for a link', params: AreaLinkParams, headers: WriteHeaders, body: LinkExtend, response: { 200: Envelope(DsaLink), ...ErrorResponses } } },
    async (request, reply) =>
      respond(request, await writeAndAnnounce(ctx, request, reply, 200, areaChanged(request.params.id), async (tx) => (await repository(request, tx)).extendLink(request.params.id, request.params.linkId, request.body.expiresAt))),
  );

  app.post(
    '/areas/:id/links/:linkId/revoke',
    { onRequest: manage, schema: { tags, summary: 'Revokes a link at once', params: AreaLinkParams, headers: WriteHeaders, response: { 200: Envelope(DsaLink), ...ErrorResponses } } },
    async (request, reply) => respond(request, await writeAndAnnounce(ctx, request, reply, 200, areaChanged(request.params.id), async (tx) => (await repository(request, tx)).revokeLink(request.params.id, request.params.linkId))),
  );

  app.get(
    '/areas/:id/deposits',
    { onRequest: read, schema: { tags, summary: 'The deposits of an area', params: IdParams, response: { 200: Envelope(Type.Array(Deposit)), ...ErrorResponses } } },
    async (request) => {
      const repo = await repository(request);
      await repo.requireArea(request.params.id);
      return respond(request, await repo.deposits(request.params.id));
    },
  );

  app.post(
    '/areas/:id/deposits/:depositId/move',
    { onRequest: manage, schema: { tags, summary: 'Moves a deposit into a site’s folder', params: AreaDepositParams, headers: WriteHeaders, body: DepositMove, response: { 200: Envelope(Deposit), ...ErrorResponses } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, () => [...areaChanged(request.params.id)(), { module: 'file_documents', id: request.body.documentId, version: null }], async (tx) =>
          (await repository(request, tx)).moveDeposit(request.params.id, request.params.depositId, request.body.folderId, request.body.documentId),
        ),
      ),
  );
}

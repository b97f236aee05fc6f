/**
 * Emergency service (spec sections 2, 3 and 7): the sites of the session's district, their
 * 360 and 3D stages, and sendInformations, which records a time-limited share per site and
 * queues one e-mail per recipient, exactly once per Idempotency-Key. Administrators read
 * the per-recipient delivery state at /outbox.
 *
 * Authentication and rights run at onRequest: a caller without them is refused before an
 * 8 MiB body is read, let alone parsed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Emergency360Stage,
  EmergencySendResult,
  EmergencySite,
  EmergencySiteStage,
  OUTBOX_PAGE_SIZE,
  OutboxPage,
  OutboxQuery,
  SiteIdParams,
} from '../../../../../common/schemas/emergency.js';
import { ok, okOrNotModified } from '../../../../../common/schemas/envelope.js';
import { ApiError } from '../../../lib/errors.js';
import { etagOf, matchesEtag } from '../../../modules/_platform/etag.js';
import { notifyMailQueued } from '../../../mail/worker.js';
import { listOutbox, type OutboxFilter } from '../../../mail/outbox.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyCan, requireCan } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { runIdempotent } from './idempotency.js';
import { checkPayload, requestHash, SEND_BODY_LIMIT, sendInformationsSchema } from './payload.js';
import { recordSend, type SendResult } from './shares.js';
import { districtSite, districtSites, threeDStages, threeSixtyStages } from './sites.js';

export { OUTBOX_PAGE_SIZE };
/** Tells the app (and a human reading logs) that the answer is the stored one of an earlier request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export async function emergencyRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['emergency'];
  app.addHook('onRequest', app.authenticate);
  const emergencyRight = requireCan('emergency', 'read');
  // The outbox also serves district administrators: they answer for their district's mail.
  const outboxRight = requireAnyCan({ feature: 'emergency', action: 'read' }, { feature: 'admin', action: 'read' });

  /** The session's site `siteId`, or the 404 every emergency route gives for another district's. */
  async function siteOf(request: FastifyRequest, siteId: string) {
    const auth = requireAuth(request);
    const site = await districtSite(auth.db, auth.districtId, siteId);
    if (!site) throw ApiError.notFound('emergency.site_not_found');
    return { auth, site };
  }

  // With the list's ETag: the app keeps it on the device (megabytes in a large district) and
  // asks again at every start and reconnection; an unchanged list is a 304, neither sent again
  // nor rewritten there (features/emergency/offline-data.ts).
  app.get(
    '/sites',
    { onRequest: emergencyRight, schema: { tags, summary: "The district's sites, as the emergency dialog lists them (ETag; 304 on If-None-Match)", response: okOrNotModified(Type.Array(EmergencySite)) } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const sites = await districtSites(auth.db, auth.districtId);
      const etag = etagOf(JSON.stringify(sites));
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return respond(request, sites);
    },
  );

  app.get(
    '/getAll360Stages/:siteId',
    { onRequest: emergencyRight, schema: { tags, summary: "A site's 360 stages and their image paths", params: SiteIdParams, response: ok(Type.Array(Emergency360Stage)) } },
    async (request) => {
      const { auth, site } = await siteOf(request, request.params.siteId);
      return respond(request, await threeSixtyStages(auth.db, auth.districtId, site._id));
    },
  );

  app.get(
    '/getSiteStages/:siteId',
    { onRequest: emergencyRight, schema: { tags, summary: "A site's 3D stages", params: SiteIdParams, response: ok(Type.Array(EmergencySiteStage)) } },
    async (request) => {
      const { auth, site } = await siteOf(request, request.params.siteId);
      return respond(request, await threeDStages(auth.db, auth.districtId, site._id));
    },
  );

  app.post(
    '/sendInformations',
    {
      onRequest: emergencyRight,
      bodyLimit: SEND_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Shares sites for a limited time and e-mails each recipient, exactly once per Idempotency-Key',
        ...sendInformationsSchema,
        response: ok(EmergencySendResult),
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      const images = checkPayload(body);
      const key = request.headers['idempotency-key'].toLowerCase();
      const result = await runIdempotent<SendResult>(
        auth.db,
        { key, accountId: auth.accountId, hash: requestHash(auth.accountId, auth.districtId, body) },
        async (tx) => ({
          statusCode: 200,
          data: await recordSend(
            tx,
            { accountId: auth.accountId, email: auth.email, districtId: auth.districtId, idempotencyKey: key, publicUrl: ctx.config.publicUrl },
            body,
            images,
          ),
        }),
      );
      if (result.replayed) reply.header(REPLAYED_HEADER, 'true');
      else notifyMailQueued();
      reply.status(result.statusCode);
      return respond(request, result.data);
    },
  );

  app.get(
    '/outbox',
    { onRequest: outboxRight, schema: { tags, summary: 'The delivery state of each e-mail of the district\'s shares', querystring: OutboxQuery, response: ok(OutboxPage) } },
    async (request) => {
      const auth = requireAuth(request);
      const { shareId, idempotencyKey, limit, offset } = request.query;
      const filter: OutboxFilter = {
        ...(shareId ? { shareId } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
        limit: Math.min(Math.max(Number(limit ?? OUTBOX_PAGE_SIZE), 1), OUTBOX_PAGE_SIZE),
        offset: Number(offset ?? 0),
      };
      return respond(request, await listOutbox(auth.db, auth.districtId, filter));
    },
  );
}

/**
 * Emergency service (spec sections 2, 3 and 7): the sites of the session's district, their
 * 360 and 3D stages, and sendInformations, which records a time-limited share per site and
 * queues one e-mail per recipient, exactly once per Idempotency-Key. Administrators read
 * the per-recipient delivery state at /outbox.
 *
 * Authentication and rights run at onRequest: a caller without them is refused before an
 * 8 MiB body is read, let alone parsed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RIGHTS_BY_FEATURE } from '../../../../../common/rights.js';
import { ApiError } from '../../../lib/errors.js';
import { notifyMailQueued } from '../../../mail/worker.js';
import { listOutbox, type OutboxFilter } from '../../../mail/outbox.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyRight } from '../../../plugins/rights.js';
import type { RouteContext } from '../../context.js';
import { UUID_PATTERN } from '../admin/index.js';
import { runIdempotent } from './idempotency.js';
import { checkPayload, requestHash, SEND_BODY_LIMIT, sendInformationsSchema, type SendInformationsBody } from './payload.js';
import { recordSend, type SendResult } from './shares.js';
import { districtSite, districtSites, threeDStages, threeSixtyStages } from './sites.js';

export const OUTBOX_PAGE_SIZE = 100;
/** Tells the app (and a human reading logs) that the answer is the stored one of an earlier request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const siteParams = {
  type: 'object',
  required: ['siteId'],
  properties: { siteId: { type: 'string', pattern: UUID_PATTERN } },
} as const;

export async function emergencyRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const emergencyRight = requireAnyRight(...RIGHTS_BY_FEATURE.emergency);
  // The outbox also serves district administrators: they answer for their district's mail.
  const outboxRight = requireAnyRight(...RIGHTS_BY_FEATURE.emergency, ...RIGHTS_BY_FEATURE.admin);

  /** The session's site `siteId`, or the 404 every emergency route gives for another district's. */
  async function siteOf(request: FastifyRequest, siteId: string) {
    const auth = requireAuth(request);
    const site = await districtSite(auth.db, auth.districtId, siteId);
    if (!site) throw ApiError.notFound('emergency.site_not_found');
    return { auth, site };
  }

  app.get('/sites', { onRequest: emergencyRight }, async (request) => {
    const auth = requireAuth(request);
    return respond(request, await districtSites(auth.db, auth.districtId));
  });

  app.get<{ Params: { siteId: string } }>(
    '/getAll360Stages/:siteId',
    { onRequest: emergencyRight, schema: { params: siteParams } },
    async (request) => {
      const { auth, site } = await siteOf(request, request.params.siteId);
      return respond(request, await threeSixtyStages(auth.db, auth.districtId, site._id));
    },
  );

  app.get<{ Params: { siteId: string } }>(
    '/getSiteStages/:siteId',
    { onRequest: emergencyRight, schema: { params: siteParams } },
    async (request) => {
      const { auth, site } = await siteOf(request, request.params.siteId);
      return respond(request, await threeDStages(auth.db, auth.districtId, site._id));
    },
  );

  app.post<{ Body: SendInformationsBody; Headers: { 'idempotency-key': string } }>(
    '/sendInformations',
    { onRequest: emergencyRight, bodyLimit: SEND_BODY_LIMIT, schema: sendInformationsSchema },
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

  app.get<{ Querystring: { shareId?: string; idempotencyKey?: string; limit?: string; offset?: string } }>(
    '/outbox',
    {
      onRequest: outboxRight,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            shareId: { type: 'string', pattern: UUID_PATTERN },
            idempotencyKey: { type: 'string', pattern: UUID_PATTERN },
            limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
            offset: { type: 'string', pattern: '^[0-9]{1,6}$' },
          },
        },
      },
    },
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

/**
 * The Sites routes (/api/sites, the contract of common/modules/sites/schemas.ts): reads need
 * `can(rights, 'sites', 'read')`, every write `can(rights, 'sites', 'manage')`, checked at
 * onRequest so a caller without the right is refused before its body is read. Handlers
 * only validate (the schemas), build the session's repository and answer in the envelope:
 * no SQL here. Writes run in one transaction with their Idempotency-Key (plugins/
 * idempotency.ts) and, once committed, tell the district's sockets `records:changed`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { can } from '../../../../common/rights.js';
import {
  Site,
  SiteCreate,
  SiteListQuery,
  SitePage,
  SiteType,
  SiteTypeCreate,
  SiteTypeUpdate,
  SiteUpdate,
  StageCreate,
  StageOrder,
} from '../../../../common/modules/sites/schemas.js';
import { Uuid } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged, onRecordChanged } from '../_platform/events.js';
import { CountCache, PageCache } from '../_platform/list.js';
import { IdParams, ListQuerystring, listQuery, recordRoutes, sessionScope } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { SITES_MODULE, SitesRepository, type SitesCaches } from './repository.js';

const StageParams = Type.Object({ id: Uuid, stageId: Uuid }, { additionalProperties: false });
const StageUpdate = Type.Object(
  { name: Type.Optional(StageCreate.properties.name), attachmentId: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false, minProperties: 1 },
);

const SiteListQuerystring = ListQuerystring(SiteListQuery);

export async function sitesRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  const read = requireCan('sites', 'read');
  const manage = requireCan('sites', 'manage');

  // The lists' filtered counts, per server, and on the embedded database (one process: every
  // write passes below) the list pages and type lists themselves; a write drops its district's.
  const caches: SitesCaches = {
    counts: new CountCache(),
    pages: ctx.databases.embedded ? new PageCache() : null,
    types: ctx.databases.embedded ? new PageCache() : null,
  };
  const repository = (request: FastifyRequest, tx?: Queryable) => {
    return new SitesRepository(sessionScope(ctx, request, tx), caches);
  };
  // Every write of a site drops them, whoever made it (these routes, or an attachment of the
  // site deleted through /api/attachments): one listener on the module's records:changed.
  const stopListening = onRecordChanged((clientDb, districtId, change) => {
    if (change.module !== SITES_MODULE) return;
    caches.counts.invalidate(clientDb, districtId);
    caches.pages?.invalidate(clientDb, districtId);
    caches.types?.invalidate(clientDb, districtId);
  });
  app.addHook('onClose', async () => {
    stopListening();
  });
  /** After a committed write: the caches above are dropped (their listener) and the district's open apps refetch the record. */
  const changed = (request: FastifyRequest) => (record: { id: string; version: number }) => {
    const auth = requireAuth(request);
    emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: SITES_MODULE, id: record.id, version: record.version });
  };
  // Sites and their types are record kinds of the platform (list, create, read, history, edit,
  // delete, restore); a type's write is announced as a Sites change, which drops the caches.
  const common = { tag: 'sites', read, manage, module: SITES_MODULE, repository: async (request: FastifyRequest, tx?: Queryable) => repository(request, tx), store: (repo: SitesRepository) => repo.store };

  recordRoutes(app, ctx, {
    ...common,
    path: '',
    schemas: { record: Site, create: SiteCreate, update: SiteUpdate, listQuery: SiteListQuerystring, listAnswer: SitePage },
    kind: (repo) => repo.sites,
    list: async (repo, query, request) => {
      const parsed = listQuery(query as Static<typeof SiteListQuery> & { limit?: string });
      // The deleted sites are for managers, who may restore them.
      if (parsed.deleted === 'true' && !can(await rightsOf(request), 'sites', 'manage')) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: ['sites'] });
      return repo.list(parsed);
    },
  });
  recordRoutes(app, ctx, {
    ...common,
    path: '/types',
    schemas: { record: SiteType, create: SiteTypeCreate, update: SiteTypeUpdate, listQuery: Type.Object({}, { additionalProperties: false }), listAnswer: Type.Array(SiteType) },
    kind: (repo) => repo.types,
    list: (repo) => repo.listTypes(),
  });

  api.post(
    '/:id/stages',
    { onRequest: manage, schema: { params: IdParams, headers: WriteHeaders, body: StageCreate, response: { 200: Envelope(Site) } } },
    async (request, reply) => {
      const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 200, data: await repository(request, tx).addStage(request.params.id, request.body) }), changed(request));
      return respond(request, data);
    },
  );

  api.put(
    '/:id/stages/order',
    { onRequest: manage, schema: { params: IdParams, headers: WriteHeaders, body: StageOrder, response: { 200: Envelope(Site) } } },
    async (request, reply) => {
      const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 200, data: await repository(request, tx).orderStages(request.params.id, request.body) }), changed(request));
      return respond(request, data);
    },
  );

  api.patch(
    '/:id/stages/:stageId',
    { onRequest: manage, schema: { params: StageParams, headers: WriteHeaders, body: StageUpdate, response: { 200: Envelope(Site) } } },
    async (request, reply) => {
      const { id, stageId } = request.params;
      const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 200, data: await repository(request, tx).updateStage(id, stageId, request.body) }), changed(request));
      return respond(request, data);
    },
  );

  api.delete(
    '/:id/stages/:stageId',
    { onRequest: manage, schema: { params: StageParams, headers: WriteHeaders, response: { 200: Envelope(Site) } } },
    async (request, reply) => {
      const { id, stageId } = request.params;
      const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 200, data: await repository(request, tx).removeStage(id, stageId) }), changed(request));
      return respond(request, data);
    },
  );
}

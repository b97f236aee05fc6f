/**
 * The Sharing bank's routes (/api/sharing-bank, the contract of
 * common/modules/sharingBank/schemas.ts): the groups and the resources (each kind's seven record
 * routes), a member's reading and acknowledgement, a new version, the acknowledgement board and
 * its reminder, the district's members, the templates the client's other districts share and
 * their import. Reading, opening, acknowledging and importing take `sharing-bank.read` (an import
 * also the target module's template right, checked by the repository); publishing, versions,
 * reminders and groups `sharing-bank.admin` (spec section 6).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  AcknowledgeBody,
  Board,
  Group,
  GroupCreate,
  GroupListQuery,
  GroupUpdate,
  ImportAnswer,
  ImportBody,
  Member,
  NewVersionBody,
  OpenBody,
  RemindAnswer,
  Resource,
  ResourceCreate,
  ResourceListQuery,
  ResourceRow,
  ResourceUpdate,
  SharedTemplate,
  type Resource as ResourceType,
} from '../../../../common/modules/sharingBank/schemas.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { IdParams, recordRoutes, sessionScope, writeAndAnnounce } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import type { Rung } from '../_platform/notices.js';
import { ALREADY_REMINDED, SHARING_MODULES, SharingBankRepository } from './repository.js';
import { sendReminder } from './jobs.js';

export async function sharingBankRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const read = requireCan('sharingBank', 'read');
  const manage = requireCan('sharingBank', 'manage');
  const tags = ['sharing-bank'];

  const repository = async (request: FastifyRequest, tx?: Queryable) => new SharingBankRepository(sessionScope(ctx, request, tx), await rightsOf(request));
  const common = { tag: 'sharing-bank', read, manage, repository, store: (repo: SharingBankRepository) => repo.store };
  const resourceChanged = (r: ResourceType) => [{ module: SHARING_MODULES.resources, id: r.id, version: r.version }];

  recordRoutes(app, ctx, {
    ...common,
    path: '/groups',
    module: SHARING_MODULES.groups,
    schemas: { record: Group, create: GroupCreate, update: GroupUpdate, listQuery: GroupListQuery, listAnswer: Type.Array(Group) },
    kind: (repo) => repo.groups,
    list: (repo, query) => repo.listGroups(query.deleted as 'true' | 'false' | undefined),
  });

  recordRoutes(app, ctx, {
    ...common,
    path: '/resources',
    module: SHARING_MODULES.resources,
    schemas: { record: Resource, create: ResourceCreate, update: ResourceUpdate, listQuery: ResourceListQuery, listAnswer: Type.Array(ResourceRow) },
    kind: (repo) => repo.resources,
    list: (repo, query) => repo.library(query.deleted as 'true' | 'false' | undefined),
  });

  // A member's reading: opened (the sheet shown), acknowledged ("I have read and acknowledge").
  for (const [path, acknowledged] of [
    ['/resources/:id/open', false],
    ['/resources/:id/acknowledge', true],
  ] as const) {
    api.post(
      path,
      { onRequest: read, schema: { tags, params: IdParams, headers: WriteHeaders, body: acknowledged ? AcknowledgeBody : OpenBody, response: { 200: Envelope(Resource) } } },
      async (request, reply) =>
        respond(
          request,
          await writeAndAnnounce(ctx, request, reply, 200, (r: ResourceType) => [{ module: SHARING_MODULES.resources, id: r.id, version: null }], async (tx) =>
            (await repository(request, tx)).read(request.params.id, request.body.version, acknowledged),
          ),
        ),
    );
  }

  api.post(
    '/resources/:id/publish',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, body: NewVersionBody, response: { 200: Envelope(Resource) } } },
    async (request, reply) =>
      respond(request, await writeAndAnnounce(ctx, request, reply, 200, resourceChanged, async (tx) => (await repository(request, tx)).newVersion(request.params.id, request.body.baseVersion))),
  );

  api.get('/resources/:id/board', { onRequest: manage, schema: { tags, params: IdParams, response: { 200: Envelope(Board) } } }, async (request) =>
    respond(request, await (await repository(request)).board(request.params.id)),
  );

  api.post(
    '/resources/:id/remind',
    { onRequest: manage, schema: { tags, params: IdParams, headers: WriteHeaders, response: { 200: Envelope(RemindAnswer) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      let rung: Rung = [];
      const answer = await writeAndAnnounce(ctx, request, reply, 200, () => [{ module: SHARING_MODULES.resources, id: request.params.id, version: null }], async (tx) => {
        const repo = await repository(request, tx);
        const resource = await repo.resourceForReminder(request.params.id);
        const sent = await sendReminder(ctx, tx, resource, 'manual', new Date(), auth.accountId);
        if (!sent) throw new ApiError(409, { message: ALREADY_REMINDED });
        rung = sent.rung;
        return { sent: sent.reminder.count, reminder: sent.reminder };
      });
      for (const { districtId, items } of rung) ctx.notifier.announce(auth.clientDb, districtId, items);
      return respond(request, answer);
    },
  );

  api.get('/members', { onRequest: manage, schema: { tags, response: { 200: Envelope(Type.Array(Member)) } } }, async (request) =>
    respond(request, await (await repository(request)).members()),
  );

  api.get('/shared-templates', { onRequest: read, schema: { tags, response: { 200: Envelope(Type.Array(SharedTemplate)) } } }, async (request) =>
    respond(request, await (await repository(request)).sharedTemplates()),
  );

  api.post(
    '/shared-templates/:id/import',
    { onRequest: read, schema: { tags, params: IdParams, headers: WriteHeaders, body: ImportBody, response: { 200: Envelope(ImportAnswer) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      let module: string | null = null;
      const answer = await writeAndAnnounce(ctx, request, reply, 200, () => [], async (tx) => {
        const result = await (await repository(request, tx)).importTemplate(request.params.id, request.body.id);
        module = result.module;
        return result.answer;
      });
      // Once committed: the target module's template lists read the copy.
      if (module) emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module, id: answer.templateId, version: 1 });
      return respond(request, answer);
    },
  );
}

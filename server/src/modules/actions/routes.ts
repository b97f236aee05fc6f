/**
 * The actions routes (/api/actions, the contract of common/modules/actions/schemas.ts): the
 * actions, their status moves and comments (their photos go through the platform's uploads and
 * attachments, module `actions`), the action plans (/plans), the action templates (/templates)
 * and the people to pick (/members). One data owner for both manifests (Action plans and
 * Actions V3 show the same actions): each guard takes either manifest's feature, and the
 * repository holds the caller to its powers (common/modules/actions/access.ts).
 *
 * Own work (docs/rights.md; listed in server/test/write-rights.test.ts): with a read right of
 * actions, a member creates an action for itself, moves its own actions along the workflow (the
 * assignee's moves) and comments the actions it sees (its own); the repository checks the
 * ownership. Everything else needs the manage right. Writes run in one transaction with their
 * Idempotency-Key and tell the district's sockets `records:changed` once committed.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { actionPowers } from '../../../../common/modules/actions/access.js';
import {
  Action,
  ACTION_TEMPLATES_MODULE,
  ActionCreate,
  ActionListQuery,
  ActionPage,
  ActionTemplate,
  ActionTemplateCreate,
  ActionTemplateListQuery,
  ActionTemplatePage,
  ActionTemplateUpdate,
  ActionTransition,
  ActionUpdate,
  ACTIONS_MODULE,
  CommentCreate,
  MEMBER_CHOICES_MAX,
  MemberChoicesQuery,
  Plan,
  PlanCreate,
  PlanListQuery,
  PlanPage,
  PLANS_MODULE,
  PlanUpdate,
} from '../../../../common/modules/actions/schemas.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { Actor, HistoryEntry, VersionBody } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { districtMembers, type RecordScope } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { ExportQuerystring, IdParams, ListQuerystring, listQuery, recordRoutes, sessionScope } from '../_platform/record-routes.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { actionsCsv } from './csv.js';
import { PlansRepository } from './plans.js';
import { ActionsRepository } from './repository.js';
import { ActionTemplatesRepository } from './templates.js';

const ActionsQuerystring = ListQuerystring(ActionListQuery);
const ExportQuery = ExportQuerystring(ActionListQuery);
/** Rows of one CSV export at most: years of a large district's actions. */
export const EXPORT_MAX = 50_000;

export async function actionsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  // Either manifest's actions feature (Action plans' `actions`, Actions V3's `actionsV3`).
  const readActions = requireAnyCan({ feature: 'actions', action: 'read' }, { feature: 'actionsV3', action: 'read' });
  const manageActions = requireAnyCan({ feature: 'actions', action: 'manage' }, { feature: 'actionsV3', action: 'manage' });
  const readPlans = requireCan('actionPlans', 'read');
  const managePlans = requireCan('actionPlans', 'manage');
  // Whoever may make an action sees the templates (to make one from them).
  const readTemplates = requireAnyCan(
    { feature: 'actionTemplates', action: 'read' },
    { feature: 'actions', action: 'manage' },
    { feature: 'actionsV3', action: 'manage' },
  );
  const manageTemplates = requireCan('actionTemplates', 'manage');
  // The people pickers: an action's assignee, a plan's owner.
  const pickPeople = requireAnyCan({ feature: 'actions', action: 'manage' }, { feature: 'actionsV3', action: 'manage' }, { feature: 'actionPlans', action: 'manage' });

  const scopeOf = async (request: FastifyRequest, tx?: Queryable): Promise<{ scope: RecordScope; powers: ReturnType<typeof actionPowers> }> => {
    const powers = actionPowers(await rightsOf(request));
    return { scope: sessionScope(ctx, request, tx), powers };
  };
  const actions = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new ActionsRepository(scope, { powers });
  };
  const plans = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new PlansRepository(scope, powers);
  };
  const templates = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new ActionTemplatesRepository(scope, powers);
  };
  /** A write in one transaction with its Idempotency-Key, announced to the district once committed. */
  const write = <T extends { id: string; version: number }>(request: FastifyRequest, reply: FastifyReply, statusCode: 200 | 201, module: string, run: (tx: Queryable) => Promise<T>) =>
    idempotentWrite(request, reply, async (tx) => ({ statusCode, data: await run(tx) }), (record) => {
      const auth = requireAuth(request);
      emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module, id: record.id, version: record.version });
    });

  /**
   * An action's write, told like any write once committed, and besides: to the plans whose
   * progress it moved (their own `records:changed`, version null: the plan itself is unchanged),
   * and to the envelope cache of its assignees before and after (their workflow badge).
   */
  const actionWrite = (request: FastifyRequest, reply: FastifyReply, statusCode: 200 | 201, run: (repository: ActionsRepository) => Promise<Action>) => {
    let touched: ActionsRepository['touched'] | null = null;
    return idempotentWrite(
      request,
      reply,
      async (tx) => {
        const repository = await actions(request, tx);
        const data = await run(repository);
        touched = repository.touched;
        return { statusCode, data };
      },
      (record) => {
        const auth = requireAuth(request);
        emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: ACTIONS_MODULE, id: record.id, version: record.version });
        for (const plan of touched?.plans ?? []) emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: PLANS_MODULE, id: plan, version: null });
        for (const accountId of touched?.assignees ?? []) ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId });
      },
    );
  };

  // ---------------------------------------------------------------- people (static paths first)

  api.get('/members', { onRequest: pickPeople, schema: { querystring: MemberChoicesQuery, response: { 200: Envelope(Type.Array(Actor)) } } }, async (request) => {
    const { scope } = await scopeOf(request);
    return respond(request, await districtMembers(scope, { ...(request.query.search ? { search: request.query.search } : {}), limit: MEMBER_CHOICES_MAX }));
  });

  // The site pickers (an action's, a plan's, the list's filter): whoever reads actions or plans,
  // with or without the sites right.
  siteChoicesRoute(app, requireAnyCan({ feature: 'actions', action: 'read' }, { feature: 'actionsV3', action: 'read' }, { feature: 'actionPlans', action: 'read' }));

  // ---------------------------------------------------------------- plans and templates (record kinds)

  recordRoutes(app, ctx, {
    path: '/plans',
    tag: 'actions',
    read: readPlans,
    manage: managePlans,
    module: PLANS_MODULE,
    schemas: { record: Plan, create: PlanCreate, update: PlanUpdate, listQuery: ListQuerystring(PlanListQuery), listAnswer: PlanPage },
    repository: plans,
    store: (repo) => repo.store,
    kind: (repo) => repo.kind,
    list: (repo, query) => repo.list(listQuery(query) as PlanListQuery),
  });

  recordRoutes(app, ctx, {
    path: '/templates',
    tag: 'actions',
    read: readTemplates,
    manage: manageTemplates,
    module: ACTION_TEMPLATES_MODULE,
    schemas: { record: ActionTemplate, create: ActionTemplateCreate, update: ActionTemplateUpdate, listQuery: ListQuerystring(ActionTemplateListQuery), listAnswer: ActionTemplatePage },
    repository: templates,
    store: (repo) => repo.store,
    kind: (repo) => repo.kind,
    list: (repo, query) => repo.list(listQuery(query) as ActionTemplateListQuery),
  });

  // ---------------------------------------------------------------- actions

  // Overdue first, then by due date, unless sorted otherwise: the caller's own, or all as a manager.
  api.get('/', { onRequest: readActions, schema: { querystring: ActionsQuerystring, response: { 200: Envelope(ActionPage) } } }, async (request) =>
    respond(request, await (await actions(request)).list(listQuery(request.query))),
  );

  api.get('/export.csv', { onRequest: readActions, schema: { querystring: ExportQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const rows = await (await actions(request)).exportRows(request.query, EXPORT_MAX);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="actions-${day}.csv"`)
      .send(actionsCsv(rows, ctx.config.publicUrl));
  });

  // Own work: a reader makes an action for itself (the repository refuses another assignee); managers for anyone.
  api.post('/', { onRequest: readActions, schema: { headers: WriteHeaders, body: ActionCreate, response: { 201: Envelope(Action) } } }, async (request, reply) =>
    respond(request, await actionWrite(request, reply, 201, (repository) => repository.create(request.body))),
  );

  api.get('/:id', { onRequest: readActions, schema: { params: IdParams, response: { 200: Envelope(Action) } } }, async (request) =>
    respond(request, await (await actions(request)).get(request.params.id)),
  );

  api.get('/:id/history', { onRequest: readActions, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await (await actions(request)).history(request.params.id)),
  );

  api.patch('/:id', { onRequest: manageActions, schema: { params: IdParams, headers: WriteHeaders, body: ActionUpdate, response: { 200: Envelope(Action) } } }, async (request, reply) =>
    respond(request, await actionWrite(request, reply, 200, (repository) => repository.update(request.params.id, request.body))),
  );

  // Own work: the assignee's moves on its own action (workflow.ts); a manager's moves on any.
  api.post(
    '/:id/status',
    { onRequest: readActions, schema: { params: IdParams, headers: WriteHeaders, body: ActionTransition, response: { 200: Envelope(Action) } } },
    async (request, reply) => respond(request, await actionWrite(request, reply, 200, (repository) => repository.transition(request.params.id, request.body))),
  );

  // Own work: a comment on an action the caller sees (assigned to it, made by it, or any as a manager).
  api.post(
    '/:id/comments',
    { onRequest: readActions, schema: { params: IdParams, headers: WriteHeaders, body: CommentCreate, response: { 201: Envelope(Action) } } },
    async (request, reply) => respond(request, await write(request, reply, 201, ACTIONS_MODULE, async (tx) => (await actions(request, tx)).addComment(request.params.id, request.body))),
  );

  api.delete('/:id', { onRequest: manageActions, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Action) } } }, async (request, reply) =>
    respond(request, await actionWrite(request, reply, 200, (repository) => repository.setDeleted(request.params.id, request.body.baseVersion, true))),
  );

  api.post(
    '/:id/restore',
    { onRequest: manageActions, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Action) } } },
    async (request, reply) =>
      respond(request, await actionWrite(request, reply, 200, (repository) => repository.setDeleted(request.params.id, request.body.baseVersion, false))),
  );
}

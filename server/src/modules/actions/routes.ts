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
import Type, { type TProperties } from 'typebox';
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
import { Actor, HistoryEntry, LIST_LIMIT_MAX, Uuid, VersionBody } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { districtMembers, type RecordScope } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { actionsCsv } from './csv.js';
import { PlansRepository } from './plans.js';
import { ActionsRepository } from './repository.js';
import { ActionTemplatesRepository } from './templates.js';

const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
/** A list's query string as it arrives (strings only): `limit` checked as digits here, as a number in the handler. */
const withLimit = <P extends TProperties>(properties: P) =>
  Type.Object({ ...properties, limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) }, { additionalProperties: false });
const ListQuerystring = withLimit(ActionListQuery.properties);
const PlanQuerystring = withLimit(PlanListQuery.properties);
const TemplateQuerystring = withLimit(ActionTemplateListQuery.properties);
const { cursor: _cursor, limit: _limit, ...exportProperties } = ActionListQuery.properties;
const ExportQuerystring = Type.Object(exportProperties, { additionalProperties: false });
/** Rows of one CSV export at most: years of a large district's actions. */
export const EXPORT_MAX = 50_000;

/** `limit` of a list's query string as a number (400 out of range). */
function listQuery<Q extends { limit?: string }>(query: Q): Omit<Q, 'limit'> & { limit?: number } {
  const { limit, ...rest } = query;
  const size = limit === undefined ? undefined : Number(limit);
  if (size !== undefined && (size < 1 || size > LIST_LIMIT_MAX)) throw ApiError.badRequest('validation.invalid_request', 'querystring/limit out of range');
  return { ...rest, ...(size !== undefined ? { limit: size } : {}) };
}

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
    const auth = requireAuth(request);
    const powers = actionPowers(await rightsOf(request));
    return { scope: { db: tx ?? auth.db, control: ctx.databases.control, districtId: auth.districtId, actor: { id: auth.accountId } }, powers };
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

  // ---------------------------------------------------------------- plans

  api.get('/plans', { onRequest: readPlans, schema: { querystring: PlanQuerystring, response: { 200: Envelope(PlanPage) } } }, async (request) =>
    respond(request, await (await plans(request)).list(listQuery(request.query))),
  );

  api.post('/plans', { onRequest: managePlans, schema: { headers: WriteHeaders, body: PlanCreate, response: { 201: Envelope(Plan) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 201, PLANS_MODULE, async (tx) => (await plans(request, tx)).create(request.body))),
  );

  api.get('/plans/:id', { onRequest: readPlans, schema: { params: IdParams, response: { 200: Envelope(Plan) } } }, async (request) =>
    respond(request, await (await plans(request)).get(request.params.id)),
  );

  api.get('/plans/:id/history', { onRequest: readPlans, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await (await plans(request)).history(request.params.id)),
  );

  api.patch('/plans/:id', { onRequest: managePlans, schema: { params: IdParams, headers: WriteHeaders, body: PlanUpdate, response: { 200: Envelope(Plan) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 200, PLANS_MODULE, async (tx) => (await plans(request, tx)).update(request.params.id, request.body))),
  );

  api.delete('/plans/:id', { onRequest: managePlans, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Plan) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 200, PLANS_MODULE, async (tx) => (await plans(request, tx)).setDeleted(request.params.id, request.body.baseVersion, true))),
  );

  api.post(
    '/plans/:id/restore',
    { onRequest: managePlans, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(Plan) } } },
    async (request, reply) =>
      respond(request, await write(request, reply, 200, PLANS_MODULE, async (tx) => (await plans(request, tx)).setDeleted(request.params.id, request.body.baseVersion, false))),
  );

  // ---------------------------------------------------------------- templates

  api.get('/templates', { onRequest: readTemplates, schema: { querystring: TemplateQuerystring, response: { 200: Envelope(ActionTemplatePage) } } }, async (request) =>
    respond(request, await (await templates(request)).list(listQuery(request.query))),
  );

  api.post('/templates', { onRequest: manageTemplates, schema: { headers: WriteHeaders, body: ActionTemplateCreate, response: { 201: Envelope(ActionTemplate) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 201, ACTION_TEMPLATES_MODULE, async (tx) => (await templates(request, tx)).create(request.body))),
  );

  api.get('/templates/:id', { onRequest: readTemplates, schema: { params: IdParams, response: { 200: Envelope(ActionTemplate) } } }, async (request) =>
    respond(request, await (await templates(request)).get(request.params.id)),
  );

  api.get('/templates/:id/history', { onRequest: readTemplates, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await (await templates(request)).history(request.params.id)),
  );

  api.patch(
    '/templates/:id',
    { onRequest: manageTemplates, schema: { params: IdParams, headers: WriteHeaders, body: ActionTemplateUpdate, response: { 200: Envelope(ActionTemplate) } } },
    async (request, reply) =>
      respond(request, await write(request, reply, 200, ACTION_TEMPLATES_MODULE, async (tx) => (await templates(request, tx)).update(request.params.id, request.body))),
  );

  api.delete(
    '/templates/:id',
    { onRequest: manageTemplates, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(ActionTemplate) } } },
    async (request, reply) =>
      respond(
        request,
        await write(request, reply, 200, ACTION_TEMPLATES_MODULE, async (tx) => (await templates(request, tx)).setDeleted(request.params.id, request.body.baseVersion, true)),
      ),
  );

  api.post(
    '/templates/:id/restore',
    { onRequest: manageTemplates, schema: { params: IdParams, headers: WriteHeaders, body: VersionBody, response: { 200: Envelope(ActionTemplate) } } },
    async (request, reply) =>
      respond(
        request,
        await write(request, reply, 200, ACTION_TEMPLATES_MODULE, async (tx) => (await templates(request, tx)).setDeleted(request.params.id, request.body.baseVersion, false)),
      ),
  );

  // ---------------------------------------------------------------- actions

  // Overdue first, then by due date, unless sorted otherwise: the caller's own, or all as a manager.
  api.get('/', { onRequest: readActions, schema: { querystring: ListQuerystring, response: { 200: Envelope(ActionPage) } } }, async (request) =>
    respond(request, await (await actions(request)).list(listQuery(request.query))),
  );

  api.get('/export.csv', { onRequest: readActions, schema: { querystring: ExportQuerystring, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
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

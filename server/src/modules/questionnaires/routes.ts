/**
 * The Questionnaires routes (/api/questionnaires, the contract of
 * common/modules/questionnaires/schemas.ts). Each route is guarded by any one of the features
 * it serves (both families share the routes); the repository then holds the caller to the
 * family of the record (`questionnairePowers`, the same `can()`): a record of a family it may
 * not see is a 404, a write it may not make a 403 naming the family's feature.
 *
 * Own work (docs/rights.md; listed in server/test/write-rights.test.ts): a filler starts an
 * inspection, sends its progress and submits it with its family's read right; planning one for
 * someone else, deleting one and building templates need manage rights. Writes run in one
 * transaction with their Idempotency-Key and tell the district's sockets `records:changed`
 * once committed.
 *
 * Share links of a report (shares.ts; the public download is shared-routes.ts): whoever may read
 * the report (the repository's read rule, behind either family's read right) creates, lists and
 * revokes them. The create answers the token once: the write's stored answer (an idempotent
 * replay's) has none, only its hash is kept.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { ACTIONS_MODULE } from '../../../../common/modules/actions/schemas.js';
import type { InspectionFollowUp } from '../actions/repository.js';
import { questionnairePowers } from '../../../../common/modules/questionnaires/access.js';
import {
  Family,
  Inspection,
  InspectionCreate,
  InspectionListQuery,
  InspectionPage,
  InspectionSubmit,
  InspectionUpdate,
  ReportShare,
  ReportShareCreate,
  ReportShareCreated,
  ReportShareMailCreate,
  ReportShareParams,
  SHARE_MAIL_RATE_LIMIT,
  Schedule,
  ScheduleCreate,
  ScheduleUpdate,
  Template,
  TemplateCreate,
  TemplateSummary,
  TemplateUpdate,
  type InspectionListQuery as InspectionListQueryType,
} from '../../../../common/modules/questionnaires/schemas.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { Actor, HistoryEntry, LIST_LIMIT_MAX, Uuid } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { RATE_LIMIT_WINDOW_MS } from '../../plugins/rate-limit.js';
import { respond } from '../../plugins/respond.js';
import { requireAnyCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged } from '../_platform/events.js';
import { deleteRestoreRoutes, sessionScope } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { inspectionsCsv } from './csv.js';
import { sendReportPdf } from './report-file.js';
import { QUESTIONNAIRES_MODULE, QuestionnairesRepository, TEMPLATES_HISTORY } from './repository.js';
import { clientIdOf } from '../_platform/tokens.js';
import { SCHEDULES_HISTORY, SchedulesRepository } from './schedules.js';
import { ReportSharesRepository, SHARES_MODULE } from './shares.js';

const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const TemplateQuery = Type.Object({ version: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })) }, { additionalProperties: false });
/** `?deleted=true`: the deleted records of a list instead of the live ones. */
const DeletedFlag = Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')]));
const TemplatesQuery = Type.Object({ family: Type.Optional(Family), deleted: DeletedFlag }, { additionalProperties: false });
const SchedulesQuery = Type.Object({ deleted: DeletedFlag }, { additionalProperties: false });
/** The query string as it arrives (strings only): `limit` checked as digits here, as a number in the handler. */
const ListQuerystring = Type.Object(
  { ...InspectionListQuery.properties, limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) },
  { additionalProperties: false },
);
const { cursor: _cursor, limit: _limit, ...exportProperties } = InspectionListQuery.properties;
const ExportQuerystring = Type.Object(exportProperties, { additionalProperties: false });
/** Rows of one CSV export at most: years of a large district's inspections. */
export const EXPORT_MAX = 50_000;

export async function questionnairesRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  // Any one of the module's features; the repository holds the caller to the record's family.
  const readAny = requireAnyCan(
    { feature: 'questionnaires', action: 'read' },
    { feature: 'questionnaireTemplates', action: 'read' },
    { feature: 'securesphere', action: 'read' },
    { feature: 'securesphereTemplates', action: 'read' },
  );
  const fill = requireAnyCan({ feature: 'questionnaires', action: 'read' }, { feature: 'securesphere', action: 'read' });
  const manageInspections = requireAnyCan({ feature: 'questionnaires', action: 'manage' }, { feature: 'securesphere', action: 'manage' });
  const buildTemplates = requireAnyCan({ feature: 'questionnaireTemplates', action: 'manage' }, { feature: 'securesphereTemplates', action: 'manage' });

  const scopeOf = async (request: FastifyRequest, tx?: Queryable) => {
    const powers = questionnairePowers(await rightsOf(request));
    return { scope: sessionScope(ctx, request, tx), powers };
  };
  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new QuestionnairesRepository(scope, powers);
  };
  const schedules = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new SchedulesRepository(scope, powers);
  };
  const changed =
    (request: FastifyRequest, module: string = QUESTIONNAIRES_MODULE) =>
    (record: { id: string; version: number }) => {
      const auth = requireAuth(request);
      emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module, id: record.id, version: record.version });
    };
  /** A write in one transaction with its Idempotency-Key, announced once committed. */
  const write = <T extends { id: string; version: number }>(
    request: FastifyRequest,
    reply: Parameters<typeof idempotentWrite>[1],
    statusCode: 200 | 201,
    run: (repo: QuestionnairesRepository) => Promise<T>,
    module?: string,
  ) => idempotentWrite(request, reply, async (tx) => ({ statusCode, data: await run(await repository(request, tx)) }), changed(request, module));

  // The start screen's site picker: any filler of either family.
  siteChoicesRoute(app, fill);

  // ---------------------------------------------------------------- templates

  api.get('/templates', { onRequest: readAny, schema: { querystring: TemplatesQuery, response: { 200: Envelope(Type.Array(TemplateSummary)) } } }, async (request) => {
    const { family, deleted } = request.query;
    return respond(request, await (await repository(request)).listTemplates({ ...(family ? { family } : {}), deleted: deleted === 'true' }));
  });

  api.post('/templates', { onRequest: buildTemplates, schema: { headers: WriteHeaders, body: TemplateCreate, response: { 201: Envelope(Template) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 201, (repo) => repo.createTemplate(request.body), TEMPLATES_HISTORY)),
  );

  api.get('/templates/:id', { onRequest: readAny, schema: { params: IdParams, querystring: TemplateQuery, response: { 200: Envelope(Template) } } }, async (request) => {
    const version = request.query.version === undefined ? undefined : Number(request.query.version);
    return respond(request, await (await repository(request)).getTemplate(request.params.id, version));
  });

  api.get('/templates/:id/history', { onRequest: readAny, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await (await repository(request)).templateHistory(request.params.id)),
  );

  api.patch(
    '/templates/:id',
    { onRequest: buildTemplates, schema: { params: IdParams, headers: WriteHeaders, body: TemplateUpdate, response: { 200: Envelope(Template) } } },
    async (request, reply) => respond(request, await write(request, reply, 200, (repo) => repo.updateTemplate(request.params.id, request.body), TEMPLATES_HISTORY)),
  );

  deleteRestoreRoutes(app, ctx, {
    path: '/templates',
    manage: buildTemplates,
    record: Template,
    module: TEMPLATES_HISTORY,
    repository,
    setDeleted: (repo, id, baseVersion, deleted) => repo.setTemplateDeleted(id, baseVersion, deleted),
  });

  // ---------------------------------------------------------------- schedules (managers of the template's family)

  api.get('/schedules', { onRequest: manageInspections, schema: { querystring: SchedulesQuery, response: { 200: Envelope(Type.Array(Schedule)) } } }, async (request) =>
    respond(request, await (await schedules(request)).list({ deleted: request.query.deleted === 'true' })),
  );

  // The planners' people picker (a schedule's people, a planned inspection's assignee): the district's members.
  api.get('/members', { onRequest: manageInspections, schema: { response: { 200: Envelope(Type.Array(Actor)) } } }, async (request) =>
    respond(request, await (await schedules(request)).members()),
  );

  const scheduleWrite = <T extends { id: string; version: number }>(request: FastifyRequest, reply: Parameters<typeof idempotentWrite>[1], statusCode: 200 | 201, run: (repo: SchedulesRepository) => Promise<T>) =>
    idempotentWrite(request, reply, async (tx) => ({ statusCode, data: await run(await schedules(request, tx)) }), changed(request, SCHEDULES_HISTORY));

  api.post('/schedules', { onRequest: manageInspections, schema: { headers: WriteHeaders, body: ScheduleCreate, response: { 201: Envelope(Schedule) } } }, async (request, reply) =>
    respond(request, await scheduleWrite(request, reply, 201, (repo) => repo.create(request.body))),
  );

  api.get('/schedules/:id', { onRequest: manageInspections, schema: { params: IdParams, response: { 200: Envelope(Schedule) } } }, async (request) =>
    respond(request, await (await schedules(request)).get(request.params.id)),
  );

  api.patch(
    '/schedules/:id',
    { onRequest: manageInspections, schema: { params: IdParams, headers: WriteHeaders, body: ScheduleUpdate, response: { 200: Envelope(Schedule) } } },
    async (request, reply) => respond(request, await scheduleWrite(request, reply, 200, (repo) => repo.update(request.params.id, request.body))),
  );

  deleteRestoreRoutes(app, ctx, {
    path: '/schedules',
    manage: manageInspections,
    record: Schedule,
    module: SCHEDULES_HISTORY,
    repository: schedules,
    setDeleted: (repo, id, baseVersion, deleted) => repo.setDeleted(id, baseVersion, deleted),
  });

  // ---------------------------------------------------------------- inspections

  api.get('/inspections', { onRequest: fill, schema: { querystring: ListQuerystring, response: { 200: Envelope(InspectionPage) } } }, async (request) => {
    const { limit, ...rest } = request.query;
    const size = limit === undefined ? undefined : Number(limit);
    if (size !== undefined && (size < 1 || size > LIST_LIMIT_MAX)) throw ApiError.badRequest('validation.invalid_request', 'querystring/limit out of range');
    const query: InspectionListQueryType = { ...rest, ...(size !== undefined ? { limit: size } : {}) };
    return respond(request, await (await repository(request)).list(query));
  });

  // The filtered list as CSV (what the caller sees: its own, or everyone's in the families it manages).
  api.get('/inspections/export.csv', { onRequest: fill, schema: { querystring: ExportQuerystring, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const page = await (await repository(request)).list({ ...request.query, limit: EXPORT_MAX });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="inspections-${day}.csv"`)
      .send(inspectionsCsv(page.items, ctx.config.publicUrl));
  });

  // Own work: a filler starts its own (planning one for someone else needs the manage right: checked by the repository).
  api.post('/inspections', { onRequest: fill, schema: { headers: WriteHeaders, body: InspectionCreate, response: { 201: Envelope(Inspection) } } }, async (request, reply) =>
    respond(request, await write(request, reply, 201, (repo) => repo.create(request.body))),
  );

  api.get('/inspections/:id', { onRequest: fill, schema: { params: IdParams, response: { 200: Envelope(Inspection) } } }, async (request) =>
    respond(request, await (await repository(request)).get(request.params.id)),
  );

  // The report printed (print.ts), in the request's language; its images read from the storage, downscaled.
  api.get('/inspections/:id/report.pdf', { onRequest: fill, schema: { params: IdParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const inspection = await (await repository(request)).get(request.params.id);
    return sendReportPdf(request, reply, { db: auth.db, districtId: auth.districtId, storage: ctx.storage, inspection });
  });

  api.get('/inspections/:id/history', { onRequest: fill, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await (await repository(request)).history(request.params.id)),
  );

  // Own work: the assignee's progress; a manager's planning (assignee, due time) is checked by the repository.
  api.patch(
    '/inspections/:id',
    { onRequest: fill, schema: { params: IdParams, headers: WriteHeaders, body: InspectionUpdate, response: { 200: Envelope(Inspection) } } },
    async (request, reply) => respond(request, await write(request, reply, 200, (repo) => repo.update(request.params.id, request.body))),
  );

  // Own work: the assignee submits; it is locked and hashed, and its failed items' action drafts become actions.
  api.post(
    '/inspections/:id/submit',
    { onRequest: fill, schema: { params: IdParams, headers: WriteHeaders, body: InspectionSubmit, response: { 200: Envelope(Inspection) } } },
    async (request, reply) => {
      let followUp: InspectionFollowUp = { actions: [], assignees: [] };
      const inspection = await idempotentWrite(
        request,
        reply,
        async (tx) => {
          const repo = await repository(request, tx);
          const data = await repo.submit(request.params.id, request.body);
          followUp = repo.followUp;
          return { statusCode: 200, data };
        },
        (record) => {
          changed(request)(record);
          for (const action of followUp.actions) changed(request, ACTIONS_MODULE)(action);
          // The new actions' assignees see them in their workflow badge at once (their cached envelope).
          const auth = requireAuth(request);
          for (const accountId of followUp.assignees) ctx.tenantCache.invalidate({ kind: 'member', db: auth.clientDb, districtId: auth.districtId, accountId });
        },
      );
      return respond(request, inspection);
    },
  );

  deleteRestoreRoutes(app, ctx, {
    path: '/inspections',
    manage: manageInspections,
    record: Inspection,
    module: QUESTIONNAIRES_MODULE,
    repository,
    setDeleted: (repo, id, baseVersion, deleted) => repo.setDeleted(id, baseVersion, deleted),
  });

  // ---------------------------------------------------------------- report share links

  const shares = async (request: FastifyRequest, tx?: Queryable) => {
    const { scope, powers } = await scopeOf(request, tx);
    return new ReportSharesRepository(scope, new QuestionnairesRepository(scope, powers));
  };
  /** Open apps refetch the inspection's links (its record is unchanged: no version). */
  const sharesChanged = (request: FastifyRequest) => (share: ReportShare) => {
    const auth = requireAuth(request);
    emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module: SHARES_MODULE, id: share.inspectionId, version: null });
  };

  api.get('/inspections/:id/shares', { onRequest: fill, schema: { params: IdParams, response: { 200: Envelope(Type.Array(ReportShare)) } } }, async (request) =>
    respond(request, await (await shares(request)).list(request.params.id)),
  );

  // Whoever may read the report shares it (docs/rights.md); the token is in this answer only.
  api.post(
    '/inspections/:id/shares',
    { onRequest: fill, schema: { params: IdParams, headers: WriteHeaders, body: ReportShareCreate, response: { 201: Envelope(ReportShareCreated) } } },
    async (request, reply) => {
      const auth = requireAuth(request);
      const clientId = await clientIdOf(ctx.databases.control, auth.clientDb);
      const issued: { token?: string; path?: string } = {};
      const share = await idempotentWrite(
        request,
        reply,
        async (tx) => {
          const { token, path, ...made } = await (await shares(request, tx)).create(request.params.id, request.body.expiresInDays, clientId);
          if (token !== null && path !== null) Object.assign(issued, { token, path });
          // What the Idempotency-Key keeps (a replay's answer): no token, which is never stored.
          return { statusCode: 201, data: { ...made, token: null, path: null } };
        },
        sharesChanged(request),
      );
      return respond(request, { ...share, token: issued.token ?? null, path: issued.path ?? null });
    },
  );

  // A link just made, sent by e-mail by whoever holds it (its token); a tighter limit of its own: each one mails up to 10 people.
  api.post(
    '/inspections/:id/shares/:shareId/mails',
    {
      onRequest: fill,
      config: { rateLimit: { max: Math.min(SHARE_MAIL_RATE_LIMIT, ctx.config.rateLimitPerMinute), timeWindow: RATE_LIMIT_WINDOW_MS } },
      schema: { params: ReportShareParams, headers: WriteHeaders, body: ReportShareMailCreate, response: { 201: Envelope(ReportShare) } },
    },
    async (request, reply) =>
      respond(
        request,
        await idempotentWrite(
          request,
          reply,
          async (tx) => ({
            statusCode: 201,
            data: await (await shares(request, tx)).mail(request.params.id, request.params.shareId, request.body, (path) => `${ctx.config.publicUrl}${path}`),
          }),
          sharesChanged(request),
        ),
      ),
  );

  api.delete(
    '/inspections/:id/shares/:shareId',
    { onRequest: fill, schema: { params: ReportShareParams, headers: WriteHeaders, response: { 200: Envelope(ReportShare) } } },
    async (request, reply) =>
      respond(
        request,
        await idempotentWrite(request, reply, async (tx) => ({ statusCode: 200, data: await (await shares(request, tx)).revoke(request.params.id, request.params.shareId) }), sharesChanged(request)),
      ),
  );
}

/**
 * The Declarations routes (/api/declarations, the contract of
 * common/modules/declarations/schemas.ts). Reads need `can(rights, 'declarations', 'read')`.
 * Writes need 'manage', except a field user's own work (docs/rights.md, "Own work"; listed in
 * server/test/write-rights.test.ts): reporting a declaration, commenting one, and editing one's
 * own while it is new and unassigned (the repository checks the ownership, with the caller's
 * manage right as `manager`). Handlers validate (the schemas), build the session's repository
 * and answer in the envelope: no SQL here. Writes run in one transaction with their
 * Idempotency-Key; once committed they tell the district's sockets `records:changed`, and a
 * new declaration or a status change rings the bells it concerns (its notifications and
 * e-mails are written in the write's own transaction, so a replay rings nothing twice).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { can } from '../../../../common/rights.js';
import {
  CommentCreate,
  Declaration,
  DeclarationCreate,
  DeclarationListQuery,
  DeclarationPage,
  DeclarationUpdate,
  StatusChange,
  Template,
  TemplateCreate,
  TemplateUpdate,
  type DeclarationListQuery as DeclarationListQueryType,
} from '../../../../common/modules/declarations/schemas.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { Actor, HistoryEntry, LIST_LIMIT_MAX, LockCheck, Uuid } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { findAttachment, printableImage } from '../../attachments/index.js';
import { ApiError } from '../../lib/errors.js';
import type { RecordedNotification } from '../../notifications/notifier.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { emitRecordChanged, onRecordChanged } from '../_platform/events.js';
import { CountCache, PageCache } from '../_platform/list.js';
import { deleteRestoreRoutes, sessionScope } from '../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { siteChoicesRoute } from '../_platform/site-choices.js';
import { toCsv } from './csv.js';
import { declarationPdf, printFileName, printLanguage } from './print.js';
import { declarationNotices, statusChangeHandler } from './notices.js';
import { DECLARATIONS_MODULE, DeclarationsRepository, TEMPLATES_HISTORY, type DeclarationsCaches } from './repository.js';

const IdParams = Type.Object({ id: Uuid }, { additionalProperties: false });
const TemplateQuery = Type.Object({ version: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })) }, { additionalProperties: false });
const TemplatesQuery = Type.Object({ deleted: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])) }, { additionalProperties: false });
/** The query string as it arrives (strings only): `limit` checked as digits here, as a number in the handler. */
const ListQuerystring = Type.Object(
  { ...DeclarationListQuery.properties, limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) },
  { additionalProperties: false },
);
const { cursor: _cursor, limit: _limit, ...exportProperties } = DeclarationListQuery.properties;
const ExportQuerystring = Type.Object(exportProperties, { additionalProperties: false });
/** Rows of one CSV export at most: a year of a large district's declarations. */
export const EXPORT_MAX = 50_000;

export async function declarationsRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.addHook('onRequest', app.authenticate);
  const read = requireCan('declarations', 'read');
  const manage = requireCan('declarations', 'manage');

  const caches: DeclarationsCaches = { counts: new CountCache(), pages: ctx.databases.embedded ? new PageCache() : null };
  const repository = (request: FastifyRequest, tx?: Queryable) => {
    return new DeclarationsRepository(sessionScope(ctx, request, tx), caches);
  };
  const stopListening = onRecordChanged((clientDb, districtId, change) => {
    // A template's rename shows in the list rows too.
    if (change.module !== DECLARATIONS_MODULE && change.module !== TEMPLATES_HISTORY) return;
    caches.counts.invalidate(clientDb, districtId);
    caches.pages?.invalidate(clientDb, districtId);
  });
  app.addHook('onClose', async () => {
    stopListening();
  });
  const changed =
    (request: FastifyRequest, module: string = DECLARATIONS_MODULE) =>
    (record: { id: string; version: number }) => {
      const auth = requireAuth(request);
      emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, { module, id: record.id, version: record.version });
    };
  const isManager = async (request: FastifyRequest) => can(await rightsOf(request), 'declarations', 'manage');

  const { notify, announce } = declarationNotices(ctx);

  // ---------------------------------------------------------------- templates (static paths first)

  // The reporter's site picker: nearest first (the device's position) or by name.
  siteChoicesRoute(app, read);

  // Managers: the closed declarations' hash chain checked (what changed after its lock).
  api.get('/locks', { onRequest: manage, schema: { response: { 200: Envelope(LockCheck) } } }, async (request) => respond(request, await repository(request).verifyLocks()));

  // The managers' pickers (a template's recipients, an assignee): the district's members.
  api.get('/members', { onRequest: manage, schema: { response: { 200: Envelope(Type.Array(Actor)) } } }, async (request) =>
    respond(request, await repository(request).members()),
  );


  api.get('/templates', { onRequest: read, schema: { querystring: TemplatesQuery, response: { 200: Envelope(Type.Array(Template)) } } }, async (request) => {
    const deleted = request.query.deleted === 'true';
    if (deleted && !(await isManager(request))) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: ['declarations'] });
    return respond(request, await repository(request).listTemplates(deleted));
  });

  api.post('/templates', { onRequest: manage, schema: { headers: WriteHeaders, body: TemplateCreate, response: { 201: Envelope(Template) } } }, async (request, reply) => {
    const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 201, data: await repository(request, tx).createTemplate(request.body) }), changed(request, TEMPLATES_HISTORY));
    return respond(request, data);
  });

  api.get('/templates/:id', { onRequest: read, schema: { params: IdParams, querystring: TemplateQuery, response: { 200: Envelope(Template) } } }, async (request) => {
    const version = request.query.version === undefined ? undefined : Number(request.query.version);
    return respond(request, await repository(request).getTemplate(request.params.id, version));
  });

  api.get('/templates/:id/history', { onRequest: read, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await repository(request).templateHistory(request.params.id)),
  );

  api.patch(
    '/templates/:id',
    { onRequest: manage, schema: { params: IdParams, headers: WriteHeaders, body: TemplateUpdate, response: { 200: Envelope(Template) } } },
    async (request, reply) => {
      const data = await idempotentWrite(
        request,
        reply,
        async (tx) => ({ statusCode: 200, data: await repository(request, tx).updateTemplate(request.params.id, request.body) }),
        changed(request, TEMPLATES_HISTORY),
      );
      return respond(request, data);
    },
  );

  deleteRestoreRoutes(app, ctx, {
    path: '/templates',
    manage,
    record: Template,
    module: TEMPLATES_HISTORY,
    repository,
    setDeleted: (repo, id, baseVersion, deleted) => repo.setTemplateDeleted(id, baseVersion, deleted),
  });

  // ---------------------------------------------------------------- declarations

  api.get('/', { onRequest: read, schema: { querystring: ListQuerystring, response: { 200: Envelope(DeclarationPage) } } }, async (request) => {
    const { limit, ...rest } = request.query;
    const size = limit === undefined ? undefined : Number(limit);
    if (size !== undefined && (size < 1 || size > LIST_LIMIT_MAX)) throw ApiError.badRequest('validation.invalid_request', 'querystring/limit out of range');
    const query: DeclarationListQueryType = { ...rest, ...(size !== undefined ? { limit: size } : {}) };
    return respond(request, await repository(request).list(query));
  });

  api.get(
    '/export.csv',
    { onRequest: read, schema: { querystring: ExportQuerystring, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const rows = await repository(request).exportRows(request.query, EXPORT_MAX);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="declarations-${day}.csv"`)
        .send(toCsv(rows, ctx.config.publicUrl));
    },
  );

  // Own work: any reader reports (docs/rights.md); the template's members are told.
  api.post('/', { onRequest: read, schema: { headers: WriteHeaders, body: DeclarationCreate, response: { 201: Envelope(Declaration) } } }, async (request, reply) => {
    let rung: RecordedNotification[] = [];
    const data = await idempotentWrite(
      request,
      reply,
      async (tx) => {
        const { declaration, notice } = await repository(request, tx).create(request.body);
        rung = await notify(request, tx, notice);
        return { statusCode: 201, data: declaration };
      },
      (record) => {
        changed(request)(record);
        announce(request, rung);
      },
    );
    return respond(request, data);
  });

  api.get('/:id', { onRequest: read, schema: { params: IdParams, response: { 200: Envelope(Declaration) } } }, async (request) =>
    respond(request, await repository(request).get(request.params.id)),
  );

  // The sheet printed (print.ts), in the request's language; its images read from the storage, downscaled.
  api.get('/:id/print.pdf', { onRequest: read, schema: { params: IdParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const repo = repository(request);
    const declaration = await repo.get(request.params.id);
    const pdf = await declarationPdf({
      declaration,
      history: await repo.history(declaration.id),
      language: printLanguage(request.headers['accept-language']),
      printedAt: new Date(),
      image: async (attachment) => {
        const row = await findAttachment(auth.db, auth.districtId, attachment.id);
        return row ? printableImage(ctx.storage, row) : null;
      },
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${printFileName(declaration)}"`)
      .header('cache-control', 'private, no-store')
      // A Buffer is sent as it is, never serialised: FileBytes (a string) only documents it.
      .send(pdf as unknown as string);
  });

  api.get('/:id/history', { onRequest: read, schema: { params: IdParams, response: { 200: Envelope(Type.Array(HistoryEntry)) } } }, async (request) =>
    respond(request, await repository(request).history(request.params.id)),
  );

  // Own work: the author edits its own while new and unassigned (checked by the repository); managers any.
  api.patch(
    '/:id',
    { onRequest: read, schema: { params: IdParams, headers: WriteHeaders, body: DeclarationUpdate, response: { 200: Envelope(Declaration) } } },
    async (request, reply) => {
      const manager = await isManager(request);
      let rung: RecordedNotification[] = [];
      const data = await idempotentWrite(
        request,
        reply,
        async (tx) => {
          const { declaration, notice } = await repository(request, tx).update(request.params.id, request.body, manager);
          rung = await notify(request, tx, notice);
          return { statusCode: 200, data: declaration };
        },
        (record) => {
          changed(request)(record);
          announce(request, rung);
        },
      );
      return respond(request, data);
    },
  );

  api.post(
    '/:id/status',
    { onRequest: manage, schema: { params: IdParams, headers: WriteHeaders, body: StatusChange, response: { 200: Envelope(Declaration) } } },
    statusChangeHandler(ctx, repository),
  );

  // Own work: anyone who may see a declaration comments it, until it is closed.
  api.post(
    '/:id/comments',
    { onRequest: read, schema: { params: IdParams, headers: WriteHeaders, body: CommentCreate, response: { 201: Envelope(Declaration) } } },
    async (request, reply) => {
      const data = await idempotentWrite(request, reply, async (tx) => ({ statusCode: 201, data: await repository(request, tx).addComment(request.params.id, request.body) }), changed(request));
      return respond(request, data);
    },
  );

  deleteRestoreRoutes(app, ctx, {
    path: '',
    manage,
    record: Declaration,
    module: DECLARATIONS_MODULE,
    repository,
    setDeleted: (repo, id, baseVersion, deleted) => (deleted ? repo.remove(id, baseVersion) : repo.restore(id, baseVersion)),
  });
}


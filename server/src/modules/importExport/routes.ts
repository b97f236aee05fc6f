/**
 * The import/export routes (/api/import-export, common/modules/importExport/schemas.ts):
 *
 * - the catalogue: the exports and imports the caller's rights open;
 * - a list's export as CSV or XLSX, with the list's filters (exports.read and the module's read right);
 * - the district's ZIP (a job; exports.read: a read of the district packed in one file);
 * - an import's dry run and the import itself (a job; imports.create and the module's read right);
 * - the personal data export (a job; every member, their own data only);
 * - a job's state and file, for its owner alone (404 for anyone else; 410 once expired).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { LANGUAGES, type Language } from '../../../../common/constants.js';
import {
  Catalogue,
  DryRunAnswer,
  DryRunBody,
  EXPORT_MAX_ROWS,
  ExportFormat,
  ExportParams,
  IMPORT_MAX_BYTES,
  ImportBody,
  Job,
  JobCreate,
  JobParams,
} from '../../../../common/modules/importExport/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { idempotentWrite } from '../../plugins/idempotency.js';
import { respond } from '../../plugins/respond.js';
import { guardFor, requireAnyCan, requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { enqueueJob, kickJobs, ownJob, ownJobFile, type JobRow } from '../_platform/jobs.js';
import { sessionScope } from '../_platform/record-routes.js';
import { iso, isoOrNull } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { moduleExport, moduleExports, moduleImports, readsRecords, type ModuleExport } from '../_platform/transfer.js';
import { DISTRICT_EXPORT_JOB } from './district.js';
import { exportCsv, exportXlsx, fileDay } from './files.js';
import { IMPORT_JOB, importOr404, planImport, verdictsOf } from './import.js';
import { PERSONAL_EXPORT_JOB } from './personal.js';

export const OWN_JOBS = { session: true, reason: "the caller's own jobs: personal data export, and the state and file of a job they started (owner checked in the query)" } as const;

const ExportQuery = Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 200 }));

const jobOf = (row: JobRow) => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  progress: row.progress,
  errorKey: row.error_key,
  summary: row.summary ?? null,
  file: row.state === 'done' && row.result_name !== null ? { name: row.result_name, size: Number(row.result_size ?? 0), url: `/api/import-export/jobs/${row.id}/file` } : null,
  createdAt: iso(row.created_at),
  finishedAt: isoOrNull(row.finished_at),
  expiresAt: isoOrNull(row.expires_at),
});

const languageOf = (value: string | undefined): Language => ((LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : 'fr');

export async function importExportRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const tags = ['importExport'];
  const readExport = requireCan('export', 'read');
  const createImport = requireCan('import', 'manage');
  const own = guardFor(OWN_JOBS);

  const requireModuleRead = async (request: FastifyRequest, spec: Pick<ModuleExport, 'feature' | 'anyOf'>) => {
    const rights = await rightsOf(request);
    if (!readsRecords(spec, (feature) => can(rights, feature, 'read'))) throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: [spec.feature] });
  };
  const accountLanguage = async (accountId: string): Promise<Language> => {
    const { rows } = await ctx.databases.control.query<{ language: string }>('select language from accounts where id = $1', [accountId]);
    return languageOf(rows[0]?.language);
  };
  /** A job queued in the request's transaction (Idempotency-Key), started once committed. */
  const queue = (request: FastifyRequest, reply: Parameters<typeof idempotentWrite>[1], kind: string, id: string, input: (tx: Queryable) => Promise<unknown>) => {
    const auth = requireAuth(request);
    return idempotentWrite(
      request,
      reply,
      async (tx) => {
        await enqueueJob(tx, { id, kind, districtId: auth.districtId, accountId: auth.accountId, input: await input(tx) });
        return { statusCode: 201, data: jobOf(await ownJob(tx, auth.districtId, auth.accountId, id)) };
      },
      () => kickJobs(ctx, auth.clientDb, request.log),
    );
  };

  app.get(
    '/catalogue',
    { onRequest: requireAnyCan({ feature: 'export', action: 'read' }, { feature: 'import', action: 'read' }), schema: { tags, response: { 200: Envelope(Catalogue) } } },
    async (request) => {
      const rights = await rightsOf(request);
      const exports = can(rights, 'export', 'read') ? moduleExports().filter((e) => readsRecords(e, (feature) => can(rights, feature, 'read'))) : [];
      const imports = can(rights, 'import', 'read') ? moduleImports().filter((i) => readsRecords(i, (feature) => can(rights, feature, 'read'))) : [];
      return respond(request, {
        exports: exports.map((e) => ({ name: e.name, label: { ...e.label }, columns: e.columns.map((c) => ({ key: c.key, label: { ...c.label } })), filters: [...e.filters], lists: [...(e.lists ?? [])] })),
        imports: imports.map((i) => ({
          name: i.name,
          label: { ...i.label },
          fields: i.fields.map((f) => ({ key: f.key, label: { ...f.label }, required: f.required === true, type: f.type, aliases: [...(f.aliases ?? [])] })),
        })),
        canImport: can(rights, 'import', 'manage'),
      });
    },
  );

  app.get(
    '/exports/:name',
    { onRequest: readExport, schema: { tags, params: ExportParams, querystring: ExportQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const spec = moduleExport(request.params.name);
      if (!spec) throw ApiError.notFound('importExport.unknown_export');
      await requireModuleRead(request, spec);
      const { format = 'csv', lang, ...filters } = request.query;
      if (format !== 'csv' && format !== 'xlsx') throw ApiError.badRequest('importExport.bad_format');
      const unknown = Object.keys(filters).find((key) => !spec.filters.includes(key));
      if (unknown) throw ApiError.badRequest('validation.invalid_filter', `querystring/${unknown}`);
      const auth = requireAuth(request);
      const language = languageOf(lang);
      const rows = await spec.rows(auth.db, auth.districtId, filters, EXPORT_MAX_ROWS, ctx.databases.control);
      const name = `${spec.name}-${fileDay()}.${format}`;
      const type: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
      const body = format === 'csv' ? exportCsv(spec, language, rows) : await exportXlsx(spec, language, rows);
      return reply.header('content-type', type[format]).header('content-disposition', `attachment; filename="${name}"`).header('x-content-type-options', 'nosniff').send(body as unknown as string);
    },
  );

  app.post(
    '/district-export',
    { onRequest: readExport, schema: { tags, headers: WriteHeaders, body: JobCreate, response: { 201: Envelope(Job), ...ErrorResponses } } },
    async (request, reply) => {
      const rights = await rightsOf(request);
      const auth = requireAuth(request);
      const exports = moduleExports().filter((e) => readsRecords(e, (feature) => can(rights, feature, 'read'))).map((e) => e.name);
      const language = await accountLanguage(auth.accountId);
      return respond(request, await queue(request, reply, DISTRICT_EXPORT_JOB, request.body.id, async () => ({ exports, language })));
    },
  );

  app.post(
    '/imports/dry-run',
    { onRequest: createImport, bodyLimit: IMPORT_MAX_BYTES, schema: { tags, body: DryRunBody, response: { 200: Envelope(DryRunAnswer), ...ErrorResponses } } },
    async (request) => {
      const spec = importOr404(request.body.module);
      await requireModuleRead(request, spec);
      const scope = sessionScope(ctx, request);
      const plan = await planImport(spec, spec.writer(scope, { clientDb: requireAuth(request).clientDb, publicUrl: ctx.config.publicUrl, afterCommit: [], memberChanged: () => undefined }), scope, request.body.rows);
      return respond(request, verdictsOf(plan));
    },
  );

  app.post(
    '/imports',
    { onRequest: createImport, bodyLimit: IMPORT_MAX_BYTES, schema: { tags, headers: WriteHeaders, body: ImportBody, response: { 201: Envelope(Job), ...ErrorResponses } } },
    async (request, reply) => {
      const { id, module, rows, skipErrors, fileName } = request.body;
      const spec = importOr404(module);
      await requireModuleRead(request, spec);
      const auth = requireAuth(request);
      return respond(request, await queue(request, reply, IMPORT_JOB, id, async () => ({ module, rows, skipErrors, fileName, clientDb: auth.clientDb })));
    },
  );

  app.post('/my-data', { onRequest: own, schema: { tags, headers: WriteHeaders, body: JobCreate, response: { 201: Envelope(Job), ...ErrorResponses } } }, async (request, reply) =>
    respond(request, await queue(request, reply, PERSONAL_EXPORT_JOB, request.body.id, async () => ({}))),
  );

  app.get('/jobs', { onRequest: own, schema: { tags, response: { 200: Envelope(Type.Array(Job)) } } }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ id: string }>('select id from jobs where district_id = $1 and account_id = $2 order by created_at desc limit 20', [auth.districtId, auth.accountId]);
    const jobs = await Promise.all(rows.map((r) => ownJob(auth.db, auth.districtId, auth.accountId, r.id)));
    return respond(request, jobs.map(jobOf));
  });

  app.get('/jobs/:id', { onRequest: own, schema: { tags, params: JobParams, response: { 200: Envelope(Job), ...ErrorResponses } } }, async (request) => {
    const auth = requireAuth(request);
    return respond(request, jobOf(await ownJob(auth.db, auth.districtId, auth.accountId, request.params.id)));
  });

  app.get('/jobs/:id/file', { onRequest: own, schema: { tags, params: JobParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const file = await ownJobFile(auth.db, auth.districtId, auth.accountId, request.params.id);
    return reply
      .header('content-type', file.type)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes) as unknown as string);
  });
}

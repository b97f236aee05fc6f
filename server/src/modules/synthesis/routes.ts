/**
 * The synthesis routes (/api/synthesisBuilder, the contract of common/modules/synthesis/):
 * the sources the modules declare (GET /sources), a table computed from its definition (POST
 * /query: a read, not a write; the body is the definition), the same as CSV (POST /table.csv)
 * and a dashboard printed (POST /dashboard.pdf, fr or en). Every route takes one of the
 * synthesis reading rights (spec section 6); a cell's list address is given only to a reader
 * of that list. The saved tables and dashboards (/tables, /dashboards: ./saved.ts) are record
 * core kinds. Tables are kept per district until a record of the district changes (any
 * module's write: onRecordChanged), on PGlite and PostgreSQL alike for at most CACHE_TTL_MS.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { SynthesisDefinition, SynthesisPdfBody, SynthesisResult, SynthesisSourceInfo, type SynthesisDefinition as Definition } from '../../../../common/modules/synthesis/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { csvDocument } from '../_platform/csv.js';
import { onRecordChanged } from '../_platform/events.js';
import { PageCache } from '../_platform/list.js';
import { printLanguage } from '../_platform/pdf.js';
import { Envelope } from '../_platform/schemas.js';
import { synthesisSources, type SynthesisSource } from '../_platform/synthesis-sources.js';
import { recordRoutes, sessionScope } from '../_platform/record-routes.js';
import type { Queryable } from '../../db/types.js';
import {
  SavedDashboard,
  SavedDashboardCreate,
  SavedDashboardUpdate,
  SavedListQuery,
  SavedTable,
  SavedTableCreate,
  SavedTableUpdate,
} from '../../../../common/modules/synthesis/saved.js';
import { dashboardPdf } from './print.js';
import { runTable } from './query.js';
import { SAVED_MODULES, SavedRepository } from './saved.js';

/** A table kept at most this long (another process's write, on PostgreSQL, shows after it). */
export const CACHE_TTL_MS = 5 * 60_000;

export async function synthesisRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('synthesis', 'read');
  const cache = new PageCache<{ result: SynthesisResult; at: number }>();
  const stop = onRecordChanged((clientDb, districtId) => cache.invalidate(clientDb, districtId));
  app.addHook('onClose', async () => {
    stop();
  });

  /** The table of `definition` for the request's session, from the cache when it is there and fresh. */
  const table = async (request: FastifyRequest, definition: Definition) => {
    const auth = requireAuth(request);
    const rights = await rightsOf(request);
    const canList = (source: SynthesisSource) => source.features.some((feature) => can(rights, feature, 'read'));
    const readable = synthesisSources()
      .filter(canList)
      .map((s) => s.id)
      .join(',');
    // The links depend on the reader's lists: the key holds which ones they read.
    const key = JSON.stringify([definition, readable]);
    const kept = cache.get(auth.clientDb, auth.districtId, key);
    if (kept && Date.now() - kept.at < CACHE_TTL_MS) return kept.result;
    const generation = cache.generation(auth.clientDb, auth.districtId);
    const result = await runTable(auth.db, ctx.databases.control, definition, auth.districtId, canList);
    cache.set(auth.clientDb, auth.districtId, key, { result, at: Date.now() }, generation);
    return result;
  };

  // The saved tables and dashboards (./saved.ts): any synthesis reader writes their own; the
  // record core's routes, the author-or-administrator rule in the kinds' checks.
  const repository = async (request: FastifyRequest, tx?: Queryable) => new SavedRepository(sessionScope(ctx, request, tx), await rightsOf(request));
  const common = { tag: 'synthesis', read, manage: read, repository, store: (repo: SavedRepository) => repo.store };
  recordRoutes(app, ctx, {
    ...common,
    path: '/tables',
    module: SAVED_MODULES.tables,
    schemas: { record: SavedTable, create: SavedTableCreate, update: SavedTableUpdate, listQuery: SavedListQuery, listAnswer: Type.Array(SavedTable) },
    kind: (repo) => repo.tables,
    list: (repo, query) => repo.listTables(query.deleted as 'true' | 'false' | undefined),
  });
  recordRoutes(app, ctx, {
    ...common,
    path: '/dashboards',
    module: SAVED_MODULES.dashboards,
    schemas: { record: SavedDashboard, create: SavedDashboardCreate, update: SavedDashboardUpdate, listQuery: SavedListQuery, listAnswer: Type.Array(SavedDashboard) },
    kind: (repo) => repo.dashboards,
    list: (repo, query) => repo.listDashboards(query.deleted as 'true' | 'false' | undefined),
  });

  app.get('/sources', { onRequest: read, schema: { tags: ['synthesis'], response: { 200: Envelope(Type.Array(SynthesisSourceInfo)) } } }, async (request) =>
    respond(
      request,
      synthesisSources().map((s) => ({
        id: s.id,
        fields: Object.entries(s.dimensions).map(([id, d]) => ({ id, type: d.type, ...(d.values ? { values: [...d.values] } : {}) })),
        measures: Object.entries(s.measures).map(([id, m]) => ({ id, kind: m.kind })),
      })),
    ),
  );

  app.post('/query', { onRequest: read, schema: { tags: ['synthesis'], body: SynthesisDefinition, response: { 200: Envelope(SynthesisResult), ...ErrorResponses } } }, async (request) =>
    respond(request, await table(request, request.body)),
  );

  app.post(
    '/table.csv',
    { onRequest: read, schema: { tags: ['synthesis'], body: SynthesisDefinition, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const result = await table(request, request.body);
      const headers = [...result.groupBy, ...result.measures];
      const rows = result.rows.map((row) => [...row.keys.map((k) => k.label || k.value), ...row.values]);
      rows.push([...result.groupBy.map((_, i) => (i === 0 ? 'Total' : '')), ...result.totals]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="synthese-${result.source}-${result.computedAt.slice(0, 10)}.csv"`)
        .send(csvDocument(headers, rows));
    },
  );

  app.post(
    '/dashboard.pdf',
    { onRequest: read, schema: { tags: ['synthesis'], body: SynthesisPdfBody, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const body = request.body;
      const results = [];
      for (const card of body.cards) results.push(await table(request, card.definition));
      // The filters' names, from the sites' own source (the synthesis reads no other module's table).
      const names: { site?: string; siteType?: string } = {};
      for (const field of ['site', 'siteType'] as const) {
        const id = body.filters[field];
        if (id === undefined || id === '') continue;
        const found = await table(request, { source: 'sites', groupBy: [field], measures: ['count'], filters: [{ field, values: [id] }] });
        const label = found.rows[0]?.keys[0]?.label;
        if (label) names[field] = label;
      }
      const pdf = await dashboardPdf(printLanguage(request.headers['accept-language']), body, results, names, new Date());
      return reply.header('content-type', 'application/pdf').header('content-disposition', 'attachment; filename="synthese.pdf"').send(pdf as unknown as string);
    },
  );
}

/**
 * The catalog part's routes under /api/inventory (common/modules/inventory/catalog.ts):
 * categories, articles and equipment (each kind's seven record routes), the CSV exports of the
 * articles and the equipment, an item's checks (read, record), its status move, and the forms'
 * choices. Either family's right opens them (`inventory` or `inventoryV2`): reading, recording
 * a check and reporting an item out of order take a read right (a field user's own work); every
 * other write a manage right.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Article,
  ArticleCreate,
  ArticleListQuery,
  ArticlePage,
  ArticleUpdate,
  CatalogChoices,
  Category,
  CategoryCreate,
  CategoryUpdate,
  Check,
  CheckCreate,
  DeletedQuery,
  Equipment,
  EquipmentCreate,
  EquipmentInspection,
  EquipmentInspectionStart,
  EquipmentListQuery,
  EquipmentPage,
  EquipmentStatusBody,
  EquipmentUpdate,
} from '../../../../../common/modules/inventory/catalog.js';
import { can } from '../../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../../common/schemas/envelope.js';
import type { Queryable } from '../../../db/types.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { requireAnyCan, rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../../routes/context.js';
import { ExportQuerystring, IdParams, ListQuerystring, listQuery, recordRoutes, sessionScope, writeAndAnnounce } from '../../_platform/record-routes.js';
import { districtMembers } from '../../_platform/records.js';
import { Envelope, WriteHeaders } from '../../_platform/schemas.js';
import { ACTIONS_MODULE } from '../../../../../common/modules/actions/schemas.js';
import { questionnairePowers } from '../../../../../common/modules/questionnaires/access.js';
import { QUESTIONNAIRES_MODULE, QuestionnairesRepository } from '../../questionnaires/repository.js';
import { articleCsv, equipmentCsv } from './csv.js';
import { CATALOG_MODULES, CatalogRepository } from './repository.js';

const CHOICES_MAX = 2000;
export const EXPORT_MAX = 20_000;

export const readInventory = requireAnyCan({ feature: 'inventory', action: 'read' }, { feature: 'inventoryV2', action: 'read' });
/** The pickers' choices also serve the stock's forms (an incoming movement's supplier), so a stock reader reads them too. */
export const readChoices = requireAnyCan({ feature: 'inventory', action: 'read' }, { feature: 'inventoryV2', action: 'read' }, { feature: 'stock', action: 'read' });
export const manageInventory = requireAnyCan({ feature: 'inventory', action: 'manage' }, { feature: 'inventoryV2', action: 'manage' });

export async function catalogRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const read = readInventory;
  const manage = manageInventory;
  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    const rights = await rightsOf(request);
    return new CatalogRepository(sessionScope(ctx, request, tx), can(rights, 'inventory', 'manage') || can(rights, 'inventoryV2', 'manage'));
  };
  const common = { tag: 'inventory', read, manage, repository, store: (repo: CatalogRepository) => repo.store };

  recordRoutes(app, ctx, {
    ...common,
    path: '/categories',
    module: CATALOG_MODULES.categories,
    schemas: { record: Category, create: CategoryCreate, update: CategoryUpdate, listQuery: DeletedQuery, listAnswer: Type.Array(Category) },
    kind: (repo) => repo.categories,
    list: (repo, query) => repo.listCategories(query.deleted as 'true' | 'false' | undefined),
  });

  const csv = (name: string) => `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`;
  app.get(
    '/articles/export.csv',
    { onRequest: read, schema: { tags: ['inventory'], querystring: ExportQuerystring(ArticleListQuery), response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const rows = await (await repository(request)).exportArticles(request.query as Record<string, string | undefined>, EXPORT_MAX);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', csv('articles')).send(articleCsv(rows));
    },
  );

  recordRoutes(app, ctx, {
    ...common,
    path: '/articles',
    module: CATALOG_MODULES.articles,
    schemas: { record: Article, create: ArticleCreate, update: ArticleUpdate, listQuery: ListQuerystring(ArticleListQuery), listAnswer: ArticlePage },
    kind: (repo) => repo.articles,
    list: (repo, query) => repo.listArticles(listQuery(query)),
  });

  app.get(
    '/equipment/export.csv',
    { onRequest: read, schema: { tags: ['inventory'], querystring: ExportQuerystring(EquipmentListQuery), response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const rows = await (await repository(request)).exportEquipment(request.query, EXPORT_MAX);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', csv('equipements')).send(equipmentCsv(rows, ctx.config.publicUrl));
    },
  );

  recordRoutes(app, ctx, {
    ...common,
    path: '/equipment',
    module: CATALOG_MODULES.equipment,
    schemas: { record: Equipment, create: EquipmentCreate, update: EquipmentUpdate, listQuery: ListQuerystring(EquipmentListQuery), listAnswer: EquipmentPage },
    kind: (repo) => repo.equipment,
    list: (repo, query) => repo.listEquipment(listQuery(query) as Parameters<CatalogRepository['listEquipment']>[0]),
    cachePages: true,
  });

  // A field user's report (out of order, with a note) or a manager's move.
  app.post(
    '/equipment/:id/status',
    { onRequest: read, schema: { tags: ['inventory'], params: IdParams, headers: WriteHeaders, body: EquipmentStatusBody, response: { 200: Envelope(Equipment) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (e: Equipment) => [{ module: CATALOG_MODULES.equipment, id: e.id, version: e.version }], async (tx) =>
          (await repository(request, tx)).setStatus(request.params.id, request.body),
        ),
      ),
  );

  app.get('/equipment/:id/checks', { onRequest: read, schema: { tags: ['inventory'], params: IdParams, response: { 200: Envelope(Type.Array(Check)) } } }, async (request) =>
    respond(request, await (await repository(request)).checks(request.params.id)),
  );

  // A check recorded by whoever reads the item (a field user's own work); a failure opens an action.
  app.post(
    '/equipment/:id/checks',
    { onRequest: read, schema: { tags: ['inventory'], params: IdParams, headers: WriteHeaders, body: CheckCreate, response: { 201: Envelope(Check) } } },
    async (request, reply) => {
      const written = await writeAndAnnounce(
        ctx,
        request,
        reply,
        201,
        (r: { check: Check; equipment: Equipment; actionId: string | null }) => [
          { module: CATALOG_MODULES.equipment, id: r.equipment.id, version: r.equipment.version },
          ...(r.actionId ? [{ module: ACTIONS_MODULE, id: r.actionId, version: 1 }] : []),
        ],
        async (tx) => (await repository(request, tx)).recordCheck(request.params.id, request.body),
      );
      return respond(request, written.check);
    },
  );

  // The inspections of the item's category's template started from its sheet (Questionnaires'
  // records: starting one takes the caller's right to fill that template's family there).
  app.get('/equipment/:id/inspections', { onRequest: read, schema: { tags: ['inventory'], params: IdParams, response: { 200: Envelope(Type.Array(EquipmentInspection)) } } }, async (request) =>
    respond(request, await (await repository(request)).equipmentInspections(request.params.id)),
  );
  app.post(
    '/equipment/:id/inspections',
    { onRequest: read, schema: { tags: ['inventory'], params: IdParams, headers: WriteHeaders, body: EquipmentInspectionStart, response: { 201: Envelope(EquipmentInspection), ...ErrorResponses } } },
    async (request, reply) => {
      const powers = questionnairePowers(await rightsOf(request));
      const started = await writeAndAnnounce(
        ctx,
        request,
        reply,
        201,
        (i: EquipmentInspection) => [{ module: QUESTIONNAIRES_MODULE, id: i.id, version: 1 }],
        async (tx) => {
          const questionnaires = new QuestionnairesRepository(sessionScope(ctx, request, tx), powers);
          return (await repository(request, tx)).startInspection(request.params.id, request.body.id, (body) => questionnaires.create(body));
        },
      );
      return respond(request, started);
    },
  );

  // The forms' and filters' choices in one answer, kept on the device for offline work (the
  // catalog's forms and the stock's incoming form).
  app.get('/choices', { onRequest: readChoices, schema: { tags: ['inventory'], response: { 200: Envelope(CatalogChoices) } } }, async (request) => {
    const auth = requireAuth(request);
    const named = (table: string, extra = '') =>
      auth.db.query<{ id: string; name: string }>(`select id, name from ${table} where district_id = $1 and deleted_at is null${extra} order by vigie_fold(name), id limit ${CHOICES_MAX}`, [auth.districtId]);
    const [sites, suppliers, contracts, members] = await Promise.all([
      auth.db.query<{ id: string; name: string; lat: number | null; lng: number | null }>(
        `select id, name, gps_lat as lat, gps_lng as lng from sites where district_id = $1 and deleted_at is null order by vigie_fold(name), id limit ${CHOICES_MAX}`,
        [auth.districtId],
      ),
      named('suppliers', ' and not archived'),
      named('contracts'),
      districtMembers({ db: auth.db, control: ctx.databases.control, districtId: auth.districtId }),
    ]);
    return respond(request, { sites: sites.rows, suppliers: suppliers.rows, contracts: contracts.rows, members });
  });
}

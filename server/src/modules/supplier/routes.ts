/**
 * The Suppliers routes (/api/supplier, the contract of common/modules/supplier/schemas.ts): the
 * trades, the suppliers and their documents (each kind's list, create, read, history, edit,
 * delete and restore, from the platform's record routes), the CSV export of a filtered supplier
 * list, and the district's documents by expiry. Reading takes `supplier.supplier_read`, every
 * write `supplier.admin` (spec section 6).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Supplier,
  SupplierCreate,
  SupplierDocument,
  SupplierDocumentCreate,
  SupplierDocumentListItem,
  SupplierDocumentListQuery,
  SupplierDocumentUpdate,
  SupplierListQuery,
  SupplierPage,
  SupplierUpdate,
  Trade,
  TradeCreate,
  TradeListQuery,
  TradeUpdate,
  type SupplierDocument as SupplierDocumentType,
} from '../../../../common/modules/supplier/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { ExportQuerystring, ListQuerystring, listQuery, recordRoutes, sessionScope } from '../_platform/record-routes.js';
import { supplierCsv } from './csv.js';
import { SUPPLIER_MODULES, SupplierRepository } from './repository.js';

/** Suppliers in one CSV export at most (a large district has a few thousand). */
export const EXPORT_MAX = 20_000;

const ExportQuery = ExportQuerystring(SupplierListQuery);

export async function supplierRoutes(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('supplier', 'read');
  const manage = requireCan('supplier', 'manage');

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    return new SupplierRepository(sessionScope(ctx, request, tx), can(await rightsOf(request), 'supplier', 'manage'));
  };
  const common = { tag: 'supplier', read, manage, repository, store: (repo: SupplierRepository) => repo.store };

  recordRoutes(app, ctx, {
    ...common,
    path: '/trades',
    module: SUPPLIER_MODULES.trades,
    schemas: { record: Trade, create: TradeCreate, update: TradeUpdate, listQuery: TradeListQuery, listAnswer: Type.Array(Trade) },
    kind: (repo) => repo.trades,
    list: (repo, query) => repo.listTrades(query.deleted as 'true' | 'false' | undefined),
  });

  recordRoutes(app, ctx, {
    ...common,
    path: '/suppliers',
    module: SUPPLIER_MODULES.suppliers,
    schemas: { record: Supplier, create: SupplierCreate, update: SupplierUpdate, listQuery: ListQuerystring(SupplierListQuery), listAnswer: SupplierPage },
    kind: (repo) => repo.suppliers,
    list: (repo, query) => repo.listSuppliers(listQuery(query)),
    cachePages: true,
  });

  recordRoutes(app, ctx, {
    ...common,
    path: '/documents',
    module: SUPPLIER_MODULES.documents,
    schemas: { record: SupplierDocument, create: SupplierDocumentCreate, update: SupplierDocumentUpdate, listQuery: SupplierDocumentListQuery, listAnswer: Type.Array(SupplierDocumentListItem) },
    kind: (repo) => repo.documents,
    list: (repo, query) => repo.listDocuments(query),
    // The supplier's sheet lists its documents and shows their worst state.
    alsoChanged: (document: SupplierDocumentType) => [{ module: SUPPLIER_MODULES.suppliers, id: document.supplierId, version: null }],
  });

  app.get(
    '/suppliers/export.csv',
    { onRequest: read, schema: { tags: ['supplier'], querystring: ExportQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const rows = await (await repository(request)).exportSuppliers(request.query as never, EXPORT_MAX);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fournisseurs-${day}.csv"`)
        .send(supplierCsv(rows, ctx.config.publicUrl));
    },
  );
}

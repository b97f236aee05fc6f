/**
 * The stock's routes (/api/inventory/stock, the contract of common/modules/inventory/stock.ts).
 * Every route needs the stock's read right (any `stockManagement.<subject>_read`, or the admin
 * right). Field users' own work is guarded by the read right and checked per subject in the
 * repository: an incoming movement (`incomingStuff_read`), an outgoing one
 * (`outgoingStuff_read`), a loan and its return (`loanStuff_read`), a count's lines
 * (`inventory_read`). Managers' work needs `stockManagement.admin`: areas, minimum and maximum,
 * transfers and adjustments (checked per kind), starting and closing counts, the recap table.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  CountCloseBody,
  CountCreate,
  CountEntryBody,
  Loan,
  LoanCreate,
  LoanQuery,
  LoanReturnBody,
  Movement,
  MovementCreate,
  MovementPage,
  MovementQuery,
  StockArea,
  StockAreaCreate,
  StockAreaListQuery,
  StockAreaUpdate,
  StockArticle,
  StockCount,
  StockLevel,
  StockLevelQuery,
  StockLimitsBody,
  StockRecap,
} from '../../../../../common/modules/inventory/stock.js';
import { ErrorResponses, FileBytes } from '../../../../../common/schemas/envelope.js';
import { Uuid } from '../../../../../common/schemas/platform.js';
import type { Queryable } from '../../../db/types.js';
import { respond } from '../../../plugins/respond.js';
import { requireCan, rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../../routes/context.js';
import { IdParams, recordRoutes, sessionScope, writeAndAnnounce } from '../../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../../_platform/schemas.js';
import { areasCsv, countCsv, levelsCsv, loansCsv, movementsCsv, recapCsv } from './csv.js';
import { STOCK_MODULES, StockRepository } from './repository.js';

const TAG = 'inventory-stock';
/** The ledger's export: the list's filters without its paging, unknown parameters refused. */
const MovementExportQuery = Type.Object({ kind: MovementQuery.properties.kind, areaId: MovementQuery.properties.areaId, articleId: MovementQuery.properties.articleId }, { additionalProperties: false });
const BASE = '/stock';

export async function stockRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const read = requireCan('stock', 'read');
  const manage = requireCan('stock', 'manage');

  const repository = async (request: FastifyRequest, tx?: Queryable) => new StockRepository(sessionScope(ctx, request, tx), await rightsOf(request));
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`).send(body);
  const changed = (module: string, id: string) => [{ module, id, version: 1 }];

  app.get(`${BASE}/areas/export.csv`, { onRequest: read, schema: { tags: [TAG], response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'zones-de-stock', areasCsv(await (await repository(request)).listAreas())),
  );

  recordRoutes(app, ctx, {
    path: `${BASE}/areas`,
    tag: TAG,
    read,
    manage,
    repository,
    module: STOCK_MODULES.areas,
    store: (repo: StockRepository) => repo.store,
    kind: (repo) => repo.areas,
    schemas: { record: StockArea, create: StockAreaCreate, update: StockAreaUpdate, listQuery: StockAreaListQuery, listAnswer: Type.Array(StockArea) },
    list: (repo, query) => repo.listAreas(query.deleted as 'true' | 'false' | undefined),
  });

  app.get(`${BASE}/articles`, { onRequest: read, schema: { tags: [TAG], response: { 200: Envelope(Type.Array(StockArticle)) } } }, async (request) =>
    respond(request, await (await repository(request)).articles()),
  );

  app.get(`${BASE}/levels`, { onRequest: read, schema: { tags: [TAG], querystring: StockLevelQuery, response: { 200: Envelope(Type.Array(StockLevel)) } } }, async (request) =>
    respond(request, await (await repository(request)).levels(request.query)),
  );
  app.get(`${BASE}/levels/export.csv`, { onRequest: read, schema: { tags: [TAG], querystring: StockLevelQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'niveaux-de-stock', levelsCsv(await (await repository(request)).levels(request.query))),
  );
  app.post(
    `${BASE}/limits`,
    { onRequest: manage, schema: { tags: [TAG], headers: WriteHeaders, body: StockLimitsBody, response: { 200: Envelope(StockLevel) } } },
    async (request, reply) =>
      respond(request, await writeAndAnnounce(ctx, request, reply, 200, (l: StockLevel) => changed(STOCK_MODULES.areas, l.areaId), async (tx) => (await repository(request, tx)).setLimits(request.body))),
  );

  app.get(`${BASE}/movements`, { onRequest: read, schema: { tags: [TAG], querystring: MovementQuery, response: { 200: Envelope(MovementPage) } } }, async (request) =>
    respond(request, await (await repository(request)).movements(request.query)),
  );
  app.get(
    `${BASE}/movements/export.csv`,
    { onRequest: read, schema: { tags: [TAG], querystring: MovementExportQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => csv(reply, 'mouvements-de-stock', movementsCsv((await (await repository(request)).movements(request.query, 20_000)).items)),
  );
  app.post(
    `${BASE}/movements`,
    { onRequest: read, schema: { tags: [TAG], headers: WriteHeaders, body: MovementCreate, response: { 201: Envelope(Movement) } } },
    async (request, reply) =>
      respond(request, await writeAndAnnounce(ctx, request, reply, 201, (m: Movement) => changed(STOCK_MODULES.movements, m.id), async (tx) => (await repository(request, tx)).record(request.body))),
  );

  app.get(`${BASE}/loans`, { onRequest: read, schema: { tags: [TAG], querystring: LoanQuery, response: { 200: Envelope(Type.Array(Loan)) } } }, async (request) =>
    respond(request, await (await repository(request)).loans(request.query.state)),
  );
  app.get(`${BASE}/loans/export.csv`, { onRequest: read, schema: { tags: [TAG], querystring: LoanQuery, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'prets', loansCsv(await (await repository(request)).loans(request.query.state))),
  );
  app.post(`${BASE}/loans`, { onRequest: read, schema: { tags: [TAG], headers: WriteHeaders, body: LoanCreate, response: { 201: Envelope(Loan) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 201, (l: Loan) => changed(STOCK_MODULES.loans, l.id), async (tx) => (await repository(request, tx)).lend(request.body))),
  );
  app.post(
    `${BASE}/loans/:id/return`,
    { onRequest: read, schema: { tags: [TAG], params: IdParams, headers: WriteHeaders, body: LoanReturnBody, response: { 200: Envelope(Loan) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (l: Loan) => changed(STOCK_MODULES.loans, l.id), async (tx) => (await repository(request, tx)).returnLoan(request.params.id, request.body)),
      ),
  );

  app.get(`${BASE}/counts`, { onRequest: read, schema: { tags: [TAG], response: { 200: Envelope(Type.Array(StockCount)) } } }, async (request) =>
    respond(request, await (await repository(request)).counts()),
  );
  app.get(`${BASE}/counts/:id`, { onRequest: read, schema: { tags: [TAG], params: IdParams, response: { 200: Envelope(StockCount) } } }, async (request) =>
    respond(request, await (await repository(request)).count(request.params.id)),
  );
  app.get(`${BASE}/counts/:id/export.csv`, { onRequest: read, schema: { tags: [TAG], params: IdParams, response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'comptage', countCsv(await (await repository(request)).count(request.params.id))),
  );
  app.post(`${BASE}/counts`, { onRequest: manage, schema: { tags: [TAG], headers: WriteHeaders, body: CountCreate, response: { 201: Envelope(StockCount) } } }, async (request, reply) =>
    respond(request, await writeAndAnnounce(ctx, request, reply, 201, (c: StockCount) => changed(STOCK_MODULES.counts, c.id), async (tx) => (await repository(request, tx)).startCount(request.body))),
  );
  app.post(
    `${BASE}/counts/:id/entries`,
    {
      onRequest: read,
      schema: {
        tags: [TAG],
        params: IdParams,
        headers: WriteHeaders,
        body: CountEntryBody,
        response: { 201: Envelope(Type.Object({ id: Uuid, countId: Uuid, articleId: Uuid, delta: Type.Number(), counted: Type.Number() })) },
      },
    },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 201, (e: { countId: string }) => changed(STOCK_MODULES.counts, e.countId), async (tx) =>
          (await repository(request, tx)).addEntry(request.params.id, request.body),
        ),
      ),
  );
  app.post(
    `${BASE}/counts/:id/close`,
    { onRequest: manage, schema: { tags: [TAG], params: IdParams, headers: WriteHeaders, body: CountCloseBody, response: { 200: Envelope(StockCount) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (c: StockCount) => changed(STOCK_MODULES.counts, c.id), async (tx) => (await repository(request, tx)).closeCount(request.params.id, request.body)),
      ),
  );

  app.get(`${BASE}/recap`, { onRequest: manage, schema: { tags: [TAG], response: { 200: Envelope(StockRecap) } } }, async (request) =>
    respond(request, await (await repository(request)).recap()),
  );
  app.get(`${BASE}/recap/export.csv`, { onRequest: manage, schema: { tags: [TAG], response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'tableau-recapitulatif-stock', recapCsv(await (await repository(request)).recap())),
  );
}

/**
 * The Contracts routes (/api/contract, the contract of common/modules/contract/schemas.ts): the
 * templates and the contracts (each kind's list, create, read, history, edit, delete and restore,
 * from the platform's record routes), a manager's status move with its reason, the printed
 * contract (PDF, fr or en), the CSV export of a filtered list, and the district's members (the
 * manager's picker). Reading contracts takes `contract.contract_read`, templates
 * `contract.contractTemplate_read` (either read right of the manifest), every write
 * `contract.admin` (spec section 6).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  Contract,
  ContractCreate,
  ContractListQuery,
  ContractPage,
  ContractPdfQuery,
  ContractStatusBody,
  ContractTemplate,
  ContractTemplateCreate,
  ContractTemplateListQuery,
  ContractTemplateUpdate,
  ContractUpdate,
  ContractChoices,
  type ContractCreate as ContractCreateType,
  type ContractFields,
} from '../../../../common/modules/contract/schemas.js';
import { can } from '../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../common/schemas/envelope.js';
import type { Queryable } from '../../db/types.js';
import { requireAuth } from '../../plugins/auth.js';
import { respond } from '../../plugins/respond.js';
import { requireCan, rightsOf } from '../../plugins/rights.js';
import type { RouteContext } from '../../routes/context.js';
import { ExportQuerystring, IdParams, ListQuerystring, listQuery, recordRoutes, writeAndAnnounce, sessionScope } from '../_platform/record-routes.js';
import { districtMembers } from '../_platform/records.js';
import { Envelope, WriteHeaders } from '../_platform/schemas.js';
import { contractCsv } from './csv.js';
import { contractFileName, contractPdf } from './print.js';
import { CONTRACT_MODULES, ContractRepository } from './repository.js';

/** Suppliers and sites in the form's choices at most. */
const CHOICES_MAX = 2000;

/** Contracts in one CSV export at most. */
export const EXPORT_MAX = 20_000;

const ExportQuery = ExportQuerystring(ContractListQuery);

export async function contractRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('contract', 'read');
  const manage = requireCan('contract', 'manage');

  const repository = async (request: FastifyRequest, tx?: Queryable) => {
    return new ContractRepository(sessionScope(ctx, request, tx), can(await rightsOf(request), 'contract', 'manage'));
  };
  const common = { tag: 'contract', read, manage, repository, store: (repo: ContractRepository) => repo.store };

  recordRoutes(app, ctx, {
    ...common,
    path: '/templates',
    module: CONTRACT_MODULES.templates,
    schemas: { record: ContractTemplate, create: ContractTemplateCreate, update: ContractTemplateUpdate, listQuery: ContractTemplateListQuery, listAnswer: Type.Array(ContractTemplate) },
    kind: (repo) => repo.templates,
    list: (repo, query) => repo.listTemplates(query.deleted as 'true' | 'false' | undefined),
  });

  // Before the record routes' `/contracts/:id`: the export's fixed path.
  app.get(
    '/contracts/export.csv',
    { onRequest: read, schema: { tags: ['contract'], querystring: ExportQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const rows = await (await repository(request)).exportContracts(request.query, EXPORT_MAX);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="contrats-${day}.csv"`)
        .send(contractCsv(rows, ctx.config.publicUrl));
    },
  );

  recordRoutes(app, ctx, {
    ...common,
    path: '/contracts',
    module: CONTRACT_MODULES.contracts,
    schemas: { record: Contract, create: ContractCreate, update: ContractUpdate, listQuery: ListQuerystring(ContractListQuery), listAnswer: ContractPage },
    kind: (repo) => repo.contracts,
    list: (repo, query) => repo.listContracts(listQuery(query)),
    cachePages: true,
    // The status a contract is created in is its own column, not a field of the record core.
    // The status a contract is created in (draft or active) goes with its fields to its column.
    fieldsOf: (body: ContractCreateType) => {
      const { id: _id, ...fields } = body;
      return fields as ContractFields;
    },
  });

  app.post(
    '/contracts/:id/status',
    { onRequest: manage, schema: { tags: ['contract'], params: IdParams, headers: WriteHeaders, body: ContractStatusBody, response: { 200: Envelope(Contract) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (c: Contract) => [{ module: CONTRACT_MODULES.contracts, id: c.id, version: c.version }], async (tx) =>
          (await repository(request, tx)).setStatus(request.params.id, request.body),
        ),
      ),
  );

  app.get(
    '/contracts/:id/pdf',
    { onRequest: read, schema: { tags: ['contract'], params: IdParams, querystring: ContractPdfQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => {
      const repo = await repository(request);
      const contract = await repo.store.get(repo.contracts, request.params.id);
      const template = contract.templateId ? await repo.store.get(repo.templates, contract.templateId).catch(() => null) : null;
      const pdf = await contractPdf({ contract, template, language: request.query.lang ?? 'fr', printedAt: new Date() });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${contractFileName(contract)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf as unknown as string);
    },
  );

  // The form's choices in one answer, kept on the device for offline work: the district's live suppliers and sites, its members (a contract's manager).
  app.get('/choices', { onRequest: read, schema: { tags: ['contract'], response: { 200: Envelope(ContractChoices) } } }, async (request) => {
    const auth = requireAuth(request);
    const named = (table: string, extra = '') =>
      auth.db.query<{ id: string; name: string }>(`select id, name from ${table} where district_id = $1 and deleted_at is null${extra} order by vigie_fold(name), id limit ${CHOICES_MAX}`, [auth.districtId]);
    const [suppliers, sites, members] = await Promise.all([
      named('suppliers', ' and not archived'),
      named('sites'),
      districtMembers({ db: auth.db, control: ctx.databases.control, districtId: auth.districtId }),
    ]);
    return respond(request, { suppliers: suppliers.rows, sites: sites.rows, members });
  });
}

/**
 * The companies part's routes under /api/third-party (common/modules/thirdParty/companies.ts):
 * companies, workers and interventions (each kind's list, create, read, history, edit, delete
 * and restore from the record core: thirdPartyV2.admin writes), a representative's signature of
 * a prevention plan and the sites' sign-in register (thirdPartyV2.read: the site's phone records
 * them), who is on site now, the register's history, the sites picked from, and the CSV exports.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  CompaniesChoices,
  Company,
  CompanyCreate,
  CompanyDeletedQuery,
  CompanyUpdate,
  Intervention,
  InterventionCreate,
  InterventionListQuery,
  InterventionUpdate,
  Presence,
  PRESENCE_HISTORY_MAX,
  PresenceCurrentQuery,
  PresenceHistoryQuery,
  SignatureBody,
  SignInBody,
  SignOutBody,
  Worker,
  WorkerCreate,
  WorkerListQuery,
  WorkerUpdate,
  type InterventionCreate as InterventionCreateType,
  type InterventionFields,
} from '../../../../../common/modules/thirdParty/companies.js';
import { can } from '../../../../../common/rights.js';
import { ErrorResponses, FileBytes } from '../../../../../common/schemas/envelope.js';
import type { Queryable } from '../../../db/types.js';
import { requireAuth } from '../../../plugins/auth.js';
import { respond } from '../../../plugins/respond.js';
import { idempotentWrite } from '../../../plugins/idempotency.js';
import { requireCan, rightsOf } from '../../../plugins/rights.js';
import type { RouteContext } from '../../../routes/context.js';
import { emitRecordChanged } from '../../_platform/events.js';
import { IdParams, recordRoutes, sessionScope, writeAndAnnounce } from '../../_platform/record-routes.js';
import { Envelope, WriteHeaders } from '../../_platform/schemas.js';
import { companiesCsv, presenceCsv, workersCsv } from './csv.js';
import { COMPANIES_MODULES, CompaniesRepository, templateSections } from './repository.js';

const TAG = 'third-party-companies';
/** Sites in the pickers' choices at most. */
const CHOICES_MAX = 2000;
/** Rows of a presence export at most. */
const PRESENCE_EXPORT_MAX = 20_000;

export async function companiesRoutes(untyped: FastifyInstance, ctx: RouteContext): Promise<void> {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const read = requireCan('thirdPartyV2', 'read');
  const manage = requireCan('thirdPartyV2', 'manage');

  const repository = async (request: FastifyRequest, tx?: Queryable) => new CompaniesRepository(sessionScope(ctx, request, tx), can(await rightsOf(request), 'thirdPartyV2', 'manage'));
  const common = { tag: TAG, read, manage, repository, store: (repo: CompaniesRepository) => repo.store };
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(body);

  // The exports' fixed paths before the record routes' `/…/:id`.
  app.get('/companies/export.csv', { onRequest: read, schema: { tags: [TAG], response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'entreprises-exterieures', companiesCsv(await (await repository(request)).listCompanies())),
  );
  app.get('/workers/export.csv', { onRequest: read, schema: { tags: [TAG], response: { 200: FileBytes, ...ErrorResponses } } }, async (request, reply) =>
    csv(reply, 'intervenants', workersCsv(await (await repository(request)).listWorkers({}))),
  );
  app.get(
    '/presence/export.csv',
    { onRequest: read, schema: { tags: [TAG], querystring: PresenceHistoryQuery, response: { 200: FileBytes, ...ErrorResponses } } },
    async (request, reply) => csv(reply, 'registre-presence', presenceCsv(await (await repository(request)).history(request.query, PRESENCE_EXPORT_MAX))),
  );

  recordRoutes(app, ctx, {
    ...common,
    path: '/companies',
    module: COMPANIES_MODULES.companies,
    schemas: { record: Company, create: CompanyCreate, update: CompanyUpdate, listQuery: CompanyDeletedQuery, listAnswer: Type.Array(Company) },
    kind: (repo) => repo.companies,
    list: (repo, query) => repo.listCompanies(query.deleted as 'true' | 'false' | undefined),
  });

  recordRoutes(app, ctx, {
    ...common,
    path: '/workers',
    module: COMPANIES_MODULES.workers,
    schemas: { record: Worker, create: WorkerCreate, update: WorkerUpdate, listQuery: WorkerListQuery, listAnswer: Type.Array(Worker) },
    kind: (repo) => repo.workers,
    list: (repo, query) => repo.listWorkers(query as { company?: string; deleted?: 'true' | 'false' }),
    alsoChanged: (worker) => [{ module: COMPANIES_MODULES.companies, id: worker.companyId, version: null }],
  });

  recordRoutes(app, ctx, {
    ...common,
    path: '/interventions',
    module: COMPANIES_MODULES.interventions,
    schemas: { record: Intervention, create: InterventionCreate, update: InterventionUpdate, listQuery: InterventionListQuery, listAnswer: Type.Array(Intervention) },
    kind: (repo) => repo.interventions,
    list: (repo, query) => repo.listInterventions(query as { company?: string; site?: string; deleted?: 'true' | 'false' }),
    // A new plan starts from the template's sections.
    fieldsOf: (body: InterventionCreateType) => {
      const { id: _id, ...fields } = body;
      return { planSections: templateSections(), ...fields } as InterventionFields;
    },
  });

  app.post(
    '/interventions/:id/signatures',
    { onRequest: read, schema: { tags: [TAG], params: IdParams, headers: WriteHeaders, body: SignatureBody, response: { 200: Envelope(Intervention) } } },
    async (request, reply) =>
      respond(
        request,
        await writeAndAnnounce(ctx, request, reply, 200, (i: Intervention) => [{ module: COMPANIES_MODULES.interventions, id: i.id, version: i.version }], async (tx) =>
          (await repository(request, tx)).sign(request.params.id, request.body),
        ),
      ),
  );

  app.get('/presence/current', { onRequest: read, schema: { tags: [TAG], querystring: PresenceCurrentQuery, response: { 200: Envelope(Type.Array(Presence)) } } }, async (request) =>
    respond(request, await (await repository(request)).current(request.query.siteId)),
  );
  app.get('/presence', { onRequest: read, schema: { tags: [TAG], querystring: PresenceHistoryQuery, response: { 200: Envelope(Type.Array(Presence)) } } }, async (request) =>
    respond(request, await (await repository(request)).history(request.query, PRESENCE_HISTORY_MAX)),
  );
  const presenceChanged = (p: Presence) => [{ module: COMPANIES_MODULES.presence, id: p.id, version: null }];
  app.post(
    '/presence',
    { onRequest: read, schema: { tags: [TAG], headers: WriteHeaders, body: SignInBody, response: { 200: Envelope(Presence), 201: Envelope(Presence) } } },
    // 201 for a new presence, 200 for one the server holds already (the same id sent again).
    async (request, reply) =>
      respond(
        request,
        await idempotentWrite(
          request,
          reply,
          async (tx) => {
            const answer = await (await repository(request, tx)).signIn(request.body);
            return { statusCode: answer.created ? 201 : 200, data: answer.presence };
          },
          (presence) => {
            const auth = requireAuth(request);
            for (const change of presenceChanged(presence)) emitRecordChanged(ctx.io, auth.clientDb, auth.districtId, change);
          },
        ),
      ),
  );
  app.post(
    '/presence/:id/sign-out',
    { onRequest: read, schema: { tags: [TAG], params: IdParams, headers: WriteHeaders, body: SignOutBody, response: { 200: Envelope(Presence) } } },
    async (request, reply) =>
      respond(request, await writeAndAnnounce(ctx, request, reply, 200, presenceChanged, async (tx) => (await repository(request, tx)).signOut(request.params.id, request.body))),
  );

  // The sites the register and the interventions pick from, kept on the device for offline work.
  app.get('/presence/sites', { onRequest: read, schema: { tags: [TAG], response: { 200: Envelope(CompaniesChoices) } } }, async (request) => {
    const auth = requireAuth(request);
    const { rows } = await auth.db.query<{ id: string; name: string }>(
      `select id, name from sites where district_id = $1 and deleted_at is null order by vigie_fold(name), id limit ${CHOICES_MAX}`,
      [auth.districtId],
    );
    return respond(request, { sites: rows });
  });
}

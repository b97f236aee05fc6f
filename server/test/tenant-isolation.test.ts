/**
 * Tenant isolation matrix (issues 4 and 8): two sessions of an account holding every right and
 * a member of both demo clients, one in Acme / Lyon and one in Bellevue / Nantes. Each calls
 * every route that takes an id with the ids of the other client (and of another district,
 * Marseille): 404 (or 403) with nothing of the other tenant in the answer, and no row of any
 * database changes. Every GET route without parameters, called by each session, shows none of
 * the other client's sites, notifications or members. Every list, export, count and map route
 * (every GET route without a path parameter, with the queries a route needs) shows neither
 * another district's nor another client's rows, searched by their ids and by a text only they
 * hold, and its answer does not change when those tenants gain rows. The route lists come
 * from the server itself (printRoutes), so a new route with no case here fails its test.
 * Then: after a client change, every later call reads the new database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictRef, Envelope } from '../../common/api-types.js';
import { ACTIONS_MODULE } from '../../common/modules/actions/names.js';
import { CARTOGRAPHY_MODULES } from '../src/modules/cartography/repository.js';
import { DECLARATIONS_MODULE } from '../src/modules/declarations/repository.js';
import { QUESTIONNAIRES_MODULE } from '../src/modules/questionnaires/repository.js';
import { emitRecordChanged } from '../src/modules/_platform/events.js';
import { bearer, digestDatabases, login, registeredRoutes, startTestServer, type TestServer } from './helper.js';

let server: TestServer;

/** What one tenant (a client database and one of its districts) holds that others must not reach. */
interface Tenant {
  label: string;
  database: string;
  district: string;
  districtName: string;
  site: string;
  siteName: string;
  /** A stage of `site` and a site type of the district (Sites module routes). */
  stage: string;
  siteType: string;
  notification: string;
  /** A declaration template and a declaration of the district (Declarations module routes). */
  template: string;
  declaration: string;
  /** A questionnaire template and an inspection of the district (Questionnaires module routes). */
  checklist: string;
  inspection: string;
  schedule: string;
  /** A share link of `inspection` (its token hash only: the row is what the routes reach). */
  share: string;
  /** An action plan, an action template and an action of the district (Actions module routes). */
  plan: string;
  actionTemplate: string;
  action: string;
  /** A complete attachment of the site (a row only: the checks come before any byte is read). */
  attachment: string;
  /** A layer, a point category, a point of interest, an area group and a map area of the district (Cartography module routes: the demo's). */
  map: Record<MapKind, string>;
  /** A trade, a supplier and its document (Suppliers module routes), named with the marker. */
  supplier: Record<SupplierKind, string>;
  /** A contract template and a contract of its supplier (Contracts module routes), named with the marker. */
  contract: Record<ContractKind, string>;
  /** A contact (Contacts module routes), named with the marker, the site's emergency contact. */
  contact: string;
  /** An inventory category, article and item of equipment at `site` (the catalog part's routes), and an audit of that site (the audit part's), named with the marker. */
  inventory: Record<InventoryKind, string> & { audit: string };
  /** A stock area, an article stocked in it, a loan and an open count of the area (the stock's routes), named with the marker. */
  stock: { area: string; article: string; loan: string; count: string };
  /** A group and a resource of the district's sharing bank (not a shared template), named with the marker. */
  sharing: { group: string; resource: string };
  onlyAccount: string;
  onlyEmail: string;
  /** A text only this tenant's records hold (titles and names): no other tenant's answer may show it. */
  marker: string;
  /** An outside company, its worker, an intervention at `site` and the worker's open presence there (third parties V2), named with the marker. */
  companies: { company: string; worker: string; intervention: string; presence: string };
  /** A third-party share link of `site` (its token hash only), named with the marker. */
  thirdPartyLink: string;
}

const MAP_KINDS = ['layers', 'categories', 'points', 'area-groups', 'areas'] as const;
type MapKind = (typeof MAP_KINDS)[number];
const SUPPLIER_KINDS = ['trades', 'suppliers', 'documents'] as const;
type SupplierKind = (typeof SUPPLIER_KINDS)[number];
const CONTRACT_KINDS = ['templates', 'contracts'] as const;
type ContractKind = (typeof CONTRACT_KINDS)[number];
const INVENTORY_KINDS = ['categories', 'articles', 'equipment'] as const;
type InventoryKind = (typeof INVENTORY_KINDS)[number];

let operatorId: string;
/** Acme / Lyon (the operator's home), Acme / Marseille (another district), Bellevue / Nantes. */
let lyon: Tenant;
let marseille: Tenant;
let nantes: Tenant;
/** Two sessions of the operator (every right, member everywhere): one in Acme / Lyon, one in Bellevue / Nantes. */
let acmeToken: string;
let bellevueToken: string;

async function rowOf<T>(database: string, sql: string, params: unknown[] = []): Promise<T> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<T>(sql, params);
  if (!rows[0]) throw new Error(`no row for ${sql}`);
  return rows[0];
}

/** An account that is a member of `districtId` in `database` only. */
async function memberOnlyOf(database: string, districtId: string, email: string): Promise<string> {
  const id = randomUUID();
  await server.databases.control.query(
    'insert into accounts (id, email, password_hash, home_client, home_district) values ($1, $2, null, $3, $4)',
    [id, email, database, districtId],
  );
  const db = await server.databases.client(database);
  await db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, districtId, ['sites.read']]);
  return id;
}

/** A declaration of the district, titled with the tenant's marker, just reported with a position (the first of every list sorted by date; an incident on the map). */
async function addDeclaration(database: string, district: string, template: string, site: string, id: string, marker: string): Promise<void> {
  await (await server.databases.client(database)).query(
    `insert into declarations (id, district_id, template_id, template_version, site_id, position, occurred_at, captured_at, severity, title, search_text, created_by)
     values ($1, $2, $3, 1, $4, '{"lat": 45.5, "lng": 4.5, "accuracy": 10, "source": "device"}', now(), now(), 'high', $6, vigie_fold($6), $5)`,
    [id, district, template, site, operatorId, `Fuite ${marker}`],
  );
}

/** An inspection of the district assigned to the operator, due tomorrow (calendar, dashboard). */
async function addInspection(database: string, district: string, checklist: string, site: string, id: string): Promise<void> {
  await (await server.databases.client(database)).query(
    `insert into inspections (id, district_id, family, template_id, template_version, site_id, assignee_id, status, due_at, created_by)
     values ($1, $2, 'questionnary', $3, 1, $4, $5, 'inProgress', now() + interval '1 day', $5)`,
    [id, district, checklist, site, operatorId],
  );
}

/** An action of the district assigned to the operator, due today (calendar, dashboard, badge). */
async function addAction(database: string, district: string, site: string, id: string, marker: string, from: { plan: string | null; template: string | null }): Promise<void> {
  await (await server.databases.client(database)).query(
    `insert into actions (id, district_id, title, search_text, site_id, plan_id, template_id, assignee_id, priority, status, due_on, created_by)
     values ($1, $2, $7, vigie_fold($7), $3, $4, $5, $6, 'high', 'todo', current_date, $6)`,
    [id, district, site, from.plan, from.template, operatorId, `Action ${marker}`],
  );
}

/** A point of interest of the district named with the tenant's marker (map features, exports). */
async function addPoint(database: string, district: string, map: Record<MapKind, string>, marker: string): Promise<void> {
  await (await server.databases.client(database)).query(
    `insert into points_of_interest (id, district_id, name, category_id, layer_id, lat, lng, created_by) values ($1, $2, $3, $4, $5, 45.5, 4.5, $6)`,
    [randomUUID(), district, `Point ${marker}`, map.categories, map.layers, operatorId],
  );
}

/** More of everything a list, count or map shows, in tenant `t`: an unread bell of the operator too. */
async function addRows(t: Tenant): Promise<void> {
  const ids = { declaration: randomUUID(), inspection: randomUUID(), action: randomUUID() };
  await addDeclaration(t.database, t.district, t.template, t.site, ids.declaration, t.marker);
  await addInspection(t.database, t.district, t.checklist, t.site, ids.inspection);
  await addAction(t.database, t.district, t.site, ids.action, t.marker, { plan: t.plan, template: null });
  await addPoint(t.database, t.district, t.map, t.marker);
  // Written behind the server's back: told as a write through the API tells it, so the
  // district's lists and their counts (kept a few seconds) are not the ones from before.
  const written = [
    { module: DECLARATIONS_MODULE, id: ids.declaration },
    { module: QUESTIONNAIRES_MODULE, id: ids.inspection },
    { module: ACTIONS_MODULE, id: ids.action },
    { module: CARTOGRAPHY_MODULES.points, id: t.map.points },
  ];
  for (const { module, id } of written) emitRecordChanged(server.ctx.io, t.database, t.district, { module, id, version: 1 });
  await (await server.databases.client(t.database)).query(`insert into notifications (id, district_id, account_id, name, translate) values ($1, $2, $3, $4, false)`, [
    randomUUID(),
    t.district,
    operatorId,
    `Bell ${t.marker}`,
  ]);
}

async function tenant(database: string, districtName: string): Promise<Tenant> {
  const { id: district } = await rowOf<{ id: string }>(database, 'select id from districts where name = $1', [districtName]);
  const site = await rowOf<{ id: string; name: string }>(database, 'select id, name from sites where district_id = $1 order by name limit 1', [district]);
  const stage = await rowOf<{ id: string }>(database, 'select id from site_stages where site_id = $1 limit 1', [site.id]);
  const siteType = await rowOf<{ id: string }>(database, 'select id from site_types where district_id = $1 limit 1', [district]);
  const notification = await rowOf<{ id: string }>(
    database,
    'select id from notifications where account_id = $1 and district_id = $2 and read_at is null limit 1',
    [operatorId, district],
  );
  const marker = `secret${randomUUID().slice(0, 8)}`;
  const template = randomUUID();
  const declaration = randomUUID();
  const client = await server.databases.client(database);
  await client.query(
    `insert into declaration_templates (id, district_id, name, icon, default_severity, fields, notify, created_by) values ($1, $2, $4, 'warning', 'high', '[]', '{}', $3)`,
    [template, district, operatorId, `Incident ${marker}`],
  );
  await client.query(
    `insert into declaration_template_versions (template_id, version, name, icon, default_severity, fields, notify) values ($1, 1, $2, 'warning', 'high', '[]', '{}')`,
    [template, `Incident ${marker}`],
  );
  await addDeclaration(database, district, template, site.id, declaration, marker);
  const checklist = randomUUID();
  const inspection = randomUUID();
  const sections = JSON.stringify([{ key: 's', title: 'Section', questions: [{ key: 'q', type: 'yesNo', label: 'Question', required: true }] }]);
  await client.query(
    `insert into questionnaire_templates (id, district_id, family, name, sections, question_count, created_by) values ($1, $2, 'questionnary', $5, $3, 1, $4)`,
    [checklist, district, sections, operatorId, `Visite ${marker}`],
  );
  await client.query(`insert into questionnaire_template_versions (template_id, version, name, description, sections, question_count) values ($1, 1, $3, '', $2, 1)`, [
    checklist,
    sections,
    `Visite ${marker}`,
  ]);
  await addInspection(database, district, checklist, site.id, inspection);
  const schedule = randomUUID();
  await client.query(
    `insert into inspection_schedules (id, district_id, family, template_id, assignee_ids, recurrence, first_due_at, next_due_at, created_by)
     values ($1, $2, 'questionnary', $3, $4, 'weekly', now() + interval '90 days', now() + interval '90 days', $5)`,
    [schedule, district, checklist, [operatorId], operatorId],
  );
  const share = randomUUID();
  await client.query(
    `insert into inspection_shares (id, district_id, inspection_id, token_hash, created_by, expires_at) values ($1, $2, $3, $4, $5, now() + interval '7 days')`,
    [share, district, inspection, randomUUID().replace(/-/g, '').repeat(2), operatorId],
  );
  const plan = randomUUID();
  const actionTemplate = randomUUID();
  const action = randomUUID();
  await client.query(`insert into action_plans (id, district_id, name, owner_id, created_by) values ($1, $2, $4, $3, $3)`, [plan, district, operatorId, `Plan ${marker}`]);
  await client.query(`insert into action_templates (id, district_id, name, title, priority, created_by) values ($1, $2, $4, $5, 'high', $3)`, [
    actionTemplate,
    district,
    operatorId,
    `Modèle ${marker}`,
    `Titre ${marker}`,
  ]);
  await addAction(database, district, site.id, action, marker, { plan, template: actionTemplate });
  const onlyEmail = `${districtName.toLowerCase()}.member@demo.vigie.test`;
  const attachment = randomUUID();
  await (await server.databases.client(database)).query(
    `insert into attachments (id, district_id, module, record_id, name, type, size, storage_key, sha256, state, created_by)
     values ($1, $2, 'sites', $3, $6, 'image/jpeg', 3, $4, 'abc', 'complete', $5)`,
    [attachment, district, site.id, `${database}/${attachment}`, operatorId, `${marker}.jpg`],
  );
  const map = {
    layers: (await rowOf<{ id: string }>(database, 'select id from map_layers where district_id = $1 limit 1', [district])).id,
    categories: (await rowOf<{ id: string }>(database, 'select id from poi_categories where district_id = $1 limit 1', [district])).id,
    points: (await rowOf<{ id: string }>(database, 'select id from points_of_interest where district_id = $1 limit 1', [district])).id,
    'area-groups': (await rowOf<{ id: string }>(database, 'select id from map_area_groups where district_id = $1 limit 1', [district])).id,
    areas: (await rowOf<{ id: string }>(database, 'select id from map_areas where district_id = $1 limit 1', [district])).id,
  };
  await addPoint(database, district, map, marker);
  const supplier = { trades: randomUUID(), suppliers: randomUUID(), documents: randomUUID() };
  await client.query(`insert into supplier_trades (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [supplier.trades, district, `Métier ${marker}`, operatorId]);
  await client.query(`insert into suppliers (id, district_id, name, trade_ids, created_by) values ($1, $2, $3, $4, $5)`, [supplier.suppliers, district, `Fournisseur ${marker}`, [supplier.trades], operatorId]);
  await client.query(`insert into supplier_documents (id, district_id, supplier_id, kind, title, expires_on, created_by) values ($1, $2, $3, 'insurance', $4, current_date + 10, $5)`, [
    supplier.documents,
    district,
    supplier.suppliers,
    `Attestation ${marker}`,
    operatorId,
  ]);
  const contract = { templates: randomUUID(), contracts: randomUUID() };
  await client.query(`insert into contract_templates (id, district_id, name, type, created_by) values ($1, $2, $3, 'maintenance', $4)`, [contract.templates, district, `Modèle ${marker}`, operatorId]);
  await client.query(`insert into contracts (id, district_id, supplier_id, type, name, owner_id, template_id, created_by) values ($1, $2, $3, 'maintenance', $4, $5, $6, $5)`, [
    contract.contracts,
    district,
    supplier.suppliers,
    `Contrat ${marker}`,
    operatorId,
    contract.templates,
  ]);
  const contact = randomUUID();
  await client.query(
    `insert into contacts (id, district_id, first_name, last_name, name, uid, site_links, search_text, created_by) values ($1, $2, 'Contact', $3, $3, $6, $4, $3, $5)`,
    [contact, district, `Contact ${marker}`, JSON.stringify([{ siteId: site.id, role: 'emergency' }]), operatorId, contact],
  );
  const inventory = { categories: randomUUID(), articles: randomUUID(), equipment: randomUUID(), audit: randomUUID() };
  await client.query(`insert into inventory_categories (id, district_id, name, check_period_months, created_by) values ($1, $2, $3, 12, $4)`, [inventory.categories, district, `Catégorie ${marker}`, operatorId]);
  await client.query(`insert into inventory_articles (id, district_id, category_id, name, created_by) values ($1, $2, $3, $4, $5)`, [inventory.articles, district, inventory.categories, `Article ${marker}`, operatorId]);
  await client.query(`insert into inventory_equipment (id, district_id, article_id, name, tag, site_id, room, created_by) values ($1, $2, $3, $4, $4, $5, 'Hall', $6)`, [
    inventory.equipment,
    district,
    inventory.articles,
    `Matériel ${marker}`,
    site.id,
    operatorId,
  ]);
  await client.query(`insert into inventory_audits (id, district_id, site_id, room, started_by, created_by, expected_ids) values ($1, $2, $3, 'Hall', $4, $4, $5)`, [
    inventory.audit,
    district,
    site.id,
    operatorId,
    [inventory.equipment],
  ]);
  const stock = { area: randomUUID(), article: randomUUID(), loan: randomUUID(), count: randomUUID() };
  await client.query(`insert into stock_areas (id, district_id, name, kind, created_by) values ($1, $2, $3, 'store', $4)`, [stock.area, district, `Zone ${marker}`, operatorId]);
  await client.query(`insert into inventory_articles (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [stock.article, district, `Article ${marker}`, operatorId]);
  await client.query(`insert into stock_levels (district_id, article_id, area_id, quantity) values ($1, $2, $3, 4)`, [district, stock.article, stock.area]);
  await client.query(`insert into stock_movements (id, district_id, article_id, area_id, kind, quantity, by) values ($1, $2, $3, $4, 'incoming', 5, $5)`, [randomUUID(), district, stock.article, stock.area, operatorId]);
  await client.query(`insert into stock_loans (id, district_id, article_id, area_id, quantity, borrower, due_on, lent_at, lent_by) values ($1, $2, $3, $4, 1, $5, current_date + 3, now(), $6)`, [
    stock.loan, district, stock.article, stock.area, `Emprunteur ${marker}`, operatorId,
  ]);
  await client.query(`insert into stock_movements (id, district_id, article_id, area_id, kind, quantity, loan_id, by) values ($1, $2, $3, $4, 'loan', -1, $1, $5)`, [stock.loan, district, stock.article, stock.area, operatorId]);
  await client.query(`insert into stock_counts (id, district_id, area_id, start_seq, started_by) values ($1, $2, $3, 0, $4)`, [stock.count, district, stock.area, operatorId]);
  const companies = { company: randomUUID(), worker: randomUUID(), intervention: randomUUID(), presence: randomUUID() };
  await client.query(`insert into tp_companies (id, district_id, name, created_by) values ($1, $2, $3, $4)`, [companies.company, district, `Entreprise ${marker}`, operatorId]);
  await client.query(`insert into tp_workers (id, district_id, company_id, name, created_by) values ($1, $2, $3, $4, $5)`, [companies.worker, district, companies.company, `Intervenant ${marker}`, operatorId]);
  await client.query(`insert into tp_interventions (id, district_id, company_id, site_id, name, starts_on, ends_on, worker_ids, created_by) values ($1, $2, $3, $4, $5, current_date, current_date, $6, $7)`, [
    companies.intervention, district, companies.company, site.id, `Intervention ${marker}`, [companies.worker], operatorId,
  ]);
  await client.query(`insert into tp_presence (id, district_id, site_id, worker_id, signed_in_at, created_by) values ($1, $2, $3, $4, now(), $5)`, [companies.presence, district, site.id, companies.worker, operatorId]);
  const thirdPartyLink = randomUUID();
  await client.query(
    `insert into third_party_links (id, district_id, site_id, token_hash, recipient_name, recipient_email, items, expires_at, created_by) values ($1, $2, $3, $4, $5, 'tiers@example.org', $6, now() + interval '7 days', $7)`,
    [thirdPartyLink, district, site.id, randomUUID().replace(/-/g, '').repeat(2), `Tiers ${marker}`, JSON.stringify([{ kind: 'site', id: site.id, title: site.name }]), operatorId],
  );
  const sharing = { group: randomUUID(), resource: randomUUID() };
  await client.query(`insert into sharing_groups (id, district_id, name, member_ids, created_by) values ($1, $2, $3, $4, $5)`, [sharing.group, district, `Groupe ${marker}`, [operatorId], operatorId]);
  await client.query(`insert into sharing_resources (id, district_id, title, kind, created_by) values ($1, $2, $3, 'procedure', $4)`, [sharing.resource, district, `Procédure ${marker}`, operatorId]);
  return {
    companies,
    thirdPartyLink,
    sharing,
    supplier,
    contract,
    inventory,
    contact,
    stock,
    label: `${database}/${districtName}`,
    database,
    district,
    districtName,
    site: site.id,
    siteName: site.name,
    stage: stage.id,
    siteType: siteType.id,
    notification: notification.id,
    template,
    declaration,
    checklist,
    inspection,
    schedule,
    share,
    plan,
    actionTemplate,
    action,
    attachment,
    map,
    onlyAccount: await memberOnlyOf(database, district, onlyEmail),
    onlyEmail,
    marker,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  const operator = await login(server, 'operator@demo.vigie.test');
  acmeToken = operator.token;
  operatorId = (JSON.parse(Buffer.from(acmeToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  [lyon, marseille, nantes] = await Promise.all([tenant('acme', 'Lyon'), tenant('acme', 'Marseille'), tenant('bellevue', 'Nantes')]);
  const second = await login(server, 'operator@demo.vigie.test');
  const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(second.token), payload: { database: 'bellevue', district: nantes.district } });
  if (moved.statusCode !== 200) throw new Error(`changeClient: ${moved.body}`);
  const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: second.cookie } });
  bellevueToken = refreshed.json<Envelope<{ token: string }>>().data.token;
});
afterAll(() => server?.destroy());

interface Attempt {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}

/** One case per route with a path parameter (key: method + path as Fastify prints it), aimed at tenant `t`. */
const CASES: Record<string, (t: Tenant) => Attempt[]> = {
  'POST /api/notifications/:id/read': (t) => [{ method: 'POST', url: `/api/notifications/${t.notification}/read` }],
  'PATCH /api/districts/:id': (t) => [{ method: 'PATCH', url: `/api/districts/${t.district}`, payload: { name: 'Taken over' } }],
  'PUT /api/users/:id/rights': (t) => [{ method: 'PUT', url: `/api/users/${t.onlyAccount}/rights`, payload: { rights: [] } }],
  'POST /api/users/:id/disable': (t) => [{ method: 'POST', url: `/api/users/${t.onlyAccount}/disable` }],
  'GET /api/emergency/getAll360Stages/:siteId': (t) => [{ method: 'GET', url: `/api/emergency/getAll360Stages/${t.site}` }],
  'GET /api/emergency/getSiteStages/:siteId': (t) => [{ method: 'GET', url: `/api/emergency/getSiteStages/${t.site}` }],
  'GET /api/files/viewer/:districtId/:siteId/:stageName': (t) => [
    { method: 'GET', url: `/api/files/viewer/${t.district}/${t.site}/${encodeURIComponent('Entrée')}` },
  ],
  'GET /api/sites/:id': (t) => [{ method: 'GET', url: `/api/sites/${t.site}` }],
  'GET /api/sites/:id/history': (t) => [{ method: 'GET', url: `/api/sites/${t.site}/history` }],
  'PATCH /api/sites/:id': (t) => [{ method: 'PATCH', url: `/api/sites/${t.site}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/sites/:id': (t) => [{ method: 'DELETE', url: `/api/sites/${t.site}`, payload: { baseVersion: 1 } }],
  'POST /api/sites/:id/restore': (t) => [{ method: 'POST', url: `/api/sites/${t.site}/restore`, payload: { baseVersion: 1 } }],
  'POST /api/sites/:id/stages': (t) => [{ method: 'POST', url: `/api/sites/${t.site}/stages`, payload: { id: randomUUID(), kind: 'threeD', name: 'Taken over' } }],
  'PUT /api/sites/:id/stages/order': (t) => [{ method: 'PUT', url: `/api/sites/${t.site}/stages/order`, payload: { kind: 'threeD', ids: [] } }],
  'PATCH /api/sites/:id/stages/:stageId': (t) => [{ method: 'PATCH', url: `/api/sites/${t.site}/stages/${t.stage}`, payload: { name: 'Taken over' } }],
  'DELETE /api/sites/:id/stages/:stageId': (t) => [{ method: 'DELETE', url: `/api/sites/${t.site}/stages/${t.stage}` }],
  'PATCH /api/sites/types/:id': (t) => [{ method: 'PATCH', url: `/api/sites/types/${t.siteType}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/sites/types/:id': (t) => [{ method: 'DELETE', url: `/api/sites/types/${t.siteType}`, payload: { baseVersion: 1 } }],
  'GET /api/sites/types/:id': (t) => [{ method: 'GET', url: `/api/sites/types/${t.siteType}` }],
  'GET /api/sites/types/:id/history': (t) => [{ method: 'GET', url: `/api/sites/types/${t.siteType}/history` }],
  'POST /api/sites/types/:id/restore': (t) => [{ method: 'POST', url: `/api/sites/types/${t.siteType}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/attachments/:id': (t) => [{ method: 'GET', url: `/api/attachments/${t.attachment}` }],
  'GET /api/attachments/:id/thumbnail': (t) => [{ method: 'GET', url: `/api/attachments/${t.attachment}/thumbnail` }],
  'DELETE /api/attachments/:id': (t) => [{ method: 'DELETE', url: `/api/attachments/${t.attachment}` }],
  'PATCH /api/uploads/:id': (t) => [
    { method: 'PATCH', url: `/api/uploads/${t.attachment}`, headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } },
  ],
  'GET /api/questionnaires/templates/:id': (t) => [{ method: 'GET', url: `/api/questionnaires/templates/${t.checklist}` }, { method: 'GET', url: `/api/questionnaires/templates/${t.checklist}?version=1` }],
  'GET /api/questionnaires/templates/:id/history': (t) => [{ method: 'GET', url: `/api/questionnaires/templates/${t.checklist}/history` }],
  'PATCH /api/questionnaires/templates/:id': (t) => [{ method: 'PATCH', url: `/api/questionnaires/templates/${t.checklist}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/questionnaires/templates/:id': (t) => [{ method: 'DELETE', url: `/api/questionnaires/templates/${t.checklist}`, payload: { baseVersion: 1 } }],
  'POST /api/questionnaires/templates/:id/restore': (t) => [{ method: 'POST', url: `/api/questionnaires/templates/${t.checklist}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/questionnaires/inspections/:id': (t) => [{ method: 'GET', url: `/api/questionnaires/inspections/${t.inspection}` }],
  'GET /api/questionnaires/schedules/:id': (t) => [{ method: 'GET', url: `/api/questionnaires/schedules/${t.schedule}` }],
  'PATCH /api/questionnaires/schedules/:id': (t) => [{ method: 'PATCH', url: `/api/questionnaires/schedules/${t.schedule}`, payload: { baseVersion: 1, changes: { remindDays: 3 } } }],
  'DELETE /api/questionnaires/schedules/:id': (t) => [{ method: 'DELETE', url: `/api/questionnaires/schedules/${t.schedule}`, payload: { baseVersion: 1 } }],
  'POST /api/questionnaires/schedules/:id/restore': (t) => [{ method: 'POST', url: `/api/questionnaires/schedules/${t.schedule}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/questionnaires/inspections/:id/report.pdf': (t) => [{ method: 'GET', url: `/api/questionnaires/inspections/${t.inspection}/report.pdf` }],
  'GET /api/questionnaires/inspections/:id/history': (t) => [{ method: 'GET', url: `/api/questionnaires/inspections/${t.inspection}/history` }],
  'PATCH /api/questionnaires/inspections/:id': (t) => [
    { method: 'PATCH', url: `/api/questionnaires/inspections/${t.inspection}`, payload: { baseVersion: 1, changes: { answers: { q: { value: 'no', at: '2026-11-20T09:00:00.000Z' } } } } },
  ],
  'POST /api/questionnaires/inspections/:id/submit': (t) => [
    {
      method: 'POST',
      url: `/api/questionnaires/inspections/${t.inspection}/submit`,
      payload: {
        answers: { q: { value: 'no', at: '2026-11-20T09:00:00.000Z' } }, signature: randomUUID(), signedBy: 'Taken over', startedAt: '2026-11-20T09:00:00.000Z',
        finishedAt: '2026-11-20T09:10:00.000Z', startPosition: null, endPosition: null,
      },
    },
  ],
  'DELETE /api/questionnaires/inspections/:id': (t) => [{ method: 'DELETE', url: `/api/questionnaires/inspections/${t.inspection}`, payload: { baseVersion: 1 } }],
  'POST /api/questionnaires/inspections/:id/restore': (t) => [{ method: 'POST', url: `/api/questionnaires/inspections/${t.inspection}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/questionnaires/inspections/:id/shares': (t) => [{ method: 'GET', url: `/api/questionnaires/inspections/${t.inspection}/shares` }],
  'POST /api/questionnaires/inspections/:id/shares': (t) => [
    { method: 'POST', url: `/api/questionnaires/inspections/${t.inspection}/shares`, headers: { 'idempotency-key': randomUUID() }, payload: { expiresInDays: 7 } },
  ],
  'DELETE /api/questionnaires/inspections/:id/shares/:shareId': (t) => [
    { method: 'DELETE', url: `/api/questionnaires/inspections/${t.inspection}/shares/${t.share}`, headers: { 'idempotency-key': randomUUID() } },
  ],
  'POST /api/questionnaires/inspections/:id/shares/:shareId/mails': (t) => [
    {
      method: 'POST',
      url: `/api/questionnaires/inspections/${t.inspection}/shares/${t.share}/mails`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { token: 'x'.repeat(65), recipients: ['someone@example.org'] },
    },
  ],
  // Public: the token names its client and link; one nobody issued is simply not found.
  'GET /api/shared/reports/:token.pdf': () => [{ method: 'GET', url: `/api/shared/reports/${'x'.repeat(65)}.pdf` }],
  'GET /api/calendar/feeds/:token.ics': () => [{ method: 'GET', url: `/api/calendar/feeds/${'x'.repeat(65)}.ics` }],
  'GET /api/declarations/templates/:id': (t) => [{ method: 'GET', url: `/api/declarations/templates/${t.template}` }, { method: 'GET', url: `/api/declarations/templates/${t.template}?version=1` }],
  'GET /api/declarations/templates/:id/history': (t) => [{ method: 'GET', url: `/api/declarations/templates/${t.template}/history` }],
  'PATCH /api/declarations/templates/:id': (t) => [{ method: 'PATCH', url: `/api/declarations/templates/${t.template}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/declarations/templates/:id': (t) => [{ method: 'DELETE', url: `/api/declarations/templates/${t.template}`, payload: { baseVersion: 1 } }],
  'POST /api/declarations/templates/:id/restore': (t) => [{ method: 'POST', url: `/api/declarations/templates/${t.template}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/declarations/:id': (t) => [{ method: 'GET', url: `/api/declarations/${t.declaration}` }],
  'GET /api/declarations/:id/history': (t) => [{ method: 'GET', url: `/api/declarations/${t.declaration}/history` }],
  'GET /api/declarations/:id/print.pdf': (t) => [{ method: 'GET', url: `/api/declarations/${t.declaration}/print.pdf` }],
  'PATCH /api/declarations/:id': (t) => [{ method: 'PATCH', url: `/api/declarations/${t.declaration}`, payload: { baseVersion: 1, changes: { title: 'Taken over' } } }],
  'POST /api/declarations/:id/status': (t) => [{ method: 'POST', url: `/api/declarations/${t.declaration}/status`, payload: { baseVersion: 1, status: 'closed', reason: 'Taken over' } }],
  'POST /api/declarations/:id/comments': (t) => [{ method: 'POST', url: `/api/declarations/${t.declaration}/comments`, payload: { id: randomUUID(), text: 'Taken over' } }],
  'DELETE /api/declarations/:id': (t) => [{ method: 'DELETE', url: `/api/declarations/${t.declaration}`, payload: { baseVersion: 1 } }],
  'POST /api/declarations/:id/restore': (t) => [{ method: 'POST', url: `/api/declarations/${t.declaration}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/actions/:id': (t) => [{ method: 'GET', url: `/api/actions/${t.action}` }],
  'GET /api/actions/:id/history': (t) => [{ method: 'GET', url: `/api/actions/${t.action}/history` }],
  'PATCH /api/actions/:id': (t) => [{ method: 'PATCH', url: `/api/actions/${t.action}`, payload: { baseVersion: 1, changes: { title: 'Taken over' } } }],
  'POST /api/actions/:id/status': (t) => [{ method: 'POST', url: `/api/actions/${t.action}/status`, payload: { status: 'cancelled', at: '2026-11-20T09:00:00.000Z' } }],
  'POST /api/actions/:id/comments': (t) => [{ method: 'POST', url: `/api/actions/${t.action}/comments`, payload: { id: randomUUID(), text: 'Taken over', at: '2026-11-20T09:00:00.000Z' } }],
  'DELETE /api/actions/:id': (t) => [{ method: 'DELETE', url: `/api/actions/${t.action}`, payload: { baseVersion: 1 } }],
  'POST /api/actions/:id/restore': (t) => [{ method: 'POST', url: `/api/actions/${t.action}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/actions/plans/:id': (t) => [{ method: 'GET', url: `/api/actions/plans/${t.plan}` }],
  'GET /api/actions/plans/:id/history': (t) => [{ method: 'GET', url: `/api/actions/plans/${t.plan}/history` }],
  'PATCH /api/actions/plans/:id': (t) => [{ method: 'PATCH', url: `/api/actions/plans/${t.plan}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/actions/plans/:id': (t) => [{ method: 'DELETE', url: `/api/actions/plans/${t.plan}`, payload: { baseVersion: 1 } }],
  'POST /api/actions/plans/:id/restore': (t) => [{ method: 'POST', url: `/api/actions/plans/${t.plan}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/actions/templates/:id': (t) => [{ method: 'GET', url: `/api/actions/templates/${t.actionTemplate}` }],
  'GET /api/actions/templates/:id/history': (t) => [{ method: 'GET', url: `/api/actions/templates/${t.actionTemplate}/history` }],
  'PATCH /api/actions/templates/:id': (t) => [{ method: 'PATCH', url: `/api/actions/templates/${t.actionTemplate}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/actions/templates/:id': (t) => [{ method: 'DELETE', url: `/api/actions/templates/${t.actionTemplate}`, payload: { baseVersion: 1 } }],
  'POST /api/actions/templates/:id/restore': (t) => [{ method: 'POST', url: `/api/actions/templates/${t.actionTemplate}/restore`, payload: { baseVersion: 1 } }],
  // Public: the token names no tenant; an unknown one is simply not found.
  'GET /api/viewerThirdParty/:token': () => [{ method: 'GET', url: `/api/viewerThirdParty/${'x'.repeat(43)}` }],
  // Cartography: the five record kinds, each read, edited, deleted and restored with the other tenant's id.
  ...Object.fromEntries(
    MAP_KINDS.flatMap((kind) => [
      [`GET /api/cartography/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/cartography/${kind}/${t.map[kind]}` }]],
      [`GET /api/cartography/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/cartography/${kind}/${t.map[kind]}/history` }]],
      [`PATCH /api/cartography/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/cartography/${kind}/${t.map[kind]}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }]],
      [`DELETE /api/cartography/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/cartography/${kind}/${t.map[kind]}`, payload: { baseVersion: 1 } }]],
      [`POST /api/cartography/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/cartography/${kind}/${t.map[kind]}/restore`, payload: { baseVersion: 1 } }]],
    ]),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  // Suppliers: the three record kinds, each read, edited, deleted and restored with the other tenant's id.
  ...Object.fromEntries(
    SUPPLIER_KINDS.flatMap((kind) => {
      const changes = kind === 'documents' ? { title: 'Taken over' } : { name: 'Taken over' };
      return [
        [`GET /api/supplier/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/supplier/${kind}/${t.supplier[kind]}` }]],
        [`GET /api/supplier/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/supplier/${kind}/${t.supplier[kind]}/history` }]],
        [`PATCH /api/supplier/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/supplier/${kind}/${t.supplier[kind]}`, payload: { baseVersion: 1, changes } }]],
        [`DELETE /api/supplier/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/supplier/${kind}/${t.supplier[kind]}`, payload: { baseVersion: 1 } }]],
        [`POST /api/supplier/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/supplier/${kind}/${t.supplier[kind]}/restore`, payload: { baseVersion: 1 } }]],
      ];
    }),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  // Contracts: the two record kinds, each read, edited, deleted and restored with the other tenant's id; a contract's status move and print.
  ...Object.fromEntries(
    CONTRACT_KINDS.flatMap((kind) => {
      const changes = kind === 'contracts' ? { title: 'Taken over' } : { name: 'Taken over' };
      return [
        [`GET /api/contract/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/contract/${kind}/${t.contract[kind]}` }]],
        [`GET /api/contract/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/contract/${kind}/${t.contract[kind]}/history` }]],
        [`PATCH /api/contract/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/contract/${kind}/${t.contract[kind]}`, payload: { baseVersion: 1, changes } }]],
        [`DELETE /api/contract/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/contract/${kind}/${t.contract[kind]}`, payload: { baseVersion: 1 } }]],
        [`POST /api/contract/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/contract/${kind}/${t.contract[kind]}/restore`, payload: { baseVersion: 1 } }]],
      ];
    }),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  // Stock: an area read, edited, deleted and restored, a loan returned, a count read, exported, counted and closed with the other tenant's ids.
  'GET /api/inventory/stock/areas/:id': (t) => [{ method: 'GET', url: `/api/inventory/stock/areas/${t.stock.area}` }],
  'GET /api/inventory/stock/areas/:id/history': (t) => [{ method: 'GET', url: `/api/inventory/stock/areas/${t.stock.area}/history` }],
  'PATCH /api/inventory/stock/areas/:id': (t) => [{ method: 'PATCH', url: `/api/inventory/stock/areas/${t.stock.area}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/inventory/stock/areas/:id': (t) => [{ method: 'DELETE', url: `/api/inventory/stock/areas/${t.stock.area}`, payload: { baseVersion: 1 } }],
  'POST /api/inventory/stock/areas/:id/restore': (t) => [{ method: 'POST', url: `/api/inventory/stock/areas/${t.stock.area}/restore`, payload: { baseVersion: 1 } }],
  'POST /api/inventory/stock/loans/:id/return': (t) => [{ method: 'POST', url: `/api/inventory/stock/loans/${t.stock.loan}/return`, payload: {} }],
  'GET /api/inventory/stock/counts/:id': (t) => [{ method: 'GET', url: `/api/inventory/stock/counts/${t.stock.count}` }],
  'GET /api/inventory/stock/counts/:id/export.csv': (t) => [{ method: 'GET', url: `/api/inventory/stock/counts/${t.stock.count}/export.csv` }],
  'POST /api/inventory/stock/counts/:id/entries': (t) => [{ method: 'POST', url: `/api/inventory/stock/counts/${t.stock.count}/entries`, payload: { id: randomUUID(), articleId: t.stock.article, delta: 1, startQuantity: null } }],
  'POST /api/inventory/stock/counts/:id/close': (t) => [{ method: 'POST', url: `/api/inventory/stock/counts/${t.stock.count}/close`, payload: { decisions: {} } }],
  'POST /api/contract/contracts/:id/status': (t) => [{ method: 'POST', url: `/api/contract/contracts/${t.contract.contracts}/status`, payload: { baseVersion: 1, status: 'active', reason: 'Taken over' } }],
  'GET /api/contract/contracts/:id/pdf': (t) => [{ method: 'GET', url: `/api/contract/contracts/${t.contract.contracts}/pdf?lang=fr` }],
  // Inventory (catalog part): the three record kinds, each read, edited, deleted and restored with the other tenant's id; an item's checks and status.
  ...Object.fromEntries(
    INVENTORY_KINDS.flatMap((kind) => [
      [`GET /api/inventory/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/inventory/${kind}/${t.inventory[kind]}` }]],
      [`GET /api/inventory/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/inventory/${kind}/${t.inventory[kind]}/history` }]],
      [`PATCH /api/inventory/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/inventory/${kind}/${t.inventory[kind]}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }]],
      [`DELETE /api/inventory/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/inventory/${kind}/${t.inventory[kind]}`, payload: { baseVersion: 1 } }]],
      [`POST /api/inventory/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/inventory/${kind}/${t.inventory[kind]}/restore`, payload: { baseVersion: 1 } }]],
    ]),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  'GET /api/inventory/equipment/:id/checks': (t) => [{ method: 'GET', url: `/api/inventory/equipment/${t.inventory.equipment}/checks` }],
  'POST /api/inventory/equipment/:id/checks': (t) => [
    { method: 'POST', url: `/api/inventory/equipment/${t.inventory.equipment}/checks`, payload: { id: randomUUID(), doneOn: '2024-01-02', answers: [{ item: 'Taken over', ok: false, note: '' }], notes: '' } },
  ],
  'POST /api/inventory/equipment/:id/status': (t) => [{ method: 'POST', url: `/api/inventory/equipment/${t.inventory.equipment}/status`, payload: { baseVersion: 1, status: 'outOfOrder', note: 'Taken over' } }],
  // Contacts: a contact read, exported, edited, merged, deleted and restored with the other tenant's id.
  'GET /api/contact-v2/contacts/:id': (t) => [{ method: 'GET', url: `/api/contact-v2/contacts/${t.contact}` }],
  'GET /api/contact-v2/contacts/:id/history': (t) => [{ method: 'GET', url: `/api/contact-v2/contacts/${t.contact}/history` }],
  'GET /api/contact-v2/contacts/:id/vcard': (t) => [{ method: 'GET', url: `/api/contact-v2/contacts/${t.contact}/vcard` }],
  'PATCH /api/contact-v2/contacts/:id': (t) => [{ method: 'PATCH', url: `/api/contact-v2/contacts/${t.contact}`, payload: { baseVersion: 1, changes: { lastName: 'Taken over' } } }],
  'DELETE /api/contact-v2/contacts/:id': (t) => [{ method: 'DELETE', url: `/api/contact-v2/contacts/${t.contact}`, payload: { baseVersion: 1 } }],
  'POST /api/contact-v2/contacts/:id/restore': (t) => [{ method: 'POST', url: `/api/contact-v2/contacts/${t.contact}/restore`, payload: { baseVersion: 1 } }],
  'POST /api/contact-v2/contacts/:id/merge': (t) => [{ method: 'POST', url: `/api/contact-v2/contacts/${t.contact}/merge`, payload: { baseVersion: 1, otherId: randomUUID(), otherBaseVersion: 1 } }],
  // The basemap's tiles are world data, the same for every tenant: only a tile that does not exist is not found.
  'POST /api/cartography/incidents/:id/status': (t) => [{ method: 'POST', url: `/api/cartography/incidents/${t.declaration}/status`, payload: { baseVersion: 1, status: 'closed', reason: 'Taken over' } }],
  'GET /api/cartography/basemap/tiles/:z/:x/:tile': () => [{ method: 'GET', url: '/api/cartography/basemap/tiles/1/5/5.pbf' }],
  // Inventory audits: another tenant's audit read, scanned, completed, and its items moved.
  'GET /api/inventory/audits/:id': (t) => [{ method: 'GET', url: `/api/inventory/audits/${t.inventory.audit}` }],
  'POST /api/inventory/audits/:id/scans': (t) => [
    { method: 'POST', url: `/api/inventory/audits/${t.inventory.audit}/scans`, payload: { id: randomUUID(), code: t.inventory.equipment, scannedAt: new Date().toISOString() } },
  ],
  'POST /api/inventory/audits/:id/complete': (t) => [{ method: 'POST', url: `/api/inventory/audits/${t.inventory.audit}/complete`, payload: { scanIds: [] } }],
  'POST /api/inventory/audits/:id/move': (t) => [{ method: 'POST', url: `/api/inventory/audits/${t.inventory.audit}/move`, payload: { equipmentId: t.inventory.equipment } }],
  // Third parties V2: a company, a worker, an intervention read, edited, deleted and restored with the other tenant's id; its plan signed; its worker signed out.
  ...Object.fromEntries(
    ([['companies', 'company', { name: 'Taken over' }], ['workers', 'worker', { name: 'Taken over' }], ['interventions', 'intervention', { title: 'Taken over' }]] as const).flatMap(([path, key, changes]) => [
      [`GET /api/third-party/${path}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/third-party/${path}/${t.companies[key]}` }]],
      [`GET /api/third-party/${path}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/third-party/${path}/${t.companies[key]}/history` }]],
      [`PATCH /api/third-party/${path}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/third-party/${path}/${t.companies[key]}`, payload: { baseVersion: 1, changes } }]],
      [`DELETE /api/third-party/${path}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/third-party/${path}/${t.companies[key]}`, payload: { baseVersion: 1 } }]],
      [`POST /api/third-party/${path}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/third-party/${path}/${t.companies[key]}/restore`, payload: { baseVersion: 1 } }]],
    ]),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  'POST /api/third-party/interventions/:id/signatures': (t) => [
    { method: 'POST', url: `/api/third-party/interventions/${t.companies.intervention}/signatures`, payload: { id: randomUUID(), role: 'company', name: 'Taken over', attachmentId: randomUUID(), planVersion: 1 } },
  ],
  'POST /api/third-party/presence/:id/sign-out': (t) => [
    { method: 'POST', url: `/api/third-party/presence/${t.companies.presence}/sign-out`, payload: { siteId: t.site, workerId: t.companies.worker, visitorName: '', signedInAt: new Date(Date.now() - 60_000).toISOString() } },
  ],
  // Third-party share links: another tenant's link read, extended, revoked; the public routes answer to a token alone.
  'GET /api/third-party/links/:id': (t) => [{ method: 'GET', url: `/api/third-party/links/${t.thirdPartyLink}` }],
  'POST /api/third-party/links/:id/extend': (t) => [
    { method: 'POST', url: `/api/third-party/links/${t.thirdPartyLink}/extend`, headers: { 'idempotency-key': randomUUID() }, payload: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
  ],
  'POST /api/third-party/links/:id/revoke': (t) => [{ method: 'POST', url: `/api/third-party/links/${t.thirdPartyLink}/revoke`, headers: { 'idempotency-key': randomUUID() } }],
  'GET /api/shared/links/:token': () => [{ method: 'GET', url: `/api/shared/links/${'x'.repeat(65)}` }],
  'GET /api/shared/links/:token/files/:fileId': (t) => [{ method: 'GET', url: `/api/shared/links/${'x'.repeat(65)}/files/${t.attachment}` }],
  'POST /api/shared/links/:token/code': () => [{ method: 'POST', url: `/api/shared/links/${'x'.repeat(65)}/code` }],
  'POST /api/shared/links/:token/code/check': () => [{ method: 'POST', url: `/api/shared/links/${'x'.repeat(65)}/code/check`, payload: { code: '123456' } }],
  // Sharing bank: a group and a resource read, edited, deleted and restored; a resource opened, acknowledged, published again, its board read, its readers reminded; a resource that is no shared template imported.
  ...Object.fromEntries(
    (['groups', 'resources'] as const).flatMap((kind) => {
      const id = (t: Tenant) => (kind === 'groups' ? t.sharing.group : t.sharing.resource);
      const changes = kind === 'groups' ? { name: 'Taken over' } : { title: 'Taken over' };
      return [
        [`GET /api/sharing-bank/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: `/api/sharing-bank/${kind}/${id(t)}` }]],
        [`GET /api/sharing-bank/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `/api/sharing-bank/${kind}/${id(t)}/history` }]],
        [`PATCH /api/sharing-bank/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: `/api/sharing-bank/${kind}/${id(t)}`, payload: { baseVersion: 1, changes } }]],
        [`DELETE /api/sharing-bank/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: `/api/sharing-bank/${kind}/${id(t)}`, payload: { baseVersion: 1 } }]],
        [`POST /api/sharing-bank/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `/api/sharing-bank/${kind}/${id(t)}/restore`, payload: { baseVersion: 1 } }]],
      ];
    }),
  ) as Record<string, (t: Tenant) => Attempt[]>,
  'POST /api/sharing-bank/resources/:id/open': (t) => [{ method: 'POST', url: `/api/sharing-bank/resources/${t.sharing.resource}/open`, payload: { version: 1 } }],
  'POST /api/sharing-bank/resources/:id/acknowledge': (t) => [{ method: 'POST', url: `/api/sharing-bank/resources/${t.sharing.resource}/acknowledge`, payload: { version: 1 } }],
  'POST /api/sharing-bank/resources/:id/publish': (t) => [{ method: 'POST', url: `/api/sharing-bank/resources/${t.sharing.resource}/publish`, payload: { baseVersion: 1 } }],
  'GET /api/sharing-bank/resources/:id/board': (t) => [{ method: 'GET', url: `/api/sharing-bank/resources/${t.sharing.resource}/board` }],
  'POST /api/sharing-bank/resources/:id/remind': (t) => [{ method: 'POST', url: `/api/sharing-bank/resources/${t.sharing.resource}/remind` }],
  'POST /api/sharing-bank/shared-templates/:id/import': (t) => [{ method: 'POST', url: `/api/sharing-bank/shared-templates/${t.sharing.resource}/import`, payload: { id: randomUUID() } }],
  // Files: another tenant's site type's template, site's folders, folder and document read and changed.
  'GET /api/files/siteTypes/:id/folders': (t) => [{ method: 'GET', url: `/api/files/siteTypes/${t.siteType}/folders` }],
  'GET /api/files/sites/:id/folders': (t) => [{ method: 'GET', url: `/api/files/sites/${t.site}/folders` }],
  'POST /api/files/sites/:id/apply': (t) => [{ method: 'POST', url: `/api/files/sites/${t.site}/apply` }],
  'GET /api/files/folders/:id': (t) => [{ method: 'GET', url: `/api/files/folders/${filesOf(t).folder}` }],
  'PATCH /api/files/folders/:id': (t) => [{ method: 'PATCH', url: `/api/files/folders/${filesOf(t).folder}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/files/folders/:id': (t) => [{ method: 'DELETE', url: `/api/files/folders/${filesOf(t).folder}`, payload: { baseVersion: 1 } }],
  'POST /api/files/folders/:id/restore': (t) => [{ method: 'POST', url: `/api/files/folders/${filesOf(t).folder}/restore`, payload: { baseVersion: 1 } }],
  'GET /api/files/folders/:id/documents': (t) => [{ method: 'GET', url: `/api/files/folders/${filesOf(t).folder}/documents` }],
  'GET /api/files/documents/:id': (t) => [{ method: 'GET', url: `/api/files/documents/${filesOf(t).document}` }],
  'GET /api/files/documents/:id/history': (t) => [{ method: 'GET', url: `/api/files/documents/${filesOf(t).document}/history` }],
  'PATCH /api/files/documents/:id': (t) => [{ method: 'PATCH', url: `/api/files/documents/${filesOf(t).document}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/files/documents/:id': (t) => [{ method: 'DELETE', url: `/api/files/documents/${filesOf(t).document}`, payload: { baseVersion: 1 } }],
  'POST /api/files/documents/:id/restore': (t) => [{ method: 'POST', url: `/api/files/documents/${filesOf(t).document}/restore`, payload: { baseVersion: 1 } }],
  // Inventory: another tenant's item's questionnaire inspections listed, and one started on it.
  'GET /api/inventory/equipment/:id/inspections': (t) => [{ method: 'GET', url: `/api/inventory/equipment/${t.inventory.equipment}/inspections` }],
  'POST /api/inventory/equipment/:id/inspections': (t) => [{ method: 'POST', url: `/api/inventory/equipment/${t.inventory.equipment}/inspections`, payload: { id: randomUUID() } }],
  // Data-sharing area: another tenant's area read, changed, its links made, extended, revoked, its deposits listed and moved; the public routes answer to a token alone.
  'GET /api/dsa/areas/:id': (t) => [{ method: 'GET', url: `/api/dsa/areas/${dsaOf(t).area}` }],
  'GET /api/dsa/areas/:id/history': (t) => [{ method: 'GET', url: `/api/dsa/areas/${dsaOf(t).area}/history` }],
  'PATCH /api/dsa/areas/:id': (t) => [{ method: 'PATCH', url: `/api/dsa/areas/${dsaOf(t).area}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/dsa/areas/:id': (t) => [{ method: 'DELETE', url: `/api/dsa/areas/${dsaOf(t).area}`, payload: { baseVersion: 1 } }],
  'POST /api/dsa/areas/:id/restore': (t) => [{ method: 'POST', url: `/api/dsa/areas/${dsaOf(t).area}/restore`, payload: { baseVersion: 1 } }],
  'POST /api/dsa/areas/:id/links': (t) => [{ method: 'POST', url: `/api/dsa/areas/${dsaOf(t).area}/links`, payload: { id: randomUUID(), types: ['pdf'], quotaBytes: 2_000_000 } }],
  'POST /api/dsa/areas/:id/links/:linkId/extend': (t) => [
    { method: 'POST', url: `/api/dsa/areas/${dsaOf(t).area}/links/${dsaOf(t).link}/extend`, payload: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } },
  ],
  'POST /api/dsa/areas/:id/links/:linkId/revoke': (t) => [{ method: 'POST', url: `/api/dsa/areas/${dsaOf(t).area}/links/${dsaOf(t).link}/revoke` }],
  'GET /api/dsa/areas/:id/deposits': (t) => [{ method: 'GET', url: `/api/dsa/areas/${dsaOf(t).area}/deposits` }],
  'POST /api/dsa/areas/:id/deposits/:depositId/move': (t) => [
    { method: 'POST', url: `/api/dsa/areas/${dsaOf(t).area}/deposits/${dsaOf(t).deposit}/move`, payload: { folderId: filesOf(t).folder, documentId: randomUUID() } },
  ],
  'GET /api/shared/dsa/:token': () => [{ method: 'GET', url: `/api/shared/dsa/${'x'.repeat(65)}` }],
  'POST /api/shared/dsa/:token/uploads': () => [
    {
      method: 'POST',
      url: `/api/shared/dsa/${'x'.repeat(65)}/uploads`,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `id ${Buffer.from(randomUUID()).toString('base64')},name ${Buffer.from('a.pdf').toString('base64')},depositorName ${Buffer.from('X').toString('base64')}` },
    },
  ],
  'PATCH /api/shared/dsa/:token/uploads/:id': (t) => [
    { method: 'PATCH', url: `/api/shared/dsa/${'x'.repeat(65)}/uploads/${dsaOf(t).deposit}`, headers: { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }, payload: Buffer.from('x') },
  ],
  // 360 tours: another tenant's site's tour read and written, its marker moved and removed, its stage's image and tiles read.
  'GET /api/360/sites/:siteId': (t) => [{ method: 'GET', url: `/api/360/sites/${t.site}` }],
  'GET /api/360/sites/:siteId/targets': (t) => [{ method: 'GET', url: `/api/360/sites/${t.site}/targets?kind=declaration` }],
  'PUT /api/360/sites/:siteId/start': (t) => [{ method: 'PUT', url: `/api/360/sites/${t.site}/start`, payload: { stageId: t.stage } }],
  'POST /api/360/sites/:siteId/links': (t) => [{ method: 'POST', url: `/api/360/sites/${t.site}/links`, payload: { id: randomUUID(), fromStageId: t.stage, toStageId: randomUUID(), yaw: 0, pitch: 0 } }],
  'POST /api/360/sites/:siteId/markers': (t) => [{ method: 'POST', url: `/api/360/sites/${t.site}/markers`, payload: { id: randomUUID(), stageId: t.stage, yaw: 0, pitch: 0, kind: 'note', label: 'Taken over' } }],
  'POST /api/360/sites/:siteId/captures': (t) => [{ method: 'POST', url: `/api/360/sites/${t.site}/captures`, payload: { id: randomUUID(), stageId: t.stage, capturedOn: '2024-01-02', attachmentId: t.attachment } }],
  'PATCH /api/360/markers/:id': (t) => [{ method: 'PATCH', url: `/api/360/markers/${MARKER_OF.get(t.district)!}`, payload: { label: 'Taken over' } }],
  'DELETE /api/360/markers/:id': (t) => [{ method: 'DELETE', url: `/api/360/markers/${MARKER_OF.get(t.district)!}` }],
  'DELETE /api/360/links/:id': () => [{ method: 'DELETE', url: `/api/360/links/${randomUUID()}` }],
  'DELETE /api/360/captures/:id': () => [{ method: 'DELETE', url: `/api/360/captures/${randomUUID()}` }],
  'GET /api/360/images/:source': (t) => [{ method: 'GET', url: `/api/360/images/stage-${t.stage}` }, { method: 'GET', url: `/api/360/images/${t.attachment}` }],
  'GET /api/360/images/:source/base': (t) => [{ method: 'GET', url: `/api/360/images/stage-${t.stage}/base` }],
  'GET /api/360/images/:source/tiles/:col/:row': (t) => [{ method: 'GET', url: `/api/360/images/stage-${t.stage}/tiles/0/0` }],
  // Workflows: another tenant's definition read, edited, published; its instance read and moved; its delegation ended.
  'GET /api/workflow/definitions/:id': (t) => [{ method: 'GET', url: `/api/workflow/definitions/${workflowOf(t).definition}` }],
  'PATCH /api/workflow/definitions/:id': (t) => [{ method: 'PATCH', url: `/api/workflow/definitions/${workflowOf(t).definition}`, payload: { name: 'Taken over' } }],
  'POST /api/workflow/definitions/:id/publish': (t) => [{ method: 'POST', url: `/api/workflow/definitions/${workflowOf(t).definition}/publish` }],
  'GET /api/workflow/instances/:id': (t) => [{ method: 'GET', url: `/api/workflow/instances/${workflowOf(t).instance}` }],
  'POST /api/workflow/instances/:id/transitions': (t) => [{ method: 'POST', url: `/api/workflow/instances/${workflowOf(t).instance}/transitions`, payload: { transition: 'submit', fromState: 'requested', fields: { location: 'A', risks: 'B' } } }],
  'DELETE /api/workflow/delegations/:id': (t) => [{ method: 'DELETE', url: `/api/workflow/delegations/${workflowOf(t).delegation}` }],
  // 2D plans: another tenant's site's plans and pin candidates, its plan read and changed, its pins and zones moved or removed.
  'GET /api/plan2d/sites/:id/plans': (t) => [{ method: 'GET', url: `/api/plan2d/sites/${t.site}/plans` }],
  'GET /api/plan2d/sites/:id/candidates': (t) => [{ method: 'GET', url: `/api/plan2d/sites/${t.site}/candidates` }],
  'GET /api/plan2d/plans/:id': (t) => [{ method: 'GET', url: `/api/plan2d/plans/${plan2dOf(t).plan}` }],
  'PATCH /api/plan2d/plans/:id': (t) => [{ method: 'PATCH', url: `/api/plan2d/plans/${plan2dOf(t).plan}`, payload: { baseVersion: 1, changes: { name: 'Taken over' } } }],
  'DELETE /api/plan2d/plans/:id': (t) => [{ method: 'DELETE', url: `/api/plan2d/plans/${plan2dOf(t).plan}`, payload: { baseVersion: 1 } }],
  'POST /api/plan2d/plans/:id/revisions': (t) => [{ method: 'POST', url: `/api/plan2d/plans/${plan2dOf(t).plan}/revisions`, payload: { baseVersion: 1, sourceId: plan2dOf(t).image } }],
  'POST /api/plan2d/plans/:id/pins': (t) => [{ method: 'POST', url: `/api/plan2d/plans/${plan2dOf(t).plan}/pins`, payload: { id: randomUUID(), kind: 'declaration', recordId: t.declaration, x: 0.5, y: 0.5 } }],
  'POST /api/plan2d/plans/:id/declaration-pins': (t) => [{ method: 'POST', url: `/api/plan2d/plans/${plan2dOf(t).plan}/declaration-pins`, payload: { id: randomUUID(), recordId: t.declaration, x: 0.5, y: 0.5 } }],
  'POST /api/plan2d/plans/:id/zones': (t) => [{ method: 'POST', url: `/api/plan2d/plans/${plan2dOf(t).plan}/zones`, payload: { id: randomUUID(), type: 'assembly', name: 'Taken over', colour: '#123456', points: [{ x: 0.5, y: 0.5 }] } }],
  'PATCH /api/plan2d/pins/:id': (t) => [{ method: 'PATCH', url: `/api/plan2d/pins/${plan2dOf(t).pin}`, payload: { baseVersion: 1, x: 0.1, y: 0.1 } }],
  'DELETE /api/plan2d/pins/:id': (t) => [{ method: 'DELETE', url: `/api/plan2d/pins/${plan2dOf(t).pin}` }],
  'DELETE /api/plan2d/zones/:id': (t) => [{ method: 'DELETE', url: `/api/plan2d/zones/${plan2dOf(t).zone}` }],
  // Import/export: another tenant's job (a done district export of the operator's) and its file.
  'GET /api/import-export/jobs/:id': (t) => [{ method: 'GET', url: `/api/import-export/jobs/${JOB_OF.get(t.district)!}` }],
  'GET /api/import-export/jobs/:id/file': (t) => [{ method: 'GET', url: `/api/import-export/jobs/${JOB_OF.get(t.district)!}/file` }],
  // Synthesis: another tenant's shared saved table and dashboard (the demo's), read, edited, deleted and restored.
  ...(Object.fromEntries(
    (['tables', 'dashboards'] as const).flatMap((kind) => {
      const url = (t: Tenant) => `/api/synthesisBuilder/${kind}/${SYNTHESIS_OF.get(t.district)![kind]}`;
      return [
        [`GET /api/synthesisBuilder/${kind}/:id`, (t: Tenant) => [{ method: 'GET', url: url(t) }]],
        [`GET /api/synthesisBuilder/${kind}/:id/history`, (t: Tenant) => [{ method: 'GET', url: `${url(t)}/history` }]],
        [`PATCH /api/synthesisBuilder/${kind}/:id`, (t: Tenant) => [{ method: 'PATCH', url: url(t), payload: { baseVersion: 1, changes: { name: 'Taken over' } } }]],
        [`DELETE /api/synthesisBuilder/${kind}/:id`, (t: Tenant) => [{ method: 'DELETE', url: url(t), payload: { baseVersion: 1 } }]],
        [`POST /api/synthesisBuilder/${kind}/:id/restore`, (t: Tenant) => [{ method: 'POST', url: `${url(t)}/restore`, payload: { baseVersion: 1 } }]],
      ];
    }),
  ) as Record<string, (t: Tenant) => Attempt[]>),
  // 360 tours: the list of another tenant's tour images to keep on a device.
  'GET /api/360/sites/:siteId/download': (t) => [{ method: 'GET', url: `/api/360/sites/${t.site}/download` }],
};

/** The demo's shared saved table and dashboard of each tenant's district (synthesis seed). */
const SYNTHESIS_OF = new Map<string, { tables: string; dashboards: string }>();
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const one = async (table: string) => (await client.query<{ id: string }>(`select id from ${table} where district_id = $1 and shared order by created_at limit 1`, [t.district])).rows[0]!.id;
    SYNTHESIS_OF.set(t.district, { tables: await one('synthesis_tables'), dashboards: await one('synthesis_dashboards') });
  }
});

/** A done job of the operator's in each tenant's district, with its file, written once before the tests. */
const JOB_OF = new Map<string, string>();
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const id = randomUUID();
    await client.query(
      `insert into jobs (id, kind, district_id, account_id, state, progress, result, result_name, result_type, result_size, finished_at, expires_at)
       values ($1, 'districtExport', $2, $3, 'done', 100, $4, 'export.zip', 'application/zip', 8, now(), now() + interval '1 day')`,
      [id, t.district, operatorId, Buffer.from(t.marker.slice(0, 8))],
    );
    JOB_OF.set(t.district, id);
  }
});

/**
 * Routes whose path parameter names a list, not a record: read like the lists (the last test),
 * at these addresses.
 */
const LISTS_WITH_PARAMS: Record<string, string[]> = {
  'GET /api/import-export/exports/:name': [
    '/api/import-export/exports/sites',
    '/api/import-export/exports/suppliers',
    '/api/import-export/exports/contacts',
    '/api/import-export/exports/articles',
    '/api/import-export/exports/equipment',
    '/api/import-export/exports/users',
  ],
};

/** A 360 marker on each tenant's site (a note), written once before the tests. */
const MARKER_OF = new Map<string, string>();
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const id = randomUUID();
    await client.query(
      `insert into view360_markers (id, district_id, site_id, stage_id, yaw, pitch, kind, label, created_by) values ($1, $2, $3, $4, 0, 0, 'note', $5, $6)`,
      [id, t.district, t.site, t.stage, `Note ${t.marker}`, operatorId],
    );
    MARKER_OF.set(t.district, id);
  }
});

/** A hot-work permit, its definition and a delegation in each tenant's district, written once before the tests. */
const WORKFLOW_OF = new Map<string, { definition: string; instance: string; delegation: string }>();
const workflowOf = (t: Tenant) => WORKFLOW_OF.get(t.district)!;
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const { rows } = await client.query<{ id: string }>(`select id from workflow_definitions where district_id = $1 and name = 'Permis de feu'`, [t.district]);
    const { rows: members } = await client.query<{ account_id: string }>('select account_id from memberships where district_id = $1 order by account_id limit 1', [t.district]);
    const ids = { definition: rows[0]!.id, instance: randomUUID(), delegation: randomUUID() };
    const member = members[0]!.account_id;
    await client.query(
      `insert into workflow_instances (id, district_id, definition_id, definition_version, title, state, state_entered_at, created_by) values ($1, $2, $3, 1, $4, 'requested', now(), $5)`,
      [ids.instance, t.district, ids.definition, `${t.marker} permis`, member],
    );
    await client.query(`insert into workflow_delegations (id, district_id, account_id, delegate_id, starts_on, ends_on) values ($1, $2, $3, $3, current_date, current_date)`, [ids.delegation, t.district, member]);
    WORKFLOW_OF.set(t.district, ids);
  }
});

/** A plan of each tenant's district with its image, a pin and a zone (the 2D plans' demo data), read once before the tests. */
const PLAN2D_OF = new Map<string, { plan: string; image: string; pin: string; zone: string }>();
const plan2dOf = (t: Tenant) => PLAN2D_OF.get(t.district)!;
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const { rows } = await client.query<{ plan: string; image: string; pin: string; zone: string }>(
      `select p.id as plan, p.image_id as image, (select id from plan2d_pins where plan_id = p.id limit 1) as pin, (select id from plan2d_zones where plan_id = p.id limit 1) as zone
         from plan2d_plans p where p.district_id = $1 and exists (select 1 from plan2d_pins where plan_id = p.id) order by p.id limit 1`,
      [t.district],
    );
    PLAN2D_OF.set(t.district, rows[0]!);
  }
});

/** A site folder and a document of each tenant's district (the Files demo data's), read once before the tests. */
const FILES_OF = new Map<string, { folder: string; document: string }>();
const filesOf = (t: Tenant) => FILES_OF.get(t.district)!;
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const { rows } = await client.query<{ folder: string; document: string }>('select folder_id as folder, id as document from file_documents where district_id = $1 order by id limit 1', [t.district]);
    FILES_OF.set(t.district, rows[0]!);
  }
});

/** Each tenant's demo data-sharing area, its active link and a deposit, read once before the tests. */
const DSA_OF = new Map<string, { area: string; link: string; deposit: string }>();
const dsaOf = (t: Tenant) => DSA_OF.get(t.district)!;
beforeAll(async () => {
  for (const t of [lyon, marseille, nantes]) {
    const client = await server.databases.client(t.database);
    const { rows } = await client.query<{ area: string; link: string; deposit: string }>(
      'select p.area_id as area, p.link_id as link, p.id as deposit from dsa_deposits p where p.district_id = $1 order by p.id limit 1',
      [t.district],
    );
    DSA_OF.set(t.district, rows[0]!);
  }
});

/** Routes that take an id in the body or the query, aimed at tenant `t` from a session in client database `own`. */
const BODY_CASES = (t: Tenant, own: string): Attempt[] => [
  // A document of the other tenant's supplier, a supplier of its trade: not found.
  { method: 'POST', url: '/api/supplier/documents', payload: { id: randomUUID(), supplierId: t.supplier.suppliers, kind: 'insurance', title: 'Taken over' } },
  { method: 'POST', url: '/api/supplier/suppliers', payload: { id: randomUUID(), name: 'Taken over', tradeIds: [t.supplier.trades] } },
  // A contract with the other tenant's supplier, or from its template: not found.
  { method: 'POST', url: '/api/contract/contracts', payload: { id: randomUUID(), supplierId: t.supplier.suppliers, type: 'service', title: 'Taken over' } },
  // A movement, a loan, limits or a count in the other tenant's area or of its article: not found.
  { method: 'POST', url: '/api/inventory/stock/movements', payload: { id: randomUUID(), kind: 'outgoing', articleId: t.stock.article, areaId: t.stock.area, quantity: 1 } },
  { method: 'POST', url: '/api/inventory/stock/loans', payload: { id: randomUUID(), articleId: t.stock.article, areaId: t.stock.area, quantity: 1, borrower: 'Taken over', dueOn: '2030-01-01' } },
  { method: 'POST', url: '/api/inventory/stock/limits', payload: { articleId: t.stock.article, areaId: t.stock.area, minQuantity: 1, maxQuantity: null } },
  { method: 'POST', url: '/api/inventory/stock/counts', payload: { id: randomUUID(), areaId: t.stock.area } },
  // An item of the other tenant's article or site, an article of its category: not found.
  { method: 'POST', url: '/api/inventory/equipment', payload: { id: randomUUID(), articleId: t.inventory.articles, name: 'Taken over' } },
  { method: 'POST', url: '/api/inventory/articles', payload: { id: randomUUID(), name: 'Taken over', categoryId: t.inventory.categories } },
  // A contact of the other tenant's supplier or site: not found.
  { method: 'POST', url: '/api/contact-v2/contacts', payload: { id: randomUUID(), lastName: 'Taken over', supplierId: t.supplier.suppliers } },
  { method: 'POST', url: '/api/contact-v2/contacts', payload: { id: randomUUID(), lastName: 'Taken over', sites: [{ siteId: t.site, role: 'emergency' }] } },
  // A point, an area or an import into the other tenant's layer, category or group: not found.
  {
    method: 'POST',
    url: '/api/cartography/points',
    payload: { id: randomUUID(), name: 'Taken over', description: '', categoryId: t.map.categories, layerId: t.map.layers, position: { lat: 45, lng: 4 }, siteId: null },
  },
  {
    method: 'POST',
    url: '/api/cartography/areas',
    payload: {
      id: randomUUID(), name: 'Taken over', description: '', layerId: t.map.layers, groupId: t.map['area-groups'], colour: null,
      geometry: { type: 'Polygon', coordinates: [[[4, 45], [4.1, 45], [4.1, 45.1], [4, 45]]] },
    },
  },
  { method: 'POST', url: '/api/cartography/import', payload: { format: 'geojson', text: '{"type":"Point","coordinates":[4,45]}', layerId: t.map.layers, categoryId: t.map.categories } },
  // A report naming the other tenant's template revision: not found.
  {
    method: 'POST',
    url: '/api/declarations',
    payload: {
      id: randomUUID(), templateId: t.template, templateVersion: 1, capturedAt: '2026-03-02T08:15:00.000Z', siteId: null, position: null,
      occurredAt: '2026-03-02T08:10:00.000Z', severity: 'high', title: 'Taken over', description: '', values: {}, photos: [],
    },
  },
  // An inspection of the other tenant's template: not found.
  { method: 'POST', url: '/api/questionnaires/inspections', payload: { id: randomUUID(), templateId: t.checklist, siteId: null } },
  {
    method: 'POST',
    url: '/api/questionnaires/schedules',
    payload: { id: randomUUID(), templateId: t.checklist, siteIds: [t.site], assigneeIds: [t.onlyAccount], recurrence: 'once', interval: 1, firstDueAt: '2027-01-04T08:00:00.000Z', until: null, remindDays: 1 },
  },
  // An action naming the other tenant's site, plan or template: not found.
  ...[{ siteId: t.site }, { planId: t.plan }, { templateId: t.actionTemplate }].map((named) => ({
    method: 'POST' as const,
    url: '/api/actions',
    payload: { id: randomUUID(), title: 'Taken over', description: '', siteId: null, planId: null, assigneeId: null, dueOn: null, priority: 'low', proof: { photo: false, note: false }, ...named },
  })),
  // An audit of the other tenant's site: not found.
  { method: 'POST', url: '/api/inventory/audits', payload: { id: randomUUID(), siteId: t.site } },
  // A folder in the other tenant's site, template or folder, a file filed in its folder: not found.
  { method: 'POST', url: '/api/files/folders', payload: { id: randomUUID(), siteId: t.site, name: 'Taken over' } },
  { method: 'POST', url: '/api/files/folders', payload: { id: randomUUID(), siteTypeId: t.siteType, name: 'Taken over' } },
  { method: 'POST', url: '/api/files/documents/upload', payload: { attachmentId: randomUUID(), documentId: randomUUID(), folderId: filesOf(t).folder, name: 'Taken over.pdf' } },
  { method: 'POST', url: '/api/admin/changeDistrict', payload: { district: t.district } },
  // The district of another client named with the session's own client database.
  { method: 'POST', url: '/api/admin/changeClient', payload: { database: own, district: t.district } },
  {
    method: 'POST',
    url: '/api/emergency/sendInformations',
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      sites: [{ _id: t.site, informations: { threeD: [], threeSixty: [] }, files: [], fields: { allFields: false, general: ['name'], clientFields: [], districtFields: [], siteFields: [], siteTypeFields: [] } }],
      delay: { days: 1, hours: 0, minutes: 0 },
      recipients: ['secours@example.org'],
      emergency: false,
      description: '',
    },
  },
  // A worker of the other tenant's company, an intervention of its company or at its site, a sign-in of its worker or at its site: not found.
  { method: 'POST', url: '/api/third-party/workers', payload: { id: randomUUID(), companyId: t.companies.company, name: 'Taken over' } },
  { method: 'POST', url: '/api/third-party/interventions', payload: { id: randomUUID(), companyId: t.companies.company, siteId: t.site, title: 'Taken over', startsOn: '2026-01-01', endsOn: '2026-01-02' } },
  { method: 'POST', url: '/api/third-party/presence', payload: { id: randomUUID(), siteId: t.site, workerId: null, visitorName: 'Taken over' } },
  { method: 'POST', url: '/api/third-party/presence', payload: { id: t.companies.presence, siteId: t.site, workerId: t.companies.worker, visitorName: '' } },
  // A share link of the other tenant's site, or sharing its site's items from one's own site: not found.
  {
    method: 'POST',
    url: '/api/third-party/links',
    headers: { 'idempotency-key': randomUUID() },
    payload: { id: randomUUID(), siteId: t.site, recipientName: 'Taken over', recipientEmail: 'tiers@example.org', items: [{ kind: 'site', id: t.site }], otp: false },
  },
  // A resource published to the other tenant's group: not found.
  { method: 'POST', url: '/api/sharing-bank/resources', payload: { id: randomUUID(), title: 'Taken over', kind: 'poster', audience: 'groups', groupIds: [t.sharing.group] } },
  // A plan of the other tenant's site, from its plan's image: not found.
  { method: 'POST', url: '/api/plan2d/plans', payload: { id: randomUUID(), siteId: t.site, level: 'RDC', name: 'Taken over', sourceId: plan2dOf(t).image } },
];

/**
 * GET routes without a path parameter that read no tenant's rows: the API's documentation,
 * probes, the public configuration, the caller's own address, an SSO provider's redirect, and
 * world data (the basemap, the geocoder's places).
 */
const NOT_TENANT_DATA = new Set([
  ...['', '/*', '/json', '/yaml', '/static/index.html', '/static/swagger-initializer.js'].map((path) => `GET /api/docs${path}`),
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'GET /api/config/maintenance',
  'GET /api/auth/clientIp',
  'GET /api/auth/sso/callback',
  'GET /api/cartography/basemap',
  'GET /api/cartography/basemap/style.json',
  'GET /api/cartography/places',
]);

const dayFromNow = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The queries a read route needs besides none and a search for the other tenant's marker: a calendar's range, a map's layers (the other tenant's). */
const QUERIES: Record<string, (t: Tenant) => string[]> = {
  'GET /api/calendar': () => [`?from=${dayFromNow(-10)}&to=${dayFromNow(10)}`],
  // The account's districts in a client database (the change-client stepper): names only.
  'GET /api/admin/districtNames': (t) => [`?database=${t.database}`],
  'GET /api/cartography/features': (t) => [`?layers=${t.map.layers}`, '?layers=incidents'],
  'GET /api/cartography/export': (t) => [`?layers=${t.map.layers}`],
  'GET /api/contact-v2/site-contacts': (t) => [`?site=${t.site}`, '?role=emergency,fireSafety'],
  'GET /api/contact-v2/contacts': (t) => [`?site=${t.site}`],
  'GET /api/inventory/labels/items': (t) => [`?ids=${t.inventory.equipment}`, `?siteId=${t.site}`],
  'GET /api/third-party/links/items': (t) => [`?siteId=${t.site}`, `?siteId=${t.site}&items=site:${t.site}`],
  'GET /api/third-party/links': (t) => [`?siteId=${t.site}`],
  'GET /api/files/search': (t) => [`?site=${t.site}`],
  'GET /api/files/export.csv': (t) => [`?site=${t.site}`],
  'GET /api/360/markers': (t) => [`?kind=declaration&recordId=${t.declaration}`],
};

/** Forgets every cached member envelope (what the bells count), as a write through the API does for its district. */
const forgetCachedEnvelopes = () => {
  for (const db of ['acme', 'bellevue']) server.ctx.tenantCache.invalidate({ kind: 'client', db });
};

/** An answer without what changes by itself between two reads (the time it was made). */
const stable = (body: string): string => body.replace(/"(generatedAt|serverTime|now)":"[^"]*"/g, '"$1":"…"');

/** District administration covers every district of the session's client (docs/api.md). */
const SAME_CLIENT_ALLOWED = new Set(['PATCH /api/districts/:id']);

/** Sessions write their own row when they move (changeClient in beforeAll); failed logins are counted. */
const VOLATILE = new Set(['sessions', 'login_throttle', 'sso_logins']);

/** Each session with the tenants it must not reach: the other client, and for Acme / Lyon another district too. */
const matrix = () => [
  { session: 'acme/Lyon', token: acmeToken, own: 'acme', foreign: [nantes, marseille] },
  { session: 'bellevue/Nantes', token: bellevueToken, own: 'bellevue', foreign: [lyon, marseille] },
];

describe('tenant isolation', () => {
  it('has a case for every route with a path parameter', () => {
    const withParams = registeredRoutes(server).filter((route) => route.includes('/:'));
    expect(withParams.length).toBeGreaterThan(0);
    expect(withParams.filter((route) => !(route in CASES) && !(route in LISTS_WITH_PARAMS))).toEqual([]);
    expect([...Object.keys(CASES), ...Object.keys(LISTS_WITH_PARAMS)].sort()).toEqual(withParams);
  });

  it('ids of another client or district answer 404 or 403 and change nothing, both ways', async () => {
    const before = await digestDatabases(server, VOLATILE);
    let calls = 0;
    for (const { session, token: sessionToken, own, foreign } of matrix()) {
      for (const target of foreign) {
        // Another district of the session's own client, where the account is also a member:
        // its name may be given (the app offers to change district), nothing else.
        const sameClient = target.database === own;
        // Within one client, district administration and moving between one's own districts
        // are allowed by design: only the other client gets those cases.
        const attempts = sameClient
          ? Object.entries(CASES).flatMap(([route, make]) => (SAME_CLIENT_ALLOWED.has(route) ? [] : make(target)))
          : [...Object.values(CASES).flatMap((make) => make(target)), ...BODY_CASES(target, own)];
        const leaks = [target.district, target.site, target.template, target.declaration, target.plan, target.actionTemplate, target.action, target.checklist, target.inspection, target.schedule, target.share, target.notification, target.onlyAccount, target.siteName, target.onlyEmail, ...Object.values(target.map), target.contact, ...Object.values(target.inventory), ...Object.values(target.stock), ...Object.values(target.companies), ...(sameClient ? [] : [target.districtName])];
        for (const attempt of attempts) {
          calls++;
          const what = `${session} → ${target.label}: ${attempt.method} ${attempt.url}`;
          const response = await server.app.inject({ method: attempt.method, url: attempt.url, headers: { ...bearer(sessionToken), ...attempt.headers }, ...(attempt.payload ? { payload: attempt.payload } : {}) });
          const body = response.json<{ data?: unknown; message: string }>();
          // A notification of the account's own, in another district of the same client: 409
          // notifications.other_district (spec: change district first), still no change.
          const otherDistrict = sameClient && response.statusCode === 409 && body.message === 'notifications.other_district';
          if (!otherDistrict) expect([403, 404], `${what}: ${response.body}`).toContain(response.statusCode);
          expect(body.data, what).toBeUndefined();
          for (const text of leaks) expect(response.body, `${what} leaks ${text}`).not.toContain(text);
        }
      }
    }
    expect(calls).toBeGreaterThan(20);
    expect(await digestDatabases(server, VOLATILE)).toEqual(before);
  });

  it('no route without parameters shows one client the other client\'s sites, notifications or members', async () => {
    const before = await digestDatabases(server, VOLATILE);
    const reads = registeredRoutes(server).filter((route) => route.startsWith('GET /api/') && !route.includes('/:'));
    expect(reads.length).toBeGreaterThan(10);
    for (const { session, token: sessionToken, own, foreign } of matrix()) {
      // Data of the session's own tenant does show (the check below is not vacuous)…
      const sites = await server.app.inject({ url: '/api/emergency/sites', headers: bearer(sessionToken) });
      expect(sites.statusCode).toBe(200);
      expect(sites.body).toContain(own === 'acme' ? lyon.siteName : nantes.siteName);
      // …and nothing of the other client, on any route. District names are not in the list:
      // an account that is a member of both clients sees them by design (the change-client stepper).
      const others = foreign.filter((t) => t.database !== own);
      for (const route of reads) {
        const url = route.slice('GET '.length);
        const response = await server.app.inject({ url, headers: bearer(sessionToken) });
        expect(response.statusCode, `${session}: ${route}`).toBeLessThan(500);
        for (const t of others) {
          for (const text of [t.site, t.siteName, t.notification, t.onlyAccount, t.onlyEmail]) {
            expect(response.body, `${session}: ${route} leaks ${text} of ${t.label}`).not.toContain(text);
          }
        }
      }
    }
    expect(await digestDatabases(server, VOLATILE)).toEqual(before);
  });

  it('no list, export, count or map route shows another district\'s or another client\'s rows, nor changes when they gain some', async () => {
    const reads = registeredRoutes(server).filter((route) => route.startsWith('GET /api/') && (!route.includes('/:') || route in LISTS_WITH_PARAMS) && !NOT_TENANT_DATA.has(route));
    expect(reads).toEqual(expect.arrayContaining(['GET /api/declarations', 'GET /api/declarations/export.csv', 'GET /api/cartography/features', 'GET /api/notifications/unreadCount', 'GET /api/dashboard']));
    for (const { session, token: sessionToken, own, foreign } of matrix()) {
      const urls = reads.flatMap((route) =>
        (LISTS_WITH_PARAMS[route] ?? [route.slice('GET '.length)]).flatMap((path) => {
          const queries = ['', ...foreign.flatMap((t) => [`?search=${t.marker}`, ...(QUERIES[route]?.(t) ?? [])])];
          return queries.map((query) => ({ route, url: path + query }));
        }),
      );
      const answers = new Map<string, string>();
      const served = new Set<string>();
      for (const { route, url } of urls) {
        const response = await server.app.inject({ url, headers: bearer(sessionToken) });
        expect(response.statusCode, `${session}: ${url}`).toBeLessThan(500);
        // A query a route does not take is refused (400): that one says nothing.
        if (response.statusCode === 400) continue;
        served.add(route);
        answers.set(url, response.body);
        for (const t of foreign) {
          // District names and the account's memberships of its own client are not secrets.
          const sameClient = t.database === own;
          const leaks = [t.marker, t.site, t.stage, t.siteType, t.template, t.declaration, t.checklist, t.inspection, t.schedule, t.share, t.plan, t.actionTemplate, t.action, t.attachment, t.notification, ...Object.values(t.map), ...Object.values(t.supplier), ...Object.values(t.contract), ...Object.values(t.inventory), ...Object.values(t.stock), ...Object.values(t.companies), t.contact, ...(sameClient ? [] : [t.siteName, t.onlyAccount, t.onlyEmail])];
          for (const text of leaks) expect(response.body, `${session}: ${url} shows ${text} of ${t.label}`).not.toContain(text);
        }
      }
      // Every route was read with at least one query it takes (QUERIES names those it needs).
      expect(reads.filter((route) => !served.has(route)), session).toEqual([]);
      // The other tenants gain a declaration, an inspection and an action due now, a point, an
      // unread bell: no count, total or list of this session moves.
      for (const t of foreign) await addRows(t);
      // Rows written behind the server's back: its cached envelopes (the bells' counts) are
      // forgotten, and addRows tells the lists' caches, as a write through the API would.
      forgetCachedEnvelopes();
      for (const [url, before] of answers) {
        const response = await server.app.inject({ url, headers: bearer(sessionToken) });
        expect(stable(response.body), `${session}: ${url} changed when another tenant gained rows`).toBe(stable(before));
      }
      // Not vacuous: the session's own rows show, and its own new bell moves its count.
      const home = own === 'acme' ? lyon : nantes;
      for (const url of ['/api/declarations', '/api/declarations/export.csv', '/api/cartography/features', `/api/actions?search=${home.marker}`]) {
        expect((await server.app.inject({ url, headers: bearer(sessionToken) })).body, `${session}: ${url}`).toContain(home.marker);
      }
      await addRows(home);
      forgetCachedEnvelopes();
      for (const url of ['/api/notifications/unreadCount', '/api/dashboard']) {
        const again = await server.app.inject({ url, headers: bearer(sessionToken) });
        expect(stable(again.body), `${session}: ${url} sees its own new rows`).not.toBe(stable(answers.get(url)!));
      }
    }
  });

  it('after a client change every later call reads the new database', async () => {
    const operator = await login(server, 'operator@demo.vigie.test');
    const moved = await server.app.inject({ method: 'POST', url: '/api/admin/changeClient', headers: bearer(operator.token), payload: { database: 'bellevue', district: nantes.district } });
    expect(moved.statusCode).toBe(200);
    const refreshed = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: operator.cookie } });
    const fresh = refreshed.json<Envelope<{ token: string }>>().data.token;

    const get = <T>(url: string) => server.app.inject({ url, headers: bearer(fresh) }).then((r) => r.json<Envelope<T>>().data);
    expect((await get<DistrictRef[]>('/api/districts')).map((d) => d.name)).toEqual(['Nantes', 'Rennes']);
    expect((await get<{ email: string }[]>('/api/users')).map((u) => u.email)).toContain('nantes.member@demo.vigie.test');
    const sites = await get<{ _id: string }[]>('/api/emergency/sites');
    expect(sites.map((s) => s._id)).toContain(nantes.site);
    const stages = await server.app.inject({ url: `/api/emergency/getSiteStages/${nantes.site}`, headers: bearer(fresh) });
    expect(stages.statusCode).toBe(200);
    // And the Acme ids are now the foreign ones.
    const acmeSite = await server.app.inject({ url: `/api/emergency/getSiteStages/${marseille.site}`, headers: bearer(fresh) });
    expect(acmeSite.statusCode).toBe(404);
  });
});

/**
 * The synthesis routes (/api/synthesisBuilder): a table's measures agree with the counts of the
 * owner module's own list route on the same filters (property test over random filters and
 * groupings), everything is the session's district's, a table computed once is read again from
 * the cache until a write of the district, bad definitions are 400 with their key, the CSV
 * defuses cells a spreadsheet would run, and the dashboard prints as a PDF.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SynthesisDefinition, SynthesisResult } from '../../common/modules/synthesis/schemas.js';
import type { Page } from '../../common/schemas/platform.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let field: string;
let member: string;
let lyon: string;
const call = apiCaller(() => server, '/api/synthesisBuilder', () => manager);

const SEVERITIES = ['low', 'medium', 'high', 'critical'];
const STATUSES = ['new', 'acknowledged', 'investigating', 'closed'];

const query = async (definition: SynthesisDefinition, token = manager) => call<SynthesisResult>({ method: 'POST', url: '/query', payload: definition, token });
/** Midnight starting `day` in Paris (the district's calendar, as the app's list turns its days into instants there). */
function parisMidnight(day: string): string {
  const paris = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });
  for (const offset of ['+01:00', '+02:00']) {
    const at = new Date(`${day}T00:00:00${offset}`);
    if (paris.format(at) === `${day}, 00`) return at.toISOString();
  }
  throw new Error(day);
}

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/** The declarations' list total for a cell's link (its address's days made the API's instants: `to` included, so the next day's midnight). */
async function listTotal(search: Record<string, string>): Promise<number> {
  const params = new URLSearchParams({ limit: '1' });
  for (const [key, value] of Object.entries(search)) params.set(key, key === 'from' ? parisMidnight(value) : key === 'to' ? parisMidnight(nextDay(value)) : value);
  const answer = await call<Page<unknown>>({ url: `/api/declarations?${params.toString()}` });
  expect(answer.status, answer.text).toBe(200);
  return answer.data.total;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  // A synthesis reader who is no synthesis administrator (no synthesisV3.access).
  member = (await login(server, 'district-admin@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  lyon = (await acme.query<{ id: string }>("select id from districts where name = 'Lyon'")).rows[0]!.id;
});

afterAll(async () => {
  await server?.close();
});

describe('synthesis tables', () => {
  it('lists the sources the modules declare, only to a synthesis reader', async () => {
    const sources = await call<{ id: string; fields: { id: string }[] }[]>({ url: '/sources' });
    expect(sources.status).toBe(200);
    expect(sources.data.map((s) => s.id)).toEqual(expect.arrayContaining(['declarations', 'actions', 'inspections']));
    expect((await call({ url: '/sources', token: field })).status).toBe(403);
    expect((await query({ source: 'declarations', groupBy: [], measures: ['count'], filters: [] }, field)).status).toBe(403);
  });

  it('counts what the declarations list shows on the same filters (random filters and groupings)', async () => {
    const acme = await server.databases.client('acme');
    const inDistrict = (await acme.query<{ n: number }>('select count(*)::int as n from declarations where district_id = $1 and deleted_at is null', [lyon])).rows[0]!.n;
    const everywhere = (await acme.query<{ n: number }>('select count(*)::int as n from declarations where deleted_at is null')).rows[0]!.n;
    const all = await query({ source: 'declarations', groupBy: [], measures: ['count'], filters: [] });
    expect(all.status, all.text).toBe(200);
    // The session's district only (the demo has declarations in the other districts too).
    expect(all.data.totals[0]).toBe(inDistrict);
    expect(everywhere).toBeGreaterThan(inDistrict);

    await fc.assert(
      fc.asyncProperty(
        fc.subarray(['severity', 'status', 'month'], { minLength: 1, maxLength: 2 }),
        fc.option(fc.subarray(SEVERITIES, { minLength: 1, maxLength: 1 }), { nil: undefined }),
        fc.option(fc.subarray(STATUSES, { minLength: 1, maxLength: 1 }), { nil: undefined }),
        fc.option(fc.integer({ min: 0, max: 11 }), { nil: undefined }),
        async (groupBy, severity, status, monthsBack) => {
          const filters = [...(severity ? [{ field: 'severity', values: severity }] : []), ...(status ? [{ field: 'status', values: status }] : [])];
          const definition: SynthesisDefinition = { source: 'declarations', groupBy, measures: ['count', 'seriousRate'], filters };
          if (monthsBack !== undefined) {
            const start = new Date();
            start.setUTCMonth(start.getUTCMonth() - monthsBack, 1);
            definition.from = start.toISOString().slice(0, 10);
          }
          const table = await query(definition);
          expect(table.status, table.text).toBe(200);
          const sum = table.data.rows.reduce((n, row) => n + (row.values[0] ?? 0), 0);
          expect(sum).toBe(table.data.totals[0]);
          expect(await listTotal(table.data.totalLink!)).toBe(table.data.totals[0]);
          for (const row of table.data.rows.slice(0, 4)) {
            expect(row.link).not.toBeNull();
            expect(await listTotal(row.link!)).toBe(row.values[0]);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('keeps a table until a write of the district, then computes it again', async () => {
    const definition: SynthesisDefinition = { source: 'declarations', groupBy: ['severity'], measures: ['count'], filters: [] };
    const first = await query(definition);
    const again = await query(definition);
    expect(again.data.computedAt).toBe(first.data.computedAt);
    const templateId = randomUUID();
    const template = await call<{ id: string; version: number }>({
      method: 'POST',
      url: '/api/declarations/templates',
      payload: { id: templateId, name: `Synthèse ${templateId.slice(0, 6)}`, icon: 'warning', defaultSeverity: 'critical', fields: [], notify: [] },
    });
    expect(template.status, template.text).toBe(201);
    const now = new Date().toISOString();
    const created = await call({
      method: 'POST',
      url: '/api/declarations',
      payload: { id: randomUUID(), templateId, templateVersion: template.data.version, capturedAt: now, occurredAt: now, siteId: null, position: null, severity: 'critical', title: 'Chute de charge', description: '', values: {}, photos: [] },
    });
    expect(created.status, created.text).toBe(201);
    const after = await query(definition);
    expect(after.data.computedAt >= first.data.computedAt).toBe(true);
    const critical = (r: { data: SynthesisResult }) => r.data.rows.find((row) => row.keys[0]!.value === 'critical')?.values[0] ?? 0;
    expect(critical(after)).toBe(critical(first) + 1);
    expect(after.data.totals[0]).toBe(first.data.totals[0]! + 1);
  });

  it('refuses a definition its source does not declare, with its key', async () => {
    for (const definition of [
      { source: 'payroll', groupBy: [], measures: ['count'], filters: [] },
      { source: 'declarations', groupBy: ['salary'], measures: ['count'], filters: [] },
      { source: 'declarations', groupBy: [], measures: ['count'], filters: [{ field: 'severity', values: ["x' or 1=1 --"] }] },
      { source: 'declarations', groupBy: [], measures: ['count'], filters: [{ field: 'site', values: ['not-an-id'] }] },
      { source: 'declarations', groupBy: [], measures: ['count'], filters: [], from: '2026-02-30' },
    ]) {
      const answer = await query(definition);
      expect(answer.status, JSON.stringify(definition)).toBe(400);
      expect(answer.body.message).toBe('synthesis.invalid_definition');
    }
  });

  it('computes actions and inspections, and exports a table as CSV with formulas defused', async () => {
    const actions = await query({ source: 'actions', groupBy: ['status'], measures: ['count', 'overdueRate'], filters: [] });
    expect(actions.status, actions.text).toBe(200);
    const inspections = await query({ source: 'inspections', groupBy: ['family'], measures: ['count', 'averageScore'], filters: [] });
    expect(inspections.status, inspections.text).toBe(200);

    const acme = await server.databases.client('acme');
    const site = (await acme.query<{ id: string }>('select site_id as id from declarations where district_id = $1 and site_id is not null limit 1', [lyon])).rows[0]!.id;
    await acme.query("update sites set name = '=HYPERLINK(\"http://evil.test\")' where id = $1", [site]);
    const csv = await call({ method: 'POST', url: '/table.csv', payload: { source: 'declarations', groupBy: ['site'], measures: ['count'], filters: [{ field: 'site', values: [site] }] } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(csv.text).not.toMatch(/(^|;)"=/m);
  });

  it('prints a dashboard as a PDF in the reader’s language', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/synthesisBuilder/dashboard.pdf',
      headers: { authorization: `Bearer ${manager}`, 'accept-language': 'en' },
      payload: { title: 'Declarations', filters: {}, cards: [{ title: 'By severity', chart: 'bar', definition: { source: 'declarations', groupBy: ['severity'], measures: ['count'], filters: [] } }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('saved tables and dashboards', () => {
  type Saved = { id: string; version: number; name: string; shared: boolean; createdBy: { id: string }; cards?: { tableId: string; chart: string }[] };
  const byDeclarations: SynthesisDefinition = { source: 'declarations', groupBy: ['severity'], measures: ['count'], filters: [] };
  const create = (path: string, payload: object, token: string) => call<Saved>({ method: 'POST', url: path, payload: { id: randomUUID(), ...payload }, token });
  const list = async (path: string, token: string) => (await call<Saved[]>({ url: path, token })).data;

  it('lists the demo saved tables and dashboard, shared with the district', async () => {
    const tables = await list('/tables', member);
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['Déclarations par gravité et par mois', 'Actions en retard par plan']));
    const dashboards = await list('/dashboards', member);
    const demo = dashboards.find((d) => d.name === 'Suivi mensuel sécurité')!;
    expect(demo.shared).toBe(true);
    expect(demo.cards!.map((c) => tables.find((t) => t.id === c.tableId)?.name)).toEqual(['Déclarations par gravité et par mois', 'Actions en retard par plan']);
    expect((await call({ url: '/tables', token: field })).status).toBe(403);
  });

  it('shows a shared table to another member and a private one to its author only', async () => {
    const shared = await create('/tables', { name: 'Gravité (partagé)', definition: byDeclarations, chart: 'bar', shared: true }, member);
    expect(shared.status, shared.text).toBe(201);
    const own = await create('/tables', { name: 'Gravité (privé)', definition: byDeclarations }, member);
    expect(own.status, own.text).toBe(201);
    expect(own.data.shared).toBe(false);
    const seenByManager = (await list('/tables', manager)).map((t) => t.id);
    expect(seenByManager).toContain(shared.data.id);
    expect(seenByManager).not.toContain(own.data.id);
    expect((await call({ url: `/tables/${own.data.id}`, token: manager })).status).toBe(404);
    expect((await list('/tables', member)).map((t) => t.id)).toEqual(expect.arrayContaining([shared.data.id, own.data.id]));
    // A dashboard may not name a table its author cannot see.
    const stolen = await create('/dashboards', { name: 'Volé', cards: [{ tableId: own.data.id, chart: 'bar' }] }, manager);
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('synthesis.unknown_table');
    const bad = await create('/tables', { name: 'Faux', definition: { ...byDeclarations, source: 'payroll' } }, member);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('synthesis.invalid_definition');
  });

  it('lets the author edit their own, an administrator the shared ones, and no one else', async () => {
    const mine = await create('/tables', { name: 'Table du gestionnaire', definition: byDeclarations, shared: true }, manager);
    expect(mine.status, mine.text).toBe(201);
    // A member reads the administrator's shared table but may not change or delete it.
    const rename = await call({ method: 'PATCH', url: `/tables/${mine.data.id}`, payload: { baseVersion: 1, changes: { name: 'Piraté' } }, token: member });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe('synthesis.not_yours');
    expect((await call({ method: 'DELETE', url: `/tables/${mine.data.id}`, payload: { baseVersion: 1 }, token: member })).status).toBe(403);

    // The administrator edits a member's shared table, not their private one (not even seen).
    const theirs = await create('/tables', { name: 'Table du membre', definition: byDeclarations, shared: true }, member);
    const renamed = await call<Saved>({ method: 'PATCH', url: `/tables/${theirs.data.id}`, payload: { baseVersion: 1, changes: { name: 'Table du membre (revue)' } }, token: manager });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.data.name).toBe('Table du membre (revue)');
    const unshare = await call({ method: 'PATCH', url: `/tables/${theirs.data.id}`, payload: { baseVersion: 2, changes: { shared: false } }, token: manager });
    expect(unshare.status).toBe(403);
    // Its author makes it private: the administrator no longer finds it.
    const hidden = await call({ method: 'PATCH', url: `/tables/${theirs.data.id}`, payload: { baseVersion: 2, changes: { shared: false } }, token: member });
    expect(hidden.status, hidden.text).toBe(200);
    expect((await call({ method: 'DELETE', url: `/tables/${theirs.data.id}`, payload: { baseVersion: 3 }, token: manager })).status).toBe(404);

    // A dashboard of the member's: edited and deleted by its author.
    const board = await create('/dashboards', { name: 'Mon suivi', shared: false, cards: [{ tableId: mine.data.id, chart: 'pie' }] }, member);
    expect(board.status, board.text).toBe(201);
    const moved = await call<Saved>({ method: 'PATCH', url: `/dashboards/${board.data.id}`, payload: { baseVersion: 1, changes: { cards: [] } }, token: member });
    expect(moved.status, moved.text).toBe(200);
    expect((await call({ method: 'DELETE', url: `/dashboards/${board.data.id}`, payload: { baseVersion: 2 }, token: member })).status).toBe(200);
  });
});

describe('the inventory, contracts and answers sources', () => {
  it('counts equipment checks due, contracts to renew and failed answers as the rows say', async () => {
    const acme = await server.databases.client('acme');
    const one = async (sql: string) => (await acme.query<{ n: number }>(sql, [lyon])).rows[0]!.n;
    const due = await one(
      "select count(*)::int as n from inventory_equipment where district_id = $1 and deleted_at is null and status <> 'retired' and next_check_on <= (now() at time zone 'Europe/Paris')::date + 30",
    );
    const equipment = await query({ source: 'equipment', groupBy: ['site'], measures: ['checksDue', 'count'], filters: [{ field: 'checkDue', values: ['due'] }] });
    expect(equipment.status, equipment.text).toBe(200);
    expect(equipment.data.totals[0]).toBe(due);
    expect(equipment.data.totals[1]).toBe(due);
    expect(due).toBeGreaterThan(0);
    // A cell opens the equipment list with the same site and "check due": it lists as many.
    const row = equipment.data.rows.find((r) => r.keys[0]!.value !== '')!;
    expect(row.link).toEqual({ site: row.keys[0]!.value, check: 'due' });
    const listed = await call<Page<unknown>>({ url: `/api/inventory/equipment?limit=1&site=${row.link!.site}&check=due` });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.data.total).toBe(row.values[0]);

    const toRenew = await one("select count(*)::int as n from contracts where district_id = $1 and deleted_at is null and status = 'toRenew'");
    const contracts = await query({ source: 'contracts', groupBy: ['supplier'], measures: ['count'], filters: [{ field: 'status', values: ['toRenew'] }] });
    expect(contracts.status, contracts.text).toBe(200);
    expect(contracts.data.totals[0]).toBe(toRenew);
    expect(contracts.data.list).toBe('contracts');

    const failed = await one(
      "select count(*)::int as n from inspections i, jsonb_each(i.answers) q where i.district_id = $1 and i.deleted_at is null and i.status = 'submitted' and i.failed_items @> jsonb_build_array(jsonb_build_object('questionKey', q.key))",
    );
    const answers = await query({ source: 'answers', groupBy: ['question'], measures: ['count', 'failed', 'failedRate'], filters: [] });
    expect(answers.status, answers.text).toBe(200);
    expect(answers.data.totals[1]).toBe(failed);
    expect(answers.data.rows.every((r) => r.keys[0]!.label !== '')).toBe(true);
    // Not split by question, the answers are counted from each inspection's stored counts: the same figures.
    const bySite = await query({ source: 'answers', groupBy: ['site', 'month'], measures: ['count', 'failed', 'failedRate'], filters: [] });
    expect(bySite.status, bySite.text).toBe(200);
    expect(bySite.data.totals).toEqual(answers.data.totals);

    for (const source of ['checks', 'stock', 'stockMoves']) {
      const table = await query({ source, groupBy: [], measures: [source === 'stock' ? 'levels' : 'count'], filters: [] });
      expect(table.status, `${source} ${table.text}`).toBe(200);
    }
  });
});

describe("a cell's link to its module's list", () => {
  it('names the list only when the list can show exactly the cell: its fields, its month as days, never a filter the list lacks', async () => {
    const { synthesisSource } = await import('../src/modules/_platform/synthesis-sources.js');
    const inspections = synthesisSource('inspections')!.list!;
    const answers = synthesisSource('answers')!.list!;
    const actions = synthesisSource('actions')!.list!;
    // Submitted inspections of a month: the list's dates are their submission days.
    expect(inspections.search({ status: 'submitted', month: '2026-02' }, {})).toEqual({ status: 'submitted', from: '2026-02-01', to: '2026-02-28' });
    // Planned ones have no submission day: a month cannot be shown.
    expect(inspections.search({ status: 'planned', month: '2026-02' }, {})).toBeNull();
    // The table's period narrows the cell's month.
    expect(answers.search({ month: '2026-03' }, { from: '2026-03-10' })).toEqual({ status: 'submitted', from: '2026-03-10', to: '2026-03-31' });
    // An empty value (no site), or an undated list under a period: the list would show more.
    expect(actions.search({ site: '' }, {})).toBeNull();
    expect(actions.search({ status: 'open' }, { from: '2026-01-01' })).toBeNull();
    expect(actions.search({ status: 'open' }, {})).toEqual({ scope: 'all', status: 'open' });
  });

  it('opens an item’s sheet for its checks, the stock’s article view for an article or the levels under their minimum, and nothing else', async () => {
    const { synthesisSource } = await import('../src/modules/_platform/synthesis-sources.js');
    const item = '0b5e7c52-3f0a-4d3e-9a51-2f7d8c1e6a10';
    const checks = synthesisSource('checks')!.list!;
    const stock = synthesisSource('stock')!.list!;
    const moves = synthesisSource('stockMoves')!.list!;
    expect(checks.link).toBe('equipmentSheet');
    expect(checks.search({ equipment: item }, {})).toEqual({ equipment: item });
    // The sheet lists every check of the item: not only the failed ones, nor a month's, nor a site's.
    expect(checks.search({ equipment: item, result: 'fail' }, {})).toBeNull();
    expect(checks.search({ equipment: item }, { from: '2026-01-01' })).toBeNull();
    expect(checks.search({ site: item }, {})).toBeNull();
    expect(stock.link).toBe('stockArticles');
    expect(stock.search({ article: item }, {})).toEqual({ article: item });
    expect(stock.search({ level: 'low' }, {})).toEqual({ low: 'true' });
    expect(stock.search({ level: 'ok' }, {})).toBeNull();
    expect(stock.search({ article: item, level: 'low' }, {})).toBeNull();
    expect(stock.search({ area: item }, {})).toBeNull();
    expect(stock.search({}, {})).toBeNull();
    expect(moves.search({ article: item }, {})).toEqual({ article: item });
    expect(moves.search({ article: item, kind: 'in' }, {})).toBeNull();
    expect(moves.search({ article: item }, { to: '2026-01-31' })).toBeNull();
    expect(moves.search({ level: 'low' }, {})).toBeNull();
  });
});

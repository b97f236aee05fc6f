/**
 * The import/export module (/api/import-export): the dry run's verdict per row; an import that
 * fails with nothing written (all or nothing), then writes every good row; a re-import that
 * updates the same records and never duplicates them; formula cells defused in CSV and XLSX
 * exports; a job's file for its owner alone, gone once expired; the personal data export with
 * the member's own data and nobody else's. Contacts, articles and equipment: verdicts, create then
 * update by reference, rights; a job's moves pushed to its owner's sockets alone.
 */
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PROGRESS_EVENT, type DryRunAnswer, type ImportRow, type Job, type JobProgressEvent } from '../../common/modules/importExport/schemas.js';
import type { HistoryEntry } from '../../common/schemas/platform.js';
import { drainJobs } from '../src/modules/_platform/jobs.js';
import { accountId, districtId } from './actions-fixtures.js';
import { apiCaller, listenOnLoopback, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let field: string;
let lyon: string;

const call = apiCaller(() => server, '/api/import-export', () => manager);

const site = (ref: string, name: string, more: Record<string, string> = {}) => ({ ref, name, address: `${ref} rue de la Paix, Lyon`, ...more });
const rowsOf = (cells: Record<string, string>[]): ImportRow[] => cells.map((c, i) => ({ line: i + 2, cells: c }));

/** Runs the queued jobs, then answers the job as its owner reads it. */
async function finished(id: string, token = manager): Promise<Job> {
  await drainJobs(server.ctx, 'acme');
  const answer = await call<Job>({ url: `/jobs/${id}`, token });
  expect(answer.status, answer.text).toBe(200);
  return answer.data;
}

async function sitesNamed(prefix: string) {
  const acme = await server.databases.client('acme');
  const { rows } = await acme.query<{ id: string; name: string; full_address: string }>(
    'select id, name, full_address from sites where district_id = $1 and name like $2 and deleted_at is null order by name',
    [lyon, `${prefix}%`],
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
});
afterAll(() => server?.destroy());

describe('import', () => {
  const good = [site('IMP-1', 'Imp Alpha'), site('IMP-2', 'Imp Beta', { lat: '45,76', lng: '4.83' }), site('IMP-3', 'Imp Gamma')];
  const bad = [
    site('IMP-4', ''),
    site('IMP-5', 'Imp Delta', { address: '=HYPERLINK("http://evil")' }),
    site('IMP-6', 'Imp Epsilon', { lat: 'nord', lng: '4' }),
    site('IMP-1', 'Imp Alpha again'),
    site('IMP-7', 'Imp Zeta', { siteType: 'Type inconnu' }),
  ];

  it('dry run: a verdict for each row, with its reason and cell, nothing written', async () => {
    const answer = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module: 'sites', rows: rowsOf([...good, ...bad]) } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.counts).toEqual({ create: 3, update: 0, skip: 0, error: 5 });
    expect(answer.data.rows).toEqual([
      { line: 5, verdict: 'error', reason: 'importExport.reasons.required', field: 'name' },
      { line: 6, verdict: 'error', reason: 'importExport.reasons.formula', field: 'address' },
      { line: 7, verdict: 'error', reason: 'importExport.reasons.not_a_number', field: 'lat' },
      { line: 8, verdict: 'error', reason: 'importExport.reasons.duplicate_ref', field: 'ref' },
      { line: 9, verdict: 'error', reason: 'importExport.reasons.unknown_type', field: 'siteType' },
    ]);
    expect(await sitesNamed('Imp ')).toEqual([]);
    // A member without imports.create may not even dry-run.
    expect((await call({ method: 'POST', url: '/imports/dry-run', token: field, payload: { module: 'sites', rows: [] } })).status).toBe(403);
  });

  it('all or nothing: rows in error fail the whole import unless they are left out; then every good row is written with its history', async () => {
    const rejected = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module: 'sites', rows: rowsOf([...good, ...bad]), skipErrors: false, fileName: 'sites.csv' } });
    expect(rejected.status, rejected.text).toBe(201);
    const failed = await finished(rejected.data.id);
    expect(failed).toMatchObject({ state: 'failed', errorKey: 'importExport.import_rejected', summary: { counts: { create: 3, error: 5 } } });
    expect(await sitesNamed('Imp ')).toEqual([]);

    const accepted = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module: 'sites', rows: rowsOf([...good, ...bad]), skipErrors: true, fileName: 'sites.csv' } });
    expect(await finished(accepted.data.id)).toMatchObject({ state: 'done', progress: 100, summary: { counts: { create: 3, error: 5 } } });
    const created = await sitesNamed('Imp ');
    expect(created.map((s) => s.name)).toEqual(['Imp Alpha', 'Imp Beta', 'Imp Gamma']);
    const history = await call<HistoryEntry[]>({ url: `/api/sites/${created[1]!.id}/history` });
    expect(history.data[0]).toMatchObject({ action: 'create' });
    expect(JSON.stringify(history.data[0]!.changes)).toContain('45.76');
    // The administrators' audit log holds the import, the rejected one not.
    const audit = await server.databases.control.query<{ target_id: string; details: { created: number } }>(`select target_id, details from audit_log where act = 'import.done'`);
    expect(audit.rows).toEqual([expect.objectContaining({ target_id: accepted.data.id, details: expect.objectContaining({ created: 3 }) })]);
  });

  it('a re-import updates the records of the same references and never duplicates them', async () => {
    const again = [site('IMP-1', 'Imp Alpha'), site('IMP-2', 'Imp Beta', { lat: '45.76', lng: '4.83', address: '2 place Bellecour, Lyon' }), site('IMP-3', 'Imp Gamma'), site('IMP-8', 'Imp Eta')];
    const dry = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module: 'sites', rows: rowsOf(again) } });
    expect(dry.data.counts).toEqual({ create: 1, update: 1, skip: 2, error: 0 });
    expect(dry.data.rows.find((r) => r.line === 3)).toEqual({ line: 3, verdict: 'update' });
    const before = await sitesNamed('Imp ');
    const job = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module: 'sites', rows: rowsOf(again), skipErrors: false, fileName: 'sites.xlsx' } });
    expect(await finished(job.data.id)).toMatchObject({ state: 'done', summary: { counts: { create: 1, update: 1, skip: 2 } } });
    const after = await sitesNamed('Imp ');
    expect(after.map((s) => s.name)).toEqual(['Imp Alpha', 'Imp Beta', 'Imp Eta', 'Imp Gamma']);
    const beta = after.find((s) => s.name === 'Imp Beta')!;
    expect(beta.id).toBe(before.find((s) => s.name === 'Imp Beta')!.id);
    expect(beta.full_address).toBe('2 place Bellecour, Lyon');
    const history = await call<HistoryEntry[]>({ url: `/api/sites/${beta.id}/history` });
    expect(history.data[0]).toMatchObject({ action: 'update', changes: [{ field: 'address', after: '2 place Bellecour, Lyon' }] });
  });

  it('suppliers too: the SIRET checked in the dry run, a re-import finds the same supplier', async () => {
    const rows = rowsOf([
      { ref: 'F-1', name: 'Imp Fournisseur', siret: '73282932000074', city: 'Lyon' },
      { ref: 'F-2', name: 'Imp Mauvais SIRET', siret: '12345678901234' },
    ]);
    const dry = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module: 'suppliers', rows } });
    expect(dry.data.rows).toEqual([{ line: 3, verdict: 'error', reason: 'importExport.reasons.invalid_siret', field: 'siret' }]);
    for (const city of ['Lyon', 'Villeurbanne']) {
      const job = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module: 'suppliers', rows: rowsOf([{ ref: 'F-1', name: 'Imp Fournisseur', city }]), skipErrors: false, fileName: 'f.csv' } });
      expect(await finished(job.data.id)).toMatchObject({ state: 'done' });
    }
    const acme = await server.databases.client('acme');
    const { rows: found } = await acme.query<{ city: string }>(`select city from suppliers where district_id = $1 and name = 'Imp Fournisseur'`, [lyon]);
    expect(found).toEqual([{ city: 'Villeurbanne' }]);
    // Exported with the list's filters, the trade's and the documents' too.
    const csv = await call({ url: `/exports/suppliers?format=csv&search=${encodeURIComponent('Imp Fournisseur')}` });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text.trim().split('\r\n')).toEqual([expect.any(String), expect.stringContaining('Villeurbanne')]);
    expect((await call({ url: `/exports/suppliers?format=csv&search=${encodeURIComponent('Imp Fournisseur')}&documents=expired` })).text.trim().split('\r\n')).toHaveLength(1);
    expect((await call({ url: `/exports/suppliers?format=csv&documents=bad` })).status).toBe(400);
  });
});

describe('contacts, articles and equipment', () => {
  const dry = async (module: string, cells: Record<string, string>[]) => {
    const answer = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module, rows: rowsOf(cells) } });
    expect(answer.status, answer.text).toBe(200);
    return answer.data;
  };
  const run = async (module: string, cells: Record<string, string>[]) => {
    const job = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module, rows: rowsOf(cells), skipErrors: true, fileName: `${module}.csv` } });
    expect(job.status, job.text).toBe(201);
    return finished(job.data.id);
  };
  const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[]) => {
    const acme = await server.databases.client('acme');
    return (await acme.query<T>(sql, params)).rows;
  };

  it('contacts: dry run verdicts, created, then updated by reference (the company named in any case), never duplicated', async () => {
    const [supplier] = await one<{ name: string }>('select name from suppliers where district_id = $1 and deleted_at is null order by name limit 1', [lyon]);
    const marie = { ref: 'C-1', lastName: 'Impdurand', firstName: 'Marie', company: supplier!.name.toUpperCase(), email: 'marie.impdurand@exemple.fr', mobile: '06 12 34 56 78' };
    const verdicts = await dry('contacts', [marie, { ref: 'C-2', jobTitle: 'Sans nom' }, { ref: 'C-3', lastName: 'Impx', email: 'pas-un-mail' }, { ref: 'C-4', lastName: 'Impy', company: 'Société inconnue' }]);
    expect(verdicts).toEqual({
      counts: { create: 1, update: 0, skip: 0, error: 3 },
      rows: [
        { line: 3, verdict: 'error', reason: 'importExport.reasons.name_required', field: 'lastName' },
        { line: 4, verdict: 'error', reason: 'importExport.reasons.invalid_email', field: 'email' },
        { line: 5, verdict: 'error', reason: 'importExport.reasons.unknown_company', field: 'company' },
      ],
    });
    expect(await run('contacts', [marie])).toMatchObject({ state: 'done', summary: { counts: { create: 1 } } });
    const [created] = await one<{ id: string; emails: string[]; phones: unknown[]; supplier: string }>(
      `select c.id, c.emails, c.phones, s.name as supplier from contacts c join suppliers s on s.id = c.supplier_id where c.district_id = $1 and c.last_name = 'Impdurand'`,
      [lyon],
    );
    expect(created).toMatchObject({ emails: ['marie.impdurand@exemple.fr'], phones: [{ type: 'mobile', number: '06 12 34 56 78' }], supplier: supplier!.name });
    expect((await dry('contacts', [marie])).counts).toEqual({ create: 0, update: 0, skip: 1, error: 0 });
    expect(await run('contacts', [{ ...marie, jobTitle: 'Responsable sécurité' }])).toMatchObject({ state: 'done', summary: { counts: { update: 1 } } });
    const after = await one<{ id: string; job_title: string }>(`select id, job_title from contacts where district_id = $1 and last_name = 'Impdurand' and deleted_at is null`, [lyon]);
    expect(after).toEqual([{ id: created!.id, job_title: 'Responsable sécurité' }]);
    // Exported with the list's filters.
    const csv = await call({ url: `/exports/contacts?format=csv&search=Impdurand` });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Responsable sécurité');
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
  });

  it("pushes a job's moves to its owner's sockets, and to nobody else's", async () => {
    const base = await listenOnLoopback(server);
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    const [mine, theirs] = await Promise.all([open(manager), open(field)]);
    const seen: JobProgressEvent[] = [];
    const strangers: JobProgressEvent[] = [];
    theirs.on(JOB_PROGRESS_EVENT, (event: JobProgressEvent) => strangers.push(event));
    try {
      const ended = new Promise<void>((resolve) => {
        mine.on(JOB_PROGRESS_EVENT, (event: JobProgressEvent) => {
          seen.push(event);
          if (event.state === 'done') resolve();
        });
      });
      const done = await run('contacts', [{ ref: 'C-PUSH', lastName: 'Imppush' }]);
      await ended;
      const own = seen.filter((e) => e.id === done.id);
      expect(own[0]).toEqual({ id: done.id, state: 'running', progress: 0 });
      expect(own.at(-1)).toEqual({ id: done.id, state: 'done', progress: 100 });
      expect(own.map((e) => e.progress)).toEqual([...own.map((e) => e.progress)].sort((a, b) => a - b));
      expect(strangers).toEqual([]);
    } finally {
      mine.disconnect();
      theirs.disconnect();
    }
  });

  it('articles and equipment: related records named as people name them, dates and statuses read, a re-import unchanged then updated', async () => {
    const [category] = await one<{ name: string }>('select name from inventory_categories where district_id = $1 and deleted_at is null order by name limit 1', [lyon]);
    const article = { ref: 'A-1', name: 'Imp Extincteur à eau', category: category!.name.toLowerCase(), reference: 'IMP-REF-1', unitCost: '42,50' };
    expect(await dry('articles', [article, { ref: 'A-2', name: 'Imp Sans catégorie', category: 'Catégorie inconnue' }])).toEqual({
      counts: { create: 1, update: 0, skip: 0, error: 1 },
      rows: [{ line: 3, verdict: 'error', reason: 'importExport.reasons.unknown_category', field: 'category' }],
    });
    expect(await run('articles', [article])).toMatchObject({ state: 'done', summary: { counts: { create: 1 } } });
    expect((await dry('articles', [article])).counts).toMatchObject({ skip: 1 });
    expect(await run('articles', [{ ...article, model: 'EAU-6L' }])).toMatchObject({ state: 'done', summary: { counts: { update: 1 } } });
    const articles = await one<{ unit_cost_cents: string; model: string }>(`select unit_cost_cents, model from inventory_articles where district_id = $1 and name = 'Imp Extincteur à eau'`, [lyon]);
    expect(articles).toEqual([{ unit_cost_cents: expect.anything(), model: 'EAU-6L' }]);
    expect(Number(articles[0]!.unit_cost_cents)).toBe(4250);

    const [site] = await one<{ name: string }>(`select name from sites where district_id = $1 and deleted_at is null and name not like 'Imp %' order by name limit 1`, [lyon]);
    const item = { ref: 'E-1', name: 'Imp Extincteur hall', article: 'imp-ref-1', site: site!.name, tag: 'IMP-TAG-1', status: 'Hors service', commissionedOn: '15/01/2024' };
    expect(
      await dry('equipment', [item, { ref: 'E-2', name: 'Imp B', article: 'IMP-REF-1', status: 'cassé' }, { ref: 'E-3', name: 'Imp C', article: 'IMP-REF-1', boughtOn: '31/02/2024' }, { ref: 'E-4', name: 'Imp D', article: 'IMP-REF-1', tag: 'IMP-TAG-1' }, { ref: 'E-5', name: 'Imp E', article: 'Article inconnu' }]),
    ).toEqual({
      counts: { create: 1, update: 0, skip: 0, error: 4 },
      rows: [
        { line: 3, verdict: 'error', reason: 'importExport.reasons.invalid_status', field: 'status' },
        { line: 4, verdict: 'error', reason: 'importExport.reasons.invalid_date', field: 'boughtOn' },
        { line: 5, verdict: 'error', reason: 'importExport.reasons.tag_taken', field: 'tag' },
        { line: 6, verdict: 'error', reason: 'importExport.reasons.unknown_article', field: 'article' },
      ],
    });
    expect(await run('equipment', [item])).toMatchObject({ state: 'done', summary: { counts: { create: 1 } } });
    expect((await dry('equipment', [item])).counts).toMatchObject({ skip: 1 });
    expect(await run('equipment', [{ ...item, room: 'Hall B' }])).toMatchObject({ state: 'done', summary: { counts: { update: 1 } } });
    const items = await one<{ status: string; commissioned_on: string; room: string }>(
      `select status, commissioned_on::text as commissioned_on, room from inventory_equipment where district_id = $1 and tag = 'IMP-TAG-1'`,
      [lyon],
    );
    expect(items).toEqual([{ status: 'outOfOrder', commissioned_on: '2024-01-15', room: 'Hall B' }]);
    const csv = await call({ url: `/exports/equipment?format=csv&search=${encodeURIComponent('Imp Extincteur hall')}` });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('hors service');
    // A member without imports.create may not dry-run any of them.
    for (const module of ['contacts', 'articles', 'equipment']) expect((await call({ method: 'POST', url: '/imports/dry-run', token: field, payload: { module, rows: [] } })).status).toBe(403);
  });
});

describe('export', () => {
  it('defuses cells that start like a formula, in CSV and XLSX', async () => {
    const id = randomUUID();
    const created = await call({ method: 'POST', url: '/api/sites', payload: { id, name: '=HYPERLINK("http://evil.test","clic")', address: '+33 rue du Test' } });
    expect(created.status, created.text).toBe(201);
    const csv = await call({ url: '/exports/sites?format=csv&search=HYPERLINK' });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.test"",""clic"")"`);
    expect(csv.text).toContain(`"'+33 rue du Test"`);
    const xlsx = await call({ url: '/exports/sites?format=xlsx&search=HYPERLINK' });
    expect(xlsx.status).toBe(200);
    const sheet = Object.entries(unzipSync(new Uint8Array(xlsx.raw))).map(([, bytes]) => strFromU8(bytes)).join('\n');
    expect(sheet).toMatch(/(&apos;|&#39;|')=HYPERLINK\(/);
    expect(sheet).not.toMatch(/>=HYPERLINK/);
    expect(sheet).not.toMatch(/<f>/);
    expect((await call({ url: '/exports/sites?format=csv&owner=x' })).status).toBe(400);
  });

  it("the district's ZIP: a job with its manifest, its file for its owner alone until it expires", async () => {
    const job = await call<Job>({ method: 'POST', url: '/district-export', payload: { id: randomUUID() } });
    expect(job.status, job.text).toBe(201);
    const done = await finished(job.data.id);
    expect(done.state).toBe('done');
    expect(new Date(done.expiresAt!).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const file = await call({ url: done.file!.url });
    expect(file.status).toBe(200);
    const zip = unzipSync(new Uint8Array(file.raw));
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!)) as { district: { name: string }; modules: { name: string; rows: number }[] };
    expect(manifest.district.name).toBe('Lyon');
    const sites = manifest.modules.find((m) => m.name === 'sites')!;
    expect(strFromU8(zip['sites.csv']!).trim().split('\r\n')).toHaveLength(sites.rows + 1);
    // Someone else: as if the job did not exist.
    expect((await call({ url: `/jobs/${job.data.id}`, token: field })).status).toBe(404);
    expect((await call({ url: done.file!.url, token: field })).status).toBe(404);
    // Expired: gone.
    const acme = await server.databases.client('acme');
    await acme.query(`update jobs set expires_at = now() - interval '1 minute' where id = $1`, [job.data.id]);
    expect((await call({ url: done.file!.url })).status).toBe(410);
  });
});

describe('personal data', () => {
  it("holds the member's account, memberships, notifications and records, and nobody else's", async () => {
    const acme = await server.databases.client('acme');
    const me = await accountId(server, 'field@demo.vigie.test');
    const other = await accountId(server, 'operator@demo.vigie.test');
    await acme.query(`insert into notifications (id, district_id, account_id, name, translate) values ($1, $2, $3, 'Pour moi seulement', false), ($4, $2, $5, 'Pour quelqu''un d''autre', false)`, [
      randomUUID(),
      lyon,
      me,
      randomUUID(),
      other,
    ]);
    const job = await call<Job>({ method: 'POST', url: '/my-data', token: field, payload: { id: randomUUID() } });
    expect(job.status, job.text).toBe(201);
    const done = await finished(job.data.id, field);
    expect(done.state).toBe('done');
    expect((await call({ url: done.file!.url })).status).toBe(404);
    const zip = unzipSync(new Uint8Array((await call({ url: done.file!.url, token: field })).raw));
    const all = Object.values(zip).map((bytes) => strFromU8(bytes)).join('\n');
    expect(JSON.parse(strFromU8(zip['account.json']!))).toMatchObject({ email: 'field@demo.vigie.test' });
    expect(all).not.toContain('password_hash');
    expect(strFromU8(zip['records/notifications.json']!)).toContain('Pour moi seulement');
    expect(all).not.toContain("Pour quelqu'un d'autre");
    // Every row it holds names the member (author, editor, assignee, recipient…).
    for (const [name, bytes] of Object.entries(zip).filter(([n]) => n.startsWith('records/'))) {
      for (const row of JSON.parse(strFromU8(bytes)) as Record<string, unknown>[]) expect(Object.values(row), name).toContain(me);
    }
  });
});

/**
 * The Contracts module (/api/contract): its own rules only (the generic record core is tested
 * once, in supplier.test.ts). The notice deadline and the current term of a tacitly renewed
 * contract; the status moved by a manager with a reason (allowed moves only) and by the job's
 * rules; each reminder sent once, however many runs and servers; the deadlines in the calendar
 * and its iCal feed; the printed contract with its template's fields filled.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../common/modules/contract/deadline.js';
import type { Contract, ContractRow, ContractTemplate } from '../../common/modules/contract/schemas.js';
import type { CalendarFeed, CalendarPage } from '../../common/schemas/calendar.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { buildServer, type VigieServer } from '../src/app.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { seedBenchContracts } from '../src/modules/contract/bench-seed.js';
import { runContractJob } from '../src/modules/contract/jobs.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, bearer, login, startTestServer, type TestServer, usePostgres } from './helper.js';
import { pdfText } from './pdf-text.js';

let server: TestServer;
let manager: string;
let managerId: string;
let reader: string;
let lyon: string;
let supplierId: string;
let siteId: string;

const call = apiCaller(() => server, '/api/contract', () => manager);

async function newContract(fields: Record<string, unknown> = {}) {
  const id = randomUUID();
  const answer = await call<Contract>({ method: 'POST', url: '/contracts', payload: { id, supplierId, type: 'maintenance', title: `Contrat ${id.slice(0, 8)}`, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

/** A time on a Paris day, 9 o'clock there (winter: UTC+1). */
const parisMorning = (day: string) => new Date(`${day}T08:00:00.000Z`);

const remindersOf = async (target: VigieServer, id: string) => {
  const acme = await target.databases.client('acme');
  const { rows } = await acme.query<{ kind: string; days: number; deadline: string }>(
    `select kind, days, deadline::text as deadline from contract_reminders where contract_id = $1 order by deadline, kind, days`,
    [id],
  );
  return rows;
};
const bellsOf = async (target: VigieServer, id: string) => {
  const acme = await target.databases.client('acme');
  const { rows } = await acme.query<{ account_id: string; name: string }>(`select account_id, name from notifications where actions::text like $1 order by created_at`, [`%${id}%`]);
  return rows;
};
const mailsOf = async (target: VigieServer, id: string) => {
  const acme = await target.databases.client('acme');
  const { rows } = await acme.query<{ recipient: string; subject: string }>(`select recipient, subject from mail_outbox where body_text like $1 order by created_at`, [`%${id}%`]);
  return rows;
};

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  managerId = await accountId(server, 'operator@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['contract.contract_read']);
  reader = (await login(server, 'districts@demo.vigie.test')).token;
  const suppliers = await call<Page<{ id: string }>>({ url: '/api/supplier/suppliers?limit=5' });
  supplierId = suppliers.data.items[0]!.id;
  const acme = await server.databases.client('acme');
  siteId = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 1', [lyon])).rows[0]!.id;
});
afterAll(() => server?.destroy());

describe('the demo data', () => {
  it('has contracts in every status, several with a notice deadline within 30 days, and the two templates', async () => {
    const page = await call<Page<ContractRow>>({ url: '/contracts?limit=200' });
    expect(new Set(page.data.items.map((c) => c.status))).toEqual(new Set(['draft', 'active', 'toRenew', 'terminated', 'expired']));
    const soon = await call<Page<ContractRow>>({ url: '/contracts?noticeWithin=30' });
    expect(soon.data.total).toBeGreaterThanOrEqual(3);
    const templates = await call<ContractTemplate[]>({ url: '/templates' });
    expect(templates.data.map((t) => t.name)).toEqual(['Contrat de maintenance', 'Vérification périodique']);
  });
});

describe('terms and notice deadlines', () => {
  it('computes the notice deadline: the end date minus the notice period; the manager is the creator', async () => {
    const today = districtToday();
    const c = await newContract({ endOn: addDays(today, 100), noticeDays: 30, siteIds: [siteId], amountCents: 123_456 });
    expect(c).toMatchObject({ status: 'draft', termEndOn: addDays(today, 100), noticeOn: addDays(today, 70), ownerId: managerId, ownerName: 'operator@demo.vigie.test', reminderDays: [90, 30, 7] });
    expect(c.sites.map((s) => s.id)).toEqual([siteId]);
    // Filtered by the notice deadline, the site, the supplier.
    const within = await call<Page<ContractRow>>({ url: `/contracts?noticeWithin=70&site=${siteId}&supplier=${supplierId}&search=${encodeURIComponent(c.title)}` });
    expect(within.data.items.map((r) => r.id)).toEqual([c.id]);
    const notYet = await call<Page<ContractRow>>({ url: `/contracts?noticeWithin=69&search=${encodeURIComponent(c.title)}` });
    expect(notYet.data.total).toBe(0);
  });

  it('rolls a tacitly renewed contract past its end to its current term', async () => {
    const today = districtToday();
    const endOn = addDays(today, -10);
    const c = await newContract({ endOn, tacitRenewal: true, renewalMonths: 12, noticeDays: 60 });
    expect(c.termEndOn).toBe(addMonths(endOn, 12));
    expect(c.noticeOn).toBe(addDays(addMonths(endOn, 12), -60));
  });

  it('refuses an end before the start, an unknown supplier, a manager who is not a member', async () => {
    const bad = [
      { startOn: '2030-05-01', endOn: '2030-04-01' },
      { supplierId: randomUUID() },
      { ownerId: randomUUID() },
    ];
    const answers = await Promise.all(bad.map((fields) => call({ method: 'POST', url: '/contracts', payload: { id: randomUUID(), supplierId, type: 'service', title: 'Refusé', ...fields } })));
    expect(answers.map((a) => [a.status, a.body.message])).toEqual([
      [400, 'contract.dates'],
      [404, 'contract.supplier_not_found'],
      [400, 'contract.owner_not_member'],
    ]);
  });
});

describe('status moves by a manager, with a reason', () => {
  it('allows the transitions of the rule only, keeps the reason in the history, refuses a reader', async () => {
    const c = await newContract();
    const move = (status: string, baseVersion: number, reason = 'Signé par les deux parties', token = manager) =>
      call<Contract>({ method: 'POST', url: `/contracts/${c.id}/status`, payload: { baseVersion, status, reason }, token });
    expect((await move('active', 1, 'x', reader)).status).toBe(403);
    expect((await move('active', 1, '   ')).status).toBe(400);
    const wrong = await move('toRenew', 1);
    expect([wrong.status, wrong.body.message]).toEqual([409, 'contract.invalid_transition']);
    const active = await move('active', 1);
    expect(active.status, active.text).toBe(200);
    expect(active.data).toMatchObject({ status: 'active', statusReason: 'Signé par les deux parties', version: 2 });
    expect((await move('terminated', 1)).body.message).toBe('record.version_conflict');
    const terminated = await move('terminated', 2, 'Résiliation pour faute');
    expect(terminated.data.status).toBe('terminated');
    expect((await move('active', 3)).body.message).toBe('contract.invalid_transition');
    const history = await call<HistoryEntry[]>({ url: `/contracts/${c.id}/history` });
    expect(history.data[0]!.changes).toEqual([
      { field: 'status', before: 'active', after: 'terminated' },
      { field: 'statusReason', before: 'Signé par les deux parties', after: 'Résiliation pour faute' },
    ]);
  });
});

describe('the job: statuses by rule and reminders once', () => {
  // Far from the real clock, in winter (Paris is UTC+1).
  let renewing: Contract;
  let ending: Contract;
  let renewed: Contract;
  beforeAll(async () => {
    renewing = await newContract({ status: 'active', endOn: '2041-03-31', noticeDays: 30 });
    ending = await newContract({ status: 'active', endOn: '2040-12-01', noticeDays: 30, reminderDays: [7] });
    renewed = await newContract({ status: 'active', endOn: '2040-06-30', tacitRenewal: true, renewalMonths: 12, noticeDays: 30 });
    // Moved to be renewed by hand before its term rolled.
    const moved = await call<Contract>({ method: 'POST', url: `/contracts/${renewed.id}/status`, payload: { baseVersion: 1, status: 'toRenew', reason: 'Renégociation' } });
    expect(moved.status).toBe(200);
  });

  it('moves active → toRenew within the window, → expired after the end, toRenew → active once tacitly renewed; reminds once however many runs', async () => {
    const at = parisMorning('2040-12-15');
    await runContractJob(server.ctx, at);
    await Promise.all([runContractJob(server.ctx, at), runContractJob(server.ctx, at)]);
    const now = async (c: Contract) => (await call<Contract>({ url: `/contracts/${c.id}` })).data;
    // Notice deadline 2041-03-01, 76 days away: within the 90 days' window; its 90-day reminder, once.
    expect(await now(renewing)).toMatchObject({ status: 'toRenew', statusReason: 'rule:toRenew', noticeOn: '2041-03-01' });
    expect(await remindersOf(server, renewing.id)).toEqual([{ kind: 'notice', days: 90, deadline: '2041-03-01' }]);
    const bells = await bellsOf(server, renewing.id);
    expect(bells).toHaveLength(1);
    expect(bells[0]).toMatchObject({ account_id: managerId, name: expect.stringContaining('Préavis à donner avant le 01/03/2041') });
    const mails = await mailsOf(server, renewing.id);
    expect(mails).toEqual([{ recipient: 'operator@demo.vigie.test', subject: expect.stringContaining('préavis du contrat') }]);
    // Ended without tacit renewal: expired, no reminder (its deadlines are past).
    expect(await now(ending)).toMatchObject({ status: 'expired', statusReason: 'rule:expired' });
    expect(await remindersOf(server, ending.id)).toEqual([]);
    // Rolled to its next term (notice 2041-05-31, 167 days away): active again.
    // (The record answers its term on the real day; the job's stored one is the job's day's.)
    expect(await now(renewed)).toMatchObject({ status: 'active', statusReason: 'rule:active' });
    const acme = await server.databases.client('acme');
    const stored = await acme.query('select term_end_on::text as term_end_on, notice_on::text as notice_on from contracts where id = $1', [renewed.id]);
    expect(stored.rows[0]).toEqual({ term_end_on: '2041-06-30', notice_on: '2041-05-31' });
    const history = await call<HistoryEntry[]>({ url: `/contracts/${renewing.id}/history` });
    expect(history.data[0]!.changes).toEqual([
      { field: 'status', before: 'active', after: 'toRenew' },
      { field: 'statusReason', before: null, after: 'rule:toRenew' },
    ]);

    // 19 days before the notice deadline: its 30-day reminder and the end's 90-day one; then 7 days before; the end's 30-day one on the notice day.
    for (const day of ['2041-02-10', '2041-02-10', '2041-02-22', '2041-03-01', '2041-03-01']) await runContractJob(server.ctx, parisMorning(day));
    expect(await remindersOf(server, renewing.id)).toEqual([
      { kind: 'notice', days: 7, deadline: '2041-03-01' },
      { kind: 'notice', days: 30, deadline: '2041-03-01' },
      { kind: 'notice', days: 90, deadline: '2041-03-01' },
      { kind: 'end', days: 30, deadline: '2041-03-31' },
      { kind: 'end', days: 90, deadline: '2041-03-31' },
    ]);
    expect(await bellsOf(server, renewing.id)).toHaveLength(5);
    expect(await mailsOf(server, renewing.id)).toHaveLength(5);
  });
});

describe.skipIf(!usePostgres)('two servers on one PostgreSQL', () => {
  let second: VigieServer;
  beforeAll(async () => {
    second = await buildServer({ ...server.config, seedDemo: false }, { logger: false });
  });
  afterAll(() => second?.close());

  it('runs the job in both at once: each reminder, bell and e-mail once', async () => {
    const contracts = await Promise.all(Array.from({ length: 20 }, () => newContract({ status: 'active', endOn: '2045-03-31', noticeDays: 30 })));
    const at = parisMorning('2045-02-20');
    await Promise.all([runContractJob(server.ctx, at), runContractJob(second.ctx, at)]);
    for (const c of contracts) {
      expect(await remindersOf(server, c.id)).toEqual([{ kind: 'notice', days: 30, deadline: '2045-03-01' }, { kind: 'end', days: 90, deadline: '2045-03-31' }]);
      expect(await bellsOf(server, c.id)).toHaveLength(2);
      expect(await mailsOf(server, c.id)).toHaveLength(2);
    }
  });
});

describe('the calendar and its iCal feed', () => {
  it('shows the notice deadline and the end of the contracts the member manages', async () => {
    const today = districtToday();
    const c = await newContract({ status: 'active', title: 'Contrat du calendrier', endOn: addDays(today, 20), noticeDays: 10 });
    const page = await call<CalendarPage>({ url: `/api/calendar?from=${today}&to=${addDays(today, 30)}` });
    const mine = page.data.items.filter((i) => i.id === c.id);
    expect(mine.map((i) => [i.kind, i.date, i.path])).toEqual([
      ['contractNotice', addDays(today, 10), `/contract/contract-view/${c.id}`],
      ['contractEnd', addDays(today, 20), `/contract/contract-view/${c.id}`],
    ]);
    // Not in the calendar of a member who does not manage it.
    const other = await call<CalendarPage>({ url: `/api/calendar?from=${today}&to=${addDays(today, 30)}`, token: reader });
    expect(other.data.items.some((i) => i.id === c.id)).toBe(false);

    const feed = await call<CalendarFeed>({ method: 'POST', url: '/api/calendar/feed' });
    const ics = await server.app.inject({ method: 'GET', url: new URL(feed.data.url!).pathname });
    expect(ics.statusCode).toBe(200);
    const text = ics.body.replace(/\r\n /g, '');
    expect(text).toContain(`UID:contractNotice-${c.id}@vigie`);
    expect(text).toContain('SUMMARY:Préavis de contrat : Contrat du calendrier');
    expect(text).toContain(`DTSTART;VALUE=DATE:${addDays(today, 10).replace(/-/g, '')}`);
    expect(text).toContain(`/contract/contract-view/${c.id}`);
  });
});

describe('templates and the printed contract', () => {
  it('prints a contract made from a template with its fields filled, in French and in English', async () => {
    const template = await call<ContractTemplate>({
      method: 'POST',
      url: '/templates',
      payload: {
        id: randomUUID(),
        name: 'Modèle de test',
        type: 'maintenance',
        fields: [
          { key: 'visits', label: 'Visites par an', kind: 'number' },
          { key: 'price', label: 'Prix annuel', kind: 'money' },
          { key: 'firstVisit', label: 'Première visite', kind: 'date' },
          { key: 'scope', label: 'Périmètre', kind: 'text' },
        ],
        clauses: 'Le prestataire fait {{visits}} visites par an sur {{scope}}, la première le {{firstVisit}}, pour {{price}} ; {{unknown}} reste.',
      },
    });
    expect(template.status, template.text).toBe(201);
    const duplicate = await call({ method: 'POST', url: '/templates', payload: { id: randomUUID(), name: 'Double', type: 'service', fields: [{ key: 'a', label: 'A', kind: 'text' }, { key: 'a', label: 'B', kind: 'text' }] } });
    expect(duplicate.body.message).toBe('contract.duplicate_field');
    // A value not of its field's kind is refused, with the field named.
    for (const fieldValues of [{ firstVisit: 'demain' }, { firstVisit: '2027-02-30' }, { visits: 'quatre' }]) {
      const refused = await call({ method: 'POST', url: '/contracts', payload: { id: randomUUID(), supplierId, type: 'maintenance', title: 'Mal rempli', templateId: template.data.id, fieldValues } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('contract.field_value_invalid');
    }
    const c = await newContract({
      title: 'Maintenance imprimée',
      templateId: template.data.id,
      fieldValues: { visits: 4, price: 250_000, firstVisit: '2027-01-15', scope: 'la chaufferie' },
      endOn: '2027-12-31',
      noticeDays: 90,
    });
    expect(c).toMatchObject({ templateId: template.data.id, templateName: 'Modèle de test', fieldValues: { visits: 4, scope: 'la chaufferie' } });
    const fr = await server.app.inject({ method: 'GET', url: `/api/contract/contracts/${c.id}/pdf?lang=fr`, headers: bearer(manager) });
    expect(fr.statusCode).toBe(200);
    expect(fr.headers['content-type']).toBe('application/pdf');
    const text = pdfText(fr.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Maintenance imprimée');
    expect(text).toContain('Le prestataire fait 4 visites par an sur la chaufferie, la première le 15/01/2027, pour 2 500,00 € ; {{unknown}} reste.');
    expect(text).toContain('Date limite de préavis');
    expect(text).toContain('02/10/2027');
    const en = await server.app.inject({ method: 'GET', url: `/api/contract/contracts/${c.id}/pdf?lang=en`, headers: bearer(manager) });
    const english = pdfText(en.rawPayload).replace(/\s+/g, ' ');
    expect(english).toContain('Notice deadline');
    expect(english).toContain('€2,500.00');
    // The template is in use: not deleted.
    const deleted = await call({ method: 'DELETE', url: `/templates/${template.data.id}`, payload: { baseVersion: 1 } });
    expect(deleted.body.message).toBe('contract.template_in_use');
  });

  it('exports the filtered list as CSV', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/contract/contracts/export.csv?status=terminated', headers: bearer(manager) });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Fourniture de consommables électriques');
    expect(answer.body).not.toContain('Maintenance des extincteurs');
    const unknown = await server.app.inject({ method: 'GET', url: '/api/contract/contracts/export.csv?fz_unknown=1', headers: bearer(manager) });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the bench data set', () => {
  it('writes N contracts over the district’s suppliers, with their terms and one history entry each', async () => {
    const acme = await server.databases.client('acme');
    const count = async () => (await acme.query<{ n: number }>('select count(*)::int as n from contracts where district_id = $1', [lyon])).rows[0]!.n;
    const before = await count();
    expect(await seedBenchContracts(acme, lyon, managerId, 25)).toBe(25);
    expect(await count()).toBe(before + 25);
    const { rows } = await acme.query<{ missing: number }>(
      `select count(*)::int as missing from contracts c where c.district_id = $1 and ((c.end_on is not null and c.notice_on is null) or not exists (select 1 from record_history h where h.record_id = c.id))`,
      [lyon],
    );
    expect(rows[0]!.missing).toBe(0);
  });
});

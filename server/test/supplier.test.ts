/**
 * The Suppliers module (/api/supplier) and, through its plain kinds, the platform's generic
 * record core (_platform/record-kind.ts, record-routes.ts) tested once: creation with the
 * client's id and its idempotent replay, a second create of the same id, a stale edit answered
 * with the record as it is now, history with names, deletion and restore, in-use refusal, keyset
 * pages with search, filters and count, rights (a reader writes nothing) and the district's scope.
 * The module's own rules: SIRET checked by its key, VAT upper-cased, trades, documents' state on
 * the day (valid, expiring, expired) and its filter, archived suppliers, the CSV export.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Supplier, SupplierDocument, SupplierDocumentListItem, SupplierRow, Trade } from '../../common/modules/supplier/schemas.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { siretFrom } from '../src/modules/supplier/seed.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
/** The operator: every right, in Acme / Lyon. */
let manager: string;
/** The district switcher, given supplier.supplier_read only. */
let reader: string;
let lyon: string;
let trades: Trade[];

const call = apiCaller(() => server, '/api/supplier', () => manager);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function newSupplier(fields: Record<string, unknown> = {}) {
  const id = randomUUID();
  const answer = await call<Supplier>({ method: 'POST', url: '/suppliers', payload: { id, name: `Fournisseur ${id.slice(0, 8)}`, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['supplier.supplier_read']);
  reader = (await login(server, 'districts@demo.vigie.test')).token;
  trades = (await call<Trade[]>({ url: '/trades' })).data;
});
afterAll(() => server?.destroy());

describe('the generic record core, through suppliers', () => {
  it('creates with the client’s id once: a replay answers the same, a second create of the id is 409', async () => {
    const id = randomUUID();
    const key = randomUUID();
    const payload = { id, name: '  Sécurifeu Test  ', tradeIds: [trades[0]!.id] };
    const first = await call<Supplier>({ method: 'POST', url: '/suppliers', payload, key });
    expect(first.status, first.text).toBe(201);
    expect(first.data).toMatchObject({ id, name: 'Sécurifeu Test', version: 1, archived: false, trades: [{ id: trades[0]!.id, name: trades[0]!.name }], documentState: 'valid' });
    const replay = await call<Supplier>({ method: 'POST', url: '/suppliers', payload, key });
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.data.id).toBe(id);
    const again = await call({ method: 'POST', url: '/suppliers', payload });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('record.exists');
    const page = await call<Page<SupplierRow>>({ url: `/suppliers?search=${encodeURIComponent('Sécurifeu Test')}` });
    expect(page.data.items.filter((s) => s.id === id)).toHaveLength(1);
  });

  it('edits from a base version, refuses a stale one with the record as it is now, and keeps the history with names', async () => {
    const supplier = await newSupplier();
    const edited = await call<Supplier>({ method: 'PATCH', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1, changes: { city: 'Lyon', tradeIds: [trades[1]!.id] } } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.data).toMatchObject({ version: 2, city: 'Lyon' });
    const stale = await call<Supplier>({ method: 'PATCH', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1, changes: { city: 'Bron' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('record.version_conflict');
    expect(stale.body.current).toMatchObject({ version: 2, city: 'Lyon' });
    const history = (await call<HistoryEntry[]>({ url: `/suppliers/${supplier.id}/history` })).data;
    expect(history.map((h) => h.action)).toEqual(['update', 'create']);
    expect(history[0]!.changes).toEqual([
      { field: 'city', before: '', after: 'Lyon' },
      { field: 'tradeIds', before: [], after: [trades[1]!.id] },
    ]);
    expect(history[0]!.names).toEqual({ [trades[1]!.id]: trades[1]!.name });
    expect(history[0]!.by.name).toBe('operator@demo.vigie.test');
  });

  it('deletes reversibly: gone from the list, listed for managers as deleted, restored', async () => {
    const supplier = await newSupplier();
    const deleted = await call<Supplier>({ method: 'DELETE', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1 } });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.data.deletedAt).not.toBeNull();
    expect((await call<Page<SupplierRow>>({ url: `/suppliers?search=${supplier.name}` })).data.total).toBe(0);
    expect((await call<Page<SupplierRow>>({ url: `/suppliers?deleted=true&search=${supplier.name}` })).data.total).toBe(1);
    expect((await call({ url: '/suppliers?deleted=true', token: reader })).status).toBe(403);
    expect((await call({ method: 'DELETE', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 2 } })).body.message).toBe('record.deleted');
    const restored = await call<Supplier>({ method: 'POST', url: `/suppliers/${supplier.id}/restore`, payload: { baseVersion: 2 } });
    expect(restored.data).toMatchObject({ version: 3, deletedAt: null });
  });

  it('shows each write in a list page asked again (the page kept on the embedded database is read anew after a write)', async () => {
    const url = '/suppliers?search=Kept%20page';
    expect((await call<Page<SupplierRow>>({ url })).data.total).toBe(0);
    const supplier = await newSupplier({ name: 'Kept page one' });
    expect((await call<Page<SupplierRow>>({ url })).data.items.map((s) => s.name)).toEqual(['Kept page one']);
    await call({ method: 'PATCH', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1, changes: { name: 'Kept page two' } } });
    expect((await call<Page<SupplierRow>>({ url })).data.items.map((s) => s.name)).toEqual(['Kept page two']);
    await call({ method: 'DELETE', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 2 } });
    expect((await call<Page<SupplierRow>>({ url })).data.total).toBe(0);
  });

  it('refuses to delete a trade still given to live suppliers', async () => {
    const trade = (await call<Trade>({ method: 'POST', url: '/trades', payload: { id: randomUUID(), name: 'Couverture' } })).data;
    const supplier = await newSupplier({ tradeIds: [trade.id] });
    const refused = await call({ method: 'DELETE', url: `/trades/${trade.id}`, payload: { baseVersion: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('supplier.trade_in_use');
    await call({ method: 'DELETE', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1 } });
    expect((await call({ method: 'DELETE', url: `/trades/${trade.id}`, payload: { baseVersion: 1 } })).status).toBe(200);
  });

  it('pages by name with a keyset cursor, a search folded of case and accents, filters and the count', async () => {
    const all: SupplierRow[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: Page<SupplierRow> } = await call<Page<SupplierRow>>({ url: `/suppliers?limit=7${cursor ? `&cursor=${cursor}` : ''}` });
      all.push(...page.data.items);
      cursor = page.data.nextCursor;
      expect(page.data.total).toBeGreaterThanOrEqual(19);
    } while (cursor);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const names = all.map((s) => s.name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    expect([...names].sort()).toEqual(names);
    const found = (await call<Page<SupplierRow>>({ url: `/suppliers?search=${encodeURIComponent('SECURIFEU rhone')}` })).data;
    expect(found.items.map((s) => s.name)).toEqual(['Sécurifeu Rhône']);
    const fire = trades.find((t) => t.name === 'Maintenance incendie')!;
    const ofTrade = (await call<Page<SupplierRow>>({ url: `/suppliers?trade=${fire.id}` })).data;
    expect(ofTrade.total).toBeGreaterThanOrEqual(4);
    expect(ofTrade.items.every((s) => s.tradeIds.includes(fire.id))).toBe(true);
    expect((await call({ url: '/suppliers?trade=nope' })).status).toBe(400);
  });

  it('lets a reader read and nothing else, and finds nothing of another district', async () => {
    expect((await call({ url: '/suppliers', token: reader })).status).toBe(200);
    const refused = await call({ method: 'POST', url: '/suppliers', payload: { id: randomUUID(), name: 'Non' }, token: reader });
    expect(refused.status).toBe(403);
    const supplier = await newSupplier();
    const marseille = await districtId(server, 'Marseille');
    const otherId = randomUUID();
    const db = await server.databases.client('acme');
    await db.query(`insert into suppliers (id, district_id, name, created_by) values ($1, $2, 'Fournisseur marseillais', $3)`, [otherId, marseille, supplier.createdBy.id]);
    expect((await call({ url: `/suppliers/${otherId}` })).status).toBe(404);
    expect((await call({ method: 'PATCH', url: `/suppliers/${otherId}`, payload: { baseVersion: 1, changes: { city: 'x' } } })).status).toBe(404);
    expect((await call<Page<SupplierRow>>({ url: '/suppliers?search=marseillais' })).data.total).toBe(0);
  });
});

describe('suppliers’ own rules', () => {
  it('checks a SIRET by its key (spaces as people type them) and upper-cases a VAT number', async () => {
    const siret = siretFrom(4242);
    const spaced = `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`;
    const ok = await newSupplier({ siret: spaced, vatNumber: 'fr 12 345678901' });
    expect(ok).toMatchObject({ siret, vatNumber: 'FR12345678901' });
    const wrongKey = `${siret.slice(0, 13)}${(Number(siret[13]) + 1) % 10}`;
    const refused = await call({ method: 'POST', url: '/suppliers', payload: { id: randomUUID(), name: 'Mauvais SIRET', siret: wrongKey } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('supplier.invalid_siret');
    expect((await call({ method: 'POST', url: '/suppliers', payload: { id: randomUUID(), name: 'Pas un SIRET', siret: '12ab' } })).status).toBe(400);
    expect((await call({ method: 'POST', url: '/suppliers', payload: { id: randomUUID(), name: 'Métier inconnu', tradeIds: [randomUUID()] } })).body.message).toBe('supplier.trade_not_found');
  });

  it('gives documents their state on the day and a supplier its worst, filtered and listed by expiry', async () => {
    const supplier = await newSupplier();
    const add = async (expiresOn: string | null, title: string) => {
      const answer = await call<SupplierDocument>({ method: 'POST', url: '/documents', payload: { id: randomUUID(), supplierId: supplier.id, kind: 'insurance', title, expiresOn } });
      expect(answer.status, answer.text).toBe(201);
      return answer.data;
    };
    expect((await add(day(200), 'RC pro')).state).toBe('valid');
    expect((await call<Supplier>({ url: `/suppliers/${supplier.id}` })).data.documentState).toBe('valid');
    const soon = await add(day(10), 'Qualification');
    expect(soon.state).toBe('expiring');
    expect((await call<Supplier>({ url: `/suppliers/${supplier.id}` })).data).toMatchObject({ documentState: 'expiring', documents: [{ title: 'Qualification' }, { title: 'RC pro' }] });
    const past = await add(day(-1), 'URSSAF');
    expect(past.state).toBe('expired');
    const expired = (await call<Page<SupplierRow>>({ url: `/suppliers?documents=expired&search=${supplier.name}` })).data;
    expect(expired.items.map((s) => [s.id, s.documentState, s.nextExpiry])).toEqual([[supplier.id, 'expired', day(10)]]);
    expect((await call<Page<SupplierRow>>({ url: `/suppliers?documents=valid&search=${supplier.name}` })).data.total).toBe(0);
    // Renewed: the sheet is valid again.
    await call({ method: 'PATCH', url: `/documents/${past.id}`, payload: { baseVersion: 1, changes: { expiresOn: day(365) } } });
    await call({ method: 'PATCH', url: `/documents/${soon.id}`, payload: { baseVersion: 1, changes: { expiresOn: day(90) } } });
    expect((await call<Supplier>({ url: `/suppliers/${supplier.id}` })).data.documentState).toBe('valid');
    const watch = (await call<SupplierDocumentListItem[]>({ url: '/documents?state=expiring,expired' })).data;
    expect(watch.length).toBeGreaterThan(0);
    expect(watch.every((d) => d.state !== 'valid')).toBe(true);
    const dates = watch.map((d) => d.expiresOn!);
    expect([...dates].sort()).toEqual(dates);
    const refused = await call({ method: 'POST', url: '/documents', payload: { id: randomUUID(), supplierId: supplier.id, kind: 'tax', title: 'À l’envers', issuedOn: day(0), expiresOn: day(-5) } });
    expect(refused.body.message).toBe('supplier.document_dates');
  });

  it('keeps archived suppliers out of the usual list, and exports the filtered list as CSV', async () => {
    const supplier = await newSupplier({ city: 'Archiville' });
    await call({ method: 'PATCH', url: `/suppliers/${supplier.id}`, payload: { baseVersion: 1, changes: { archived: true } } });
    expect((await call<Page<SupplierRow>>({ url: '/suppliers?search=Archiville' })).data.total).toBe(0);
    expect((await call<Page<SupplierRow>>({ url: '/suppliers?search=Archiville&archived=true' })).data.items[0]!.archived).toBe(true);
    const fire = trades.find((t) => t.name === 'Maintenance incendie')!;
    const csv = await call({ url: `/suppliers/export.csv?trade=${fire.id}` });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toContain('"Corps de métier"');
    expect(lines.some((line) => line.includes('"Sécurifeu Rhône"'))).toBe(true);
    expect(lines.some((line) => line.includes('"Net Pro Propreté"'))).toBe(false);
  });
});

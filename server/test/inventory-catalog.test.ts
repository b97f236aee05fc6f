/**
 * The inventory family's catalog part (/api/inventory: categories, articles, equipment, checks):
 * its own rules only (the record core is tested in supplier.test.ts). An item's next check from
 * its period; the due and overdue lists; a check recorded by a field user, the item's last and
 * next check moved in its history, and a failed check opening exactly one action even when sent
 * twice; the rights of a field user; bad input refused with its key; the demo data, the
 * dashboard card and the calendar.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonthsTo, type Article, type Category, type Check, type Equipment, type EquipmentRow } from '../../common/modules/inventory/catalog.js';
import type { CalendarPage } from '../../common/schemas/calendar.js';
import type { DashboardData } from '../../common/schemas/dashboard.js';
import type { HistoryEntry, Page } from '../../common/schemas/platform.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { seedBenchEquipment } from '../src/modules/inventory/catalog/bench-seed.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let field: string;
let lyon: string;
let siteId: string;
let category: Category;
let article: Article;

const call = apiCaller(() => server, '/api/inventory', () => manager);
const today = districtToday();

async function newItem(fields: Record<string, unknown> = {}): Promise<Equipment> {
  const answer = await call<Equipment>({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: article.id, name: `Extincteur ${randomUUID().slice(0, 6)}`, siteId, ...fields } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['inventoryV2.equipment_read', 'actions.read']);
  field = (await login(server, 'districts@demo.vigie.test')).token;
  const acme = await server.databases.client('acme');
  siteId = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 1', [lyon])).rows[0]!.id;
  const made = await call<Category>({
    method: 'POST',
    url: '/categories',
    payload: { id: randomUUID(), name: 'Extincteurs (test)', checkPeriodMonths: 12, checklist: ['Accessible', 'Manomètre dans le vert'], fields: [{ key: 'agent', label: 'Agent', kind: 'text' }] },
  });
  expect(made.status, made.text).toBe(201);
  category = made.data;
  const madeArticle = await call<Article>({ method: 'POST', url: '/articles', payload: { id: randomUUID(), name: 'Extincteur eau 6 L (test)', categoryId: category.id, maker: 'Sicli', barcode: '3760000000017' } });
  expect(madeArticle.status, madeArticle.text).toBe(201);
  article = madeArticle.data;
});
afterAll(() => server?.destroy());

describe('the periodic check’s due date', () => {
  it('is the commissioning plus the category’s period, or the item’s own period', async () => {
    const commissioned = addDays(today, -400);
    const item = await newItem({ commissionedOn: commissioned });
    expect(item.nextCheckOn).toBe(addMonthsTo(commissioned, 12));
    expect(item.checkState).toBe('overdue');
    expect(item.checklist).toEqual(['Accessible', 'Manomètre dans le vert']);
    const own = await call<Equipment>({ method: 'PATCH', url: `/equipment/${item.id}`, payload: { baseVersion: item.version, changes: { checkPeriodMonths: 24 } } });
    expect(own.status, own.text).toBe(200);
    expect(own.data.nextCheckOn).toBe(addMonthsTo(commissioned, 24));
    expect(own.data.checkState).toBe('ok');
  });

  it('moves with the category’s period for the items without their own', async () => {
    const cat = (await call<Category>({ method: 'POST', url: '/categories', payload: { id: randomUUID(), name: 'BAES (test)', checkPeriodMonths: 6, checklist: ['Voyant'] } })).data;
    const art = (await call<Article>({ method: 'POST', url: '/articles', payload: { id: randomUUID(), name: 'BAES (test)', categoryId: cat.id } })).data;
    const commissioned = addDays(today, -100);
    const item = (await call<Equipment>({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: art.id, name: 'BAES couloir', commissionedOn: commissioned } })).data;
    expect(item.nextCheckOn).toBe(addMonthsTo(commissioned, 6));
    expect(item.checkState).toBe('ok');
    const moved = await call<Category>({ method: 'PATCH', url: `/categories/${cat.id}`, payload: { baseVersion: cat.version, changes: { checkPeriodMonths: 3 } } });
    expect(moved.status, moved.text).toBe(200);
    const again = await call<Equipment>({ url: `/equipment/${item.id}` });
    expect(again.data.nextCheckOn).toBe(addMonthsTo(commissioned, 3));
    expect(again.data.checkState).toBe('overdue');
  });

  it('lists the items due and overdue, not the retired ones', async () => {
    const overdue = await newItem({ commissionedOn: addDays(today, -370) });
    const due = await newItem({ commissionedOn: addDays(addMonthsTo(today, -12), 10) });
    const later = await newItem({ commissionedOn: addDays(today, -10) });
    const retired = await newItem({ commissionedOn: addDays(today, -370), status: 'retired' });
    expect(due.checkState).toBe('due');
    expect(retired.checkState).toBe('none');
    const dueList = await call<Page<EquipmentRow>>({ url: '/equipment?check=due&limit=200' });
    const ids = dueList.data.items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([overdue.id, due.id]));
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(retired.id);
    const overdueList = await call<Page<EquipmentRow>>({ url: '/equipment?check=overdue&limit=200' });
    expect(overdueList.data.items.map((r) => r.id)).toContain(overdue.id);
    expect(overdueList.data.items.map((r) => r.id)).not.toContain(due.id);
  });
});

describe('a check', () => {
  it('recorded by a field user moves the item’s last and next check, in its history', async () => {
    const item = await newItem({ commissionedOn: addDays(today, -400) });
    const answer = await call<Check>({
      method: 'POST',
      url: `/equipment/${item.id}/checks`,
      token: field,
      payload: { id: randomUUID(), doneOn: today, answers: [{ item: 'Accessible', ok: true, note: '' }, { item: 'Manomètre dans le vert', ok: true, note: '' }], notes: '' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.data.result).toBe('pass');
    expect(answer.data.actionId).toBeNull();
    const after = await call<Equipment>({ url: `/equipment/${item.id}`, token: field });
    expect(after.data.lastCheckOn).toBe(today);
    expect(after.data.nextCheckOn).toBe(addMonthsTo(today, 12));
    expect(after.data.checkState).toBe('ok');
    const history = await call<HistoryEntry[]>({ url: `/equipment/${item.id}/history`, token: field });
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: 'nextCheckOn', before: item.nextCheckOn, after: addMonthsTo(today, 12) }]));
  });

  it('failed opens exactly one action on the item’s site, even when sent twice with the same key', async () => {
    const item = await newItem({ commissionedOn: addDays(today, -400) });
    const key = randomUUID();
    const payload = { id: randomUUID(), doneOn: today, answers: [{ item: 'Accessible', ok: true, note: '' }, { item: 'Manomètre dans le vert', ok: false, note: 'Aiguille dans le rouge' }], notes: '' };
    const first = await call<Check>({ method: 'POST', url: `/equipment/${item.id}/checks`, token: field, payload, key });
    const second = await call<Check>({ method: 'POST', url: `/equipment/${item.id}/checks`, token: field, payload, key });
    expect(first.status, first.text).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.data.result).toBe('fail');
    expect(second.data.actionId).toBe(first.data.actionId);
    // The same check again under another key (a device that lost the answer): still one check, one action.
    const third = await call<Check>({ method: 'POST', url: `/equipment/${item.id}/checks`, token: field, payload });
    expect(third.data.actionId).toBe(first.data.actionId);
    const acme = await server.databases.client('acme');
    const { rows: checks } = await acme.query('select 1 from inventory_checks where equipment_id = $1', [item.id]);
    expect(checks).toHaveLength(1);
    const { rows: actions } = await acme.query<{ title: string; site_id: string; due_on: string }>('select title, site_id, due_on::text as due_on from actions where id = $1', [first.data.actionId]);
    expect(actions).toHaveLength(1);
    expect(actions[0]!.title).toBe(`Vérification échouée : ${item.name} (${item.siteName})`);
    expect(actions[0]!.site_id).toBe(siteId);
    expect(actions[0]!.due_on).toBe(addDays(today, 7));
    // The action names the item as its source, and the item's actions are found by it.
    const action = await call<{ id: string; title: string; source: { kind: string; id: string; label: string } | null }>({ url: `/api/actions/${first.data.actionId}` });
    expect(action.status, action.text).toBe(200);
    expect(action.data.source).toEqual({ kind: 'equipment', id: item.id, questionKey: null, label: item.name });
    const fromItem = await call<{ items: { id: string }[] }>({ url: `/api/actions?source=equipment&sourceId=${item.id}` });
    expect(fromItem.data.items.map((a) => a.id)).toEqual([first.data.actionId]);
    const list = await call<Check[]>({ url: `/equipment/${item.id}/checks`, token: field });
    expect(list.data.map((c) => c.id)).toEqual([payload.id]);
  });

  it('is refused on a retired item, in the future, or without answers', async () => {
    const item = await newItem();
    const future = await call({ method: 'POST', url: `/equipment/${item.id}/checks`, token: field, payload: { id: randomUUID(), doneOn: addDays(today, 3), answers: [{ item: 'Accessible', ok: true, note: '' }], notes: '' } });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe('inventory.catalog.check_future');
    const empty = await call({ method: 'POST', url: `/equipment/${item.id}/checks`, token: field, payload: { id: randomUUID(), doneOn: today, answers: [], notes: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('inventory.catalog.check_empty');
    const retired = await newItem({ status: 'retired' });
    const onRetired = await call({ method: 'POST', url: `/equipment/${retired.id}/checks`, token: field, payload: { id: randomUUID(), doneOn: today, answers: [{ item: 'Accessible', ok: true, note: '' }], notes: '' } });
    expect(onRetired.status).toBe(409);
    expect(onRetired.body.message).toBe('inventory.catalog.check_retired');
  });
});

describe('rights', () => {
  it('a field user reads, records a check and reports an item out of order, but creates no article and makes no other move', async () => {
    const item = await newItem();
    expect((await call({ url: '/articles', token: field })).status).toBe(200);
    expect((await call({ url: '/categories', token: field })).status).toBe(200);
    const create = await call({ method: 'POST', url: '/articles', token: field, payload: { id: randomUUID(), name: 'Interdit' } });
    expect(create.status).toBe(403);
    const edit = await call({ method: 'PATCH', url: `/equipment/${item.id}`, token: field, payload: { baseVersion: item.version, changes: { name: 'Autre' } } });
    expect(edit.status).toBe(403);
    const noNote = await call({ method: 'POST', url: `/equipment/${item.id}/status`, token: field, payload: { baseVersion: item.version, status: 'outOfOrder', note: ' ' } });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('inventory.catalog.note_required');
    const retire = await call({ method: 'POST', url: `/equipment/${item.id}/status`, token: field, payload: { baseVersion: item.version, status: 'retired', note: 'HS' } });
    expect(retire.status).toBe(403);
    expect(retire.body.message).toBe('inventory.catalog.status_managers_only');
    const report = await call<Equipment>({ method: 'POST', url: `/equipment/${item.id}/status`, token: field, payload: { baseVersion: item.version, status: 'outOfOrder', note: 'Goupille arrachée' } });
    expect(report.status, report.text).toBe(200);
    expect(report.data.status).toBe('outOfOrder');
    const history = await call<HistoryEntry[]>({ url: `/equipment/${item.id}/history` });
    expect(history.data[0]!.changes).toEqual([
      { field: 'status', before: 'inService', after: 'outOfOrder' },
      { field: 'statusNote', before: null, after: 'Goupille arrachée' },
    ]);
  });
});

describe('bad input', () => {
  it('is refused with its key, never a 500', async () => {
    const unknownArticle = await call({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: randomUUID(), name: 'X' } });
    expect(unknownArticle.status).toBe(404);
    expect(unknownArticle.body.message).toBe('inventory.catalog.article_not_found');
    const badValue = await call({ method: 'POST', url: '/articles', payload: { id: randomUUID(), name: 'X', categoryId: category.id, fieldValues: { agent: 12 } } });
    expect(badValue.status).toBe(400);
    expect(badValue.body.message).toBe('inventory.catalog.field_value_invalid');
    const duplicate = await call({ method: 'POST', url: '/categories', payload: { id: randomUUID(), name: 'X', fields: [{ key: 'a', label: 'A', kind: 'text' }, { key: 'a', label: 'B', kind: 'text' }] } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toBe('inventory.catalog.duplicate_field');
    const tag = `T-${randomUUID().slice(0, 8)}`;
    await newItem({ tag });
    const taken = await call({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: article.id, name: 'Y', tag } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('inventory.catalog.tag_taken');
    const inUse = await call({ method: 'DELETE', url: `/articles/${article.id}`, payload: { baseVersion: article.version } });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe('inventory.catalog.article_in_use');
    const badFilter = await call({ url: '/equipment?category=nope' });
    expect(badFilter.status).toBe(400);
    const badDay = await call({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: article.id, name: 'Z', boughtOn: '2024-02-31x' } });
    expect(badDay.status).toBe(400);
  });
});

describe('the demo data, the dashboard and the calendar', () => {
  it('has the French catalog and items with checks due, overdue and done', async () => {
    const categories = await call<Category[]>({ url: '/categories' });
    expect(categories.data.map((c) => c.name)).toEqual(expect.arrayContaining(['Extincteurs', 'Éclairage de sécurité (BAES)', 'Trousses de secours', 'Défibrillateurs (DAE)', 'Portes coupe-feu', 'EPI']));
    const byBarcode = await call<Page<{ name: string }>>({ url: '/articles?barcode=3760123450023' });
    expect(byBarcode.data.items.map((a) => a.name)).toEqual(['Extincteur CO2 2 kg']);
    const rows = (await call<Page<EquipmentRow>>({ url: '/equipment?limit=200' })).data.items;
    const states = new Set(rows.map((r) => r.checkState));
    expect(states).toEqual(new Set(['ok', 'due', 'overdue', 'none']));
  });

  it('shows the checks due on the dashboard and in the calendar to a reader', async () => {
    const dashboard = await call<DashboardData>({ url: '/api/dashboard', token: field });
    const card = dashboard.data.cards.find((c) => c.id === 'inventory.checksDue');
    expect(card?.count).toBeGreaterThan(0);
    expect(card?.items[0]?.path).toMatch(/^\/inventory-v2\/equipment\/[0-9a-f-]{36}$/);
    expect(card?.path).toBe('/inventory-v2/equipment?check=due');
    const calendar = await call<CalendarPage>({ url: `/api/calendar?from=${today}&to=${addDays(today, 30)}`, token: field });
    expect(calendar.data.items.some((i) => i.kind === 'equipmentCheck' && i.path?.startsWith('/inventory-v2/equipment/'))).toBe(true);
  });

  it('bench seed writes items in batches', async () => {
    const acme = await server.databases.client('acme');
    const before = (await acme.query<{ n: number }>('select count(*)::int as n from inventory_equipment where district_id = $1', [lyon])).rows[0]!.n;
    const { rows } = await server.databases.control.query<{ id: string }>("select id from accounts where email = 'operator@demo.vigie.test'");
    expect(await seedBenchEquipment(acme, lyon, rows[0]!.id, 1500)).toBe(1500);
    const after = (await acme.query<{ n: number }>('select count(*)::int as n from inventory_equipment where district_id = $1', [lyon])).rows[0]!.n;
    expect(after - before).toBe(1500);
    // Every page of the list by its cursor, once each.
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { status: number; text: string; data: Page<EquipmentRow> } = await call<Page<EquipmentRow>>({ url: `/equipment?limit=48${cursor ? `&cursor=${cursor}` : ''}` });
      expect(page.status, page.text).toBe(200);
      for (const row of page.data.items) seen.add(row.id);
      cursor = page.data.nextCursor;
    } while (cursor);
    const live = (await acme.query<{ n: number }>('select count(*)::int as n from inventory_equipment where district_id = $1 and deleted_at is null', [lyon])).rows[0]!.n;
    expect(seen.size).toBe(live);
  });
});

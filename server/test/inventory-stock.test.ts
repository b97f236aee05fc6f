/**
 * The stock (/api/inventory/stock): its own rules. The ledger is the only truth (every level is
 * the sum of its movements, whatever the sequence: a property test), a movement's id makes it
 * idempotent, no outgoing movement takes a level under zero; counts merge every device's
 * increments with the movements made meanwhile and ask a decision only for the articles that
 * moved (a property test); loans and their overdue reminder, sent once; the low-stock notice,
 * once per crossing; rights (field users read and record their own work, managers manage); the
 * calendar's loan returns and the dashboard's low-stock card.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loan, Movement, MovementPage, StockArea, StockArticle, StockCount, StockLevel, StockRecap } from '../../common/modules/inventory/stock.js';
import type { CalendarPage } from '../../common/schemas/calendar.js';
import type { DashboardData } from '../../common/schemas/dashboard.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { seedBenchMovements } from '../src/modules/inventory/stock/bench-seed.js';
import { runStockJob } from '../src/modules/inventory/stock/jobs.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let managerId: string;
let field: string;
let fieldId: string;
let lyon: string;
const articles: string[] = [];

const call = apiCaller(() => server, '/api/inventory/stock', () => manager);
const acme = () => server.databases.client('acme');

async function newArticle(name: string, unitCostCents: number | null = 250): Promise<string> {
  const id = randomUUID();
  await (await acme()).query(`insert into inventory_articles (id, district_id, name, unit, barcode, unit_cost_cents, created_by) values ($1, $2, $3, 'u', $4, $5, $6)`, [
    id, lyon, name, `TEST${id.slice(0, 8)}`, unitCostCents, managerId,
  ]);
  return id;
}

async function newArea(name = `Zone ${randomUUID().slice(0, 6)}`, parentId: string | null = null): Promise<string> {
  const id = randomUUID();
  const answer = await call<StockArea>({ method: 'POST', url: '/areas', payload: { id, name, kind: 'shelf', parentId } });
  expect(answer.status, answer.text).toBe(201);
  return id;
}

const post = (kind: string, articleId: string, areaId: string, quantity: number, extra: Record<string, unknown> = {}, token = manager) =>
  call<Movement>({ method: 'POST', url: '/movements', payload: { id: randomUUID(), kind, articleId, areaId, quantity, ...extra }, token });

async function levelOf(articleId: string, areaId: string): Promise<number> {
  const { rows } = await (await acme()).query<{ quantity: number }>('select quantity::float8 as quantity from stock_levels where article_id = $1 and area_id = $2', [articleId, areaId]);
  return rows[0]?.quantity ?? 0;
}
async function ledgerOf(articleId: string, areaId: string): Promise<number> {
  const { rows } = await (await acme()).query<{ sum: number | null }>('select sum(quantity)::float8 as sum from stock_movements where article_id = $1 and area_id = $2', [articleId, areaId]);
  return rows[0]?.sum ?? 0;
}
async function bellsLike(text: string): Promise<number> {
  const { rows } = await (await acme()).query<{ n: number }>(`select count(*)::int as n from notifications where name like $1`, [`%${text}%`]);
  return rows[0]!.n;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  managerId = await accountId(server, 'operator@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
  fieldId = await accountId(server, 'field@demo.vigie.test');
  await setRights(server, fieldId, lyon, ['sites.read', 'stockManagement.inventory_read', 'stockManagement.outgoingStuff_read', 'stockManagement.stockArea_read']);
  field = (await login(server, 'field@demo.vigie.test')).token;
  for (const name of ['Gants nitrile T9', 'Masques FFP2', 'Piles AA']) articles.push(await newArticle(`${name} ${randomUUID().slice(0, 4)}`));
});
afterAll(() => server?.destroy());

describe('the ledger', () => {
  it('keeps each level equal to the sum of its movements: incoming, outgoing, transfer, adjustment', async () => {
    const a = await newArea();
    const b = await newArea();
    const [gloves] = articles as [string];
    expect((await post('incoming', gloves, a, 50, { deliveryNote: 'BL-1', reason: 'Commande' })).status).toBe(201);
    const out = await post('outgoing', gloves, a, 12, { recipient: 'Équipe voirie', reason: 'Dotation' });
    expect(out.status, out.text).toBe(201);
    expect(out.data).toMatchObject({ kind: 'outgoing', quantity: -12, recipient: 'Équipe voirie', by: { id: managerId } });
    expect((await post('transfer', gloves, a, 8, { toAreaId: b })).status).toBe(201);
    expect((await post('adjustment', gloves, b, -1.5, { reason: 'Casse' })).status).toBe(201);
    expect(await levelOf(gloves, a)).toBe(30);
    expect(await levelOf(gloves, b)).toBe(6.5);
    expect(await ledgerOf(gloves, a)).toBe(30);
    expect(await ledgerOf(gloves, b)).toBe(6.5);
    const levels = await call<StockLevel[]>({ url: `/levels?areaId=${b}` });
    expect(levels.data).toEqual([expect.objectContaining({ articleId: gloves, quantity: 6.5, areaId: b })]);
    const page = await call<MovementPage>({ url: `/movements?areaId=${a}` });
    expect(page.data.items.map((m) => m.kind)).toEqual(['transferOut', 'outgoing', 'incoming']);
    const transfers = await call<MovementPage>({ url: `/movements?kind=transfer&articleId=${gloves}` });
    expect(transfers.data.items.map((m) => m.quantity).sort((x, y) => x - y)).toEqual([-8, 8]);
  });

  it('moves nothing the second time the same movement id is sent', async () => {
    const area = await newArea();
    const id = randomUUID();
    const payload = { id, kind: 'incoming', articleId: articles[1], areaId: area, quantity: 10 };
    const first = await call<Movement>({ method: 'POST', url: '/movements', payload });
    const again = await call<Movement>({ method: 'POST', url: '/movements', payload });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.data.seq).toBe(first.data.seq);
    expect(await levelOf(articles[1]!, area)).toBe(10);
  });

  it('refuses an outgoing movement larger than the stock (409 with its key), and bad input with 4xx keys', async () => {
    const area = await newArea();
    await post('incoming', articles[2]!, area, 3);
    const refused = await post('outgoing', articles[2]!, area, 4);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('inventory.stock.not_enough_stock');
    expect(await levelOf(articles[2]!, area)).toBe(3);
    expect((await post('incoming', articles[2]!, area, 0)).status).toBe(400);
    expect((await post('incoming', articles[2]!, area, 1.0001)).status).toBe(400);
    const unknownArea = await post('incoming', articles[2]!, randomUUID(), 1);
    expect([unknownArea.status, unknownArea.body.message]).toEqual([404, 'inventory.stock.area_not_found']);
    const unknownArticle = await post('incoming', randomUUID(), area, 1);
    expect([unknownArticle.status, unknownArticle.body.message]).toEqual([404, 'inventory.stock.article_not_found']);
    const transfer = await post('transfer', articles[2]!, area, 1);
    expect([transfer.status, transfer.body.message]).toEqual([400, 'inventory.stock.transfer_target']);
  });

  it('refuses an area made its own ancestor, and deleting an area still holding stock', async () => {
    const parent = await newArea('Magasin test');
    const child = await newArea('Étagère test', parent);
    const cycle = await call<StockArea>({ method: 'PATCH', url: `/areas/${parent}`, payload: { baseVersion: 1, changes: { parentId: child } } });
    expect([cycle.status, cycle.body.message]).toEqual([400, 'inventory.stock.parent_cycle']);
    const areas = await call<StockArea[]>({ url: '/areas' });
    expect(areas.data.find((a) => a.id === child)?.path).toBe('Magasin test > Étagère test');
    await post('incoming', articles[0]!, child, 1);
    const del = await call({ method: 'DELETE', url: `/areas/${child}`, payload: { baseVersion: 1 } });
    expect(del.status).toBe(409);
  });

  it('holds for any sequence of movements: level = sum of movements, never under zero (property)', async () => {
    const op = fc.record({ kind: fc.constantFrom('incoming', 'outgoing', 'adjustment', 'transfer'), article: fc.nat(1), from: fc.nat(1), quantity: fc.integer({ min: 1, max: 20 }), replay: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const areas = [await newArea(), await newArea()];
        let last: Record<string, unknown> | null = null;
        for (const o of ops) {
          const payload: Record<string, unknown> =
            o.replay && last
              ? last
              : {
                  id: randomUUID(),
                  kind: o.kind,
                  articleId: articles[o.article],
                  areaId: areas[o.from],
                  quantity: o.kind === 'adjustment' ? -o.quantity : o.quantity,
                  ...(o.kind === 'transfer' ? { toAreaId: areas[1 - o.from] } : {}),
                };
          const answer = await call({ method: 'POST', url: '/movements', payload });
          expect([201, 409]).toContain(answer.status);
          last = payload;
        }
        for (const article of articles.slice(0, 2)) {
          for (const area of areas) {
            const level = await levelOf(article, area);
            expect(level).toBe(await ledgerOf(article, area));
            expect(level).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('counts', () => {
  const entry = (countId: string, articleId: string, delta: number, token = field, id = randomUUID()) =>
    call<{ counted: number }>({ method: 'POST', url: `/counts/${countId}/entries`, payload: { id, articleId, delta, startQuantity: null }, token });
  const startCount = async (areaId: string) => {
    const id = randomUUID();
    const answer = await call<StockCount>({ method: 'POST', url: '/counts', payload: { id, areaId } });
    expect(answer.status, answer.text).toBe(201);
    return id;
  };

  it('adds up two counters, ignores a replayed entry, applies unmoved lines at closing and asks a decision for moved ones', async () => {
    const area = await newArea();
    const [gloves, masks] = articles as [string, string];
    await post('incoming', gloves, area, 20);
    await post('incoming', masks, area, 10);
    const countId = await startCount(area);
    const again = await call({ method: 'POST', url: '/counts', payload: { id: randomUUID(), areaId: area } });
    expect([again.status, again.body.message]).toEqual([409, 'inventory.stock.count_already_open']);
    const repeated = randomUUID();
    await entry(countId, gloves, 10);
    await entry(countId, gloves, 7, manager);
    expect((await entry(countId, gloves, 1, field, repeated)).data.counted).toBe(18);
    expect((await entry(countId, gloves, 1, field, repeated)).data.counted).toBe(18);
    await entry(countId, masks, 6);
    // Meanwhile 4 masks go out.
    await post('outgoing', masks, area, 4);
    const read = await call<StockCount>({ url: `/counts/${countId}` });
    expect(read.data.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ articleId: gloves, startQuantity: 20, expected: 20, counted: 18, entries: 3, moved: false }),
        expect.objectContaining({ articleId: masks, startQuantity: 10, movedSince: -4, expected: 6, counted: 6, moved: true }),
      ]),
    );
    const denied = await call({ method: 'POST', url: `/counts/${countId}/close`, payload: { decisions: {} }, token: field });
    expect(denied.status).toBe(403);
    const missing = await call({ method: 'POST', url: `/counts/${countId}/close`, payload: { decisions: {} } });
    expect([missing.status, missing.body.message, missing.body.details]).toEqual([400, 'inventory.stock.decisions_missing', masks]);
    // The 6 masks were counted before the 4 went out: the count plus the movements since.
    const closed = await call<StockCount>({ method: 'POST', url: `/counts/${countId}/close`, payload: { decisions: { [masks]: 'countPlusMoves' } } });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.data.status).toBe('closed');
    expect(await levelOf(gloves, area)).toBe(18);
    expect(await levelOf(masks, area)).toBe(2);
    expect(await ledgerOf(masks, area)).toBe(2);
    const late = await entry(countId, gloves, 1);
    expect([late.status, late.body.message]).toEqual([409, 'inventory.stock.count_closed']);
    const moves = await call<MovementPage>({ url: `/movements?kind=count&areaId=${area}` });
    expect(moves.data.items.map((m) => m.quantity).sort((x, y) => x - y)).toEqual([-4, -2]);
  });

  it('merges any counters’ deltas, replays and concurrent movements without a wrong quantity (property)', async () => {
    const step = fc.oneof(
      fc.record({ type: fc.constant('entry' as const), device: fc.nat(1), article: fc.nat(1), delta: fc.integer({ min: -3, max: 9 }), replay: fc.boolean() }),
      fc.record({ type: fc.constant('move' as const), article: fc.nat(1), kind: fc.constantFrom('incoming', 'outgoing'), quantity: fc.integer({ min: 1, max: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), fc.array(step, { maxLength: 14 }), fc.constantFrom('count', 'countPlusMoves'), async (start, steps, decision) => {
        const area = await newArea();
        const arts = articles.slice(0, 2);
        for (const [i, q] of start.entries()) if (q > 0) await post('incoming', arts[i]!, area, q);
        const countId = await startCount(area);
        const counted = [0, 0];
        const moved = [0, 0];
        const didMove = [false, false];
        const lastIds: (string | null)[] = [null, null];
        const touchedBy = [false, false];
        const touched = (i: number) => touchedBy[i];
        for (const s of steps) {
          if (s.type === 'entry') {
            const replaying = s.replay && lastIds[s.device] !== null;
            const id = replaying ? lastIds[s.device]! : randomUUID();
            const answer = await call<{ articleId: string }>({ method: 'POST', url: `/counts/${countId}/entries`, payload: { id, articleId: arts[s.article], delta: s.delta, startQuantity: null }, token: s.device ? field : manager });
            expect(answer.status, answer.text).toBe(201);
            if (replaying) continue;
            counted[s.article]! += s.delta;
            touchedBy[s.article] = true;
            lastIds[s.device] = id;
          } else {
            const answer = await post(s.kind, arts[s.article]!, area, s.quantity);
            if (answer.status === 201) {
              moved[s.article]! += s.kind === 'incoming' ? s.quantity : -s.quantity;
              didMove[s.article] = true;
            } else expect(answer.status).toBe(409);
          }
        }
        const closed = await call({ method: 'POST', url: `/counts/${countId}/close`, payload: { decisions: Object.fromEntries(arts.map((a) => [a, decision])) } });
        expect(closed.status, closed.text).toBe(200);
        for (const [i, article] of arts.entries()) {
          const level = await levelOf(article, area);
          expect(level).toBe(await ledgerOf(article, area));
          if (!touched(i)) expect(level).toBe(start[i]! + moved[i]!);
          else if (!didMove[i] || decision === 'count') expect(level).toBe(counted[i]);
          else expect(level).toBe(counted[i]! + moved[i]!);
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('loans', () => {
  it('lends and returns through the ledger, reminds an overdue loan once however many runs, and shows the return day in the calendar', async () => {
    await setRights(server, fieldId, lyon, ['stockManagement.loanStuff_read', 'stockManagement.inventory_read']);
    const token = (await login(server, 'field@demo.vigie.test')).token;
    const area = await newArea();
    const drill = await newArticle(`Perforateur ${randomUUID().slice(0, 4)}`);
    await post('incoming', drill, area, 2);
    const today = districtToday();
    const id = randomUUID();
    const lent = await call<Loan>({ method: 'POST', url: '/loans', payload: { id, articleId: drill, areaId: area, quantity: 1, borrower: 'Karim Haddad', dueOn: addDays(today, -2) }, token });
    expect(lent.status, lent.text).toBe(201);
    expect(lent.data).toMatchObject({ state: 'overdue', borrower: 'Karim Haddad', lentBy: { id: fieldId } });
    expect((await call({ method: 'POST', url: '/loans', payload: { id, articleId: drill, areaId: area, quantity: 1, borrower: 'Karim Haddad', dueOn: addDays(today, -2) }, token })).status).toBe(201);
    expect(await levelOf(drill, area)).toBe(1);
    const tooMany = await call({ method: 'POST', url: '/loans', payload: { id: randomUUID(), articleId: drill, areaId: area, quantity: 2, borrower: 'X', dueOn: today }, token });
    expect(tooMany.status).toBe(409);
    const overdue = await call<Loan[]>({ url: '/loans?state=overdue' });
    expect(overdue.data.map((l) => l.id)).toContain(id);

    const calendar = await call<CalendarPage>({ url: `/api/calendar?from=${addDays(today, -5)}&to=${addDays(today, 5)}` });
    expect(calendar.data.items).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'stockLoanReturn', id, overdue: true, path: `/stock-management/loan-stuff?loan=${id}` })]));

    await Promise.all([runStockJob(server.ctx, new Date()), runStockJob(server.ctx, new Date())]);
    await runStockJob(server.ctx, new Date());
    expect(await bellsLike('Karim Haddad')).toBeGreaterThanOrEqual(1);
    const { rows } = await (await acme()).query<{ n: number }>(`select count(*)::int as n from notifications where account_id = $1 and name like '%Karim Haddad%'`, [fieldId]);
    expect(rows[0]!.n).toBe(1);

    const returned = await call<Loan>({ method: 'POST', url: `/loans/${id}/return`, payload: {}, token });
    expect(returned.data.state).toBe('returned');
    expect((await call<Loan>({ method: 'POST', url: `/loans/${id}/return`, payload: {}, token })).status).toBe(200);
    expect(await levelOf(drill, area)).toBe(2);
    expect(await ledgerOf(drill, area)).toBe(2);
  });
});

describe('low stock', () => {
  it('lists the levels under their minimum, notices the managers once per crossing, and fills the dashboard card', async () => {
    const area = await newArea();
    const tape = await newArticle(`Ruban de balisage ${randomUUID().slice(0, 4)}`);
    await post('incoming', tape, area, 10);
    const limits = await call<StockLevel>({ method: 'POST', url: '/limits', payload: { articleId: tape, areaId: area, minQuantity: 5, maxQuantity: 40 } });
    expect(limits.data).toMatchObject({ minQuantity: 5, maxQuantity: 40, low: false });
    const wrong = await call({ method: 'POST', url: '/limits', payload: { articleId: tape, areaId: area, minQuantity: 50, maxQuantity: 40 } });
    expect([wrong.status, wrong.body.message]).toEqual([400, 'inventory.stock.limits']);
    await post('outgoing', tape, area, 7);
    const low = await call<StockLevel[]>({ url: '/levels?low=true' });
    expect(low.data).toEqual(expect.arrayContaining([expect.objectContaining({ articleId: tape, quantity: 3, low: true })]));
    await runStockJob(server.ctx, new Date());
    await runStockJob(server.ctx, new Date());
    const name = (await (await acme()).query<{ name: string }>('select name from inventory_articles where id = $1', [tape])).rows[0]!.name;
    const mine = async () =>
      (await (await acme()).query<{ n: number }>(`select count(*)::int as n from notifications where account_id = $1 and name like $2`, [managerId, `%${name}%`])).rows[0]!.n;
    expect(await mine()).toBe(1);
    await post('outgoing', tape, area, 1);
    await runStockJob(server.ctx, new Date());
    expect(await mine()).toBe(1);
    await post('incoming', tape, area, 10);
    await post('outgoing', tape, area, 9);
    await runStockJob(server.ctx, new Date());
    expect(await mine()).toBe(2);

    const dashboard = await call<DashboardData>({ url: '/api/dashboard' });
    const card = dashboard.data.cards.find((c) => c.id === 'inventory.lowStock');
    expect(card).toMatchObject({ namespace: 'common', title: 'dashboard.cards.lowStock', path: '/stock-management/article?low=true', tone: 'warning' });
    expect(card!.count).toBeGreaterThanOrEqual(1);
    const articlesAnswer = await call<StockArticle[]>({ url: '/articles' });
    expect(articlesAnswer.data.find((a) => a.id === tape)).toMatchObject({ total: 3, low: true });
  });
});

describe('rights', () => {
  it('lets a field user read and record its own work of its subjects only; managers manage', async () => {
    await setRights(server, fieldId, lyon, ['stockManagement.outgoingStuff_read', 'stockManagement.inventory_read']);
    const token = (await login(server, 'field@demo.vigie.test')).token;
    const area = await newArea();
    await post('incoming', articles[0]!, area, 5);
    expect((await call({ url: '/areas', token })).status).toBe(200);
    expect((await call({ url: '/levels', token })).status).toBe(200);
    expect((await post('outgoing', articles[0]!, area, 1, {}, token)).status).toBe(201);
    for (const kind of ['incoming', 'adjustment']) {
      const refused = await post(kind, articles[0]!, area, 1, {}, token);
      expect([refused.status, refused.body.message]).toEqual([403, 'inventory.stock.kind_right']);
    }
    expect((await call({ method: 'POST', url: '/loans', payload: { id: randomUUID(), articleId: articles[0], areaId: area, quantity: 1, borrower: 'X', dueOn: districtToday() }, token })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/areas', payload: { id: randomUUID(), name: 'Non', kind: 'shelf' }, token })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/limits', payload: { articleId: articles[0], areaId: area, minQuantity: 1, maxQuantity: null }, token })).status).toBe(403);
    expect((await call({ method: 'POST', url: '/counts', payload: { id: randomUUID(), areaId: area }, token })).status).toBe(403);
    expect((await call({ url: '/recap', token })).status).toBe(403);
    await setRights(server, fieldId, lyon, ['sites.read']);
    const none = (await login(server, 'field@demo.vigie.test')).token;
    expect((await call({ url: '/levels', token: none })).status).toBe(403);
    const dashboard = await call<DashboardData>({ url: '/api/dashboard', token: none });
    expect(dashboard.data.cards.some((c) => c.id === 'inventory.lowStock')).toBe(false);
  });
});

describe('the recap table', () => {
  it('answers articles × areas with totals per article and per area and the value; exports it as CSV', async () => {
    const area = await newArea('Recap zone');
    const costly = await newArticle(`Casque ${randomUUID().slice(0, 4)}`, 1999);
    await post('incoming', costly, area, 3);
    const recap = await call<StockRecap>({ url: '/recap' });
    expect(recap.status).toBe(200);
    const column = recap.data.areas.findIndex((a) => a.id === area);
    const row = recap.data.articles.find((a) => a.id === costly)!;
    expect(row.quantities[column]).toBe(3);
    expect(row).toMatchObject({ total: 3, valueCents: 5997 });
    expect(recap.data.areas[column]).toMatchObject({ total: 3, valueCents: 5997 });
    expect(recap.data.total).toBe(recap.data.articles.reduce((s, a) => s + a.total, 0));
    const csv = await call({ url: '/recap/export.csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('Recap zone');
  });

  it('seeds a bench of movements with every level the sum of its movements', async () => {
    const db = await server.databases.client('acme');
    const marseille = await districtId(server, 'Marseille');
    expect(await seedBenchMovements(db, marseille, managerId, 3000)).toBe(3000);
    const { rows } = await db.query<{ bad: number }>(
      `select count(*)::int as bad from stock_levels l where l.district_id = $1 and l.quantity <> (select coalesce(sum(m.quantity), 0) from stock_movements m where m.article_id = l.article_id and m.area_id = l.area_id)`,
      [marseille],
    );
    expect(rows[0]!.bad).toBe(0);
  });
});

/**
 * The stock's screens' needs on the server: the incoming form's supplier picker (the catalog's
 * choices, read with a stock right alone), the areas' edit and delete rules, blind counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogChoices } from '../../common/modules/inventory/catalog.js';
import type { Movement, StockArea, StockCount } from '../../common/modules/inventory/stock.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let managerId: string;
let fieldId: string;
let lyon: string;
let article: string;

const call = apiCaller(() => server, '/api/inventory/stock', () => manager);
const acme = () => server.databases.client('acme');

async function newArea(name = `Zone ${randomUUID().slice(0, 6)}`, parentId: string | null = null): Promise<string> {
  const id = randomUUID();
  const answer = await call<StockArea>({ method: 'POST', url: '/areas', payload: { id, name, kind: 'shelf', parentId } });
  expect(answer.status, answer.text).toBe(201);
  return id;
}

async function fieldWith(rights: string[]): Promise<string> {
  await setRights(server, fieldId, lyon, rights);
  return (await login(server, 'field@demo.vigie.test')).token;
}

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  managerId = await accountId(server, 'operator@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
  fieldId = await accountId(server, 'field@demo.vigie.test');
  article = randomUUID();
  await (await acme()).query(`insert into inventory_articles (id, district_id, name, unit, created_by) values ($1, $2, $3, 'u', $4)`, [article, lyon, `Gants ${article.slice(0, 4)}`, managerId]);
});
afterAll(() => server?.destroy());

describe('the incoming form’s supplier', () => {
  it('lets a stock reader without a catalog right read the suppliers to pick from, and keeps the chosen supplier on the movement', async () => {
    const token = await fieldWith(['stockManagement.incomingStuff_read']);
    const choices = await call<CatalogChoices>({ url: '/api/inventory/choices', token });
    expect(choices.status, choices.text).toBe(200);
    const supplier = choices.data.suppliers[0]!;
    expect(supplier).toMatchObject({ id: expect.any(String), name: expect.any(String) });
    const area = await newArea();
    const movement = await call<Movement>({ method: 'POST', url: '/movements', payload: { id: randomUUID(), kind: 'incoming', articleId: article, areaId: area, quantity: 4, supplierId: supplier.id, deliveryNote: 'BL-77' }, token });
    expect(movement.status, movement.text).toBe(201);
    expect(movement.data).toMatchObject({ supplierId: supplier.id, supplierName: supplier.name, deliveryNote: 'BL-77' });
    const none = await fieldWith(['sites.read']);
    expect((await call({ url: '/api/inventory/choices', token: none })).status).toBe(403);
  });
});

describe('blind counts', () => {
  it('keeps the option, hides the expected quantities from counters (answer and export), shows them to managers and closes on them', async () => {
    const area = await newArea('Étagère aveugle');
    const stocked = await call<Movement>({ method: 'POST', url: '/movements', payload: { id: randomUUID(), kind: 'incoming', articleId: article, areaId: area, quantity: 12 } });
    expect(stocked.status, stocked.text).toBe(201);
    const counter = await fieldWith(['stockManagement.inventory_read']);

    const blindId = randomUUID();
    const started = await call<StockCount>({ method: 'POST', url: '/counts', payload: { id: blindId, areaId: area, blind: true } });
    expect(started.status, started.text).toBe(201);
    expect(started.data.blind).toBe(true);
    const seen = await call<StockCount>({ url: `/counts/${blindId}`, token: counter });
    expect(seen.data.blind).toBe(true);
    expect(seen.data.lines).toEqual([expect.objectContaining({ articleId: article, startQuantity: null, movedSince: null, expected: null, counted: null })]);
    const csv = await call({ url: `/counts/${blindId}/export.csv`, token: counter });
    expect(csv.status).toBe(200);
    expect(csv.text).not.toMatch(/;12;/);
    expect((await call<StockCount[]>({ url: '/counts', token: counter })).data.find((c) => c.id === blindId)?.blind).toBe(true);

    const entry = await call({ method: 'POST', url: `/counts/${blindId}/entries`, payload: { id: randomUUID(), articleId: article, delta: 9, startQuantity: null }, token: counter });
    expect(entry.status, entry.text).toBe(201);
    const managed = await call<StockCount>({ url: `/counts/${blindId}` });
    expect(managed.data.lines).toEqual([expect.objectContaining({ articleId: article, startQuantity: 12, expected: 12, counted: 9 })]);
    const closed = await call<StockCount>({ method: 'POST', url: `/counts/${blindId}/close`, payload: { decisions: {} } });
    expect(closed.status, closed.text).toBe(200);
    const { rows } = await (await acme()).query<{ quantity: number }>('select quantity::float8 as quantity from stock_levels where article_id = $1 and area_id = $2', [article, area]);
    expect(rows[0]!.quantity).toBe(9);

    // A count that is not blind shows its counters the expected quantities.
    const openId = randomUUID();
    expect((await call({ method: 'POST', url: '/counts', payload: { id: openId, areaId: area } })).status).toBe(201);
    const visible = await call<StockCount>({ url: `/counts/${openId}`, token: counter });
    expect(visible.data.blind).toBe(false);
    expect(visible.data.lines).toEqual([expect.objectContaining({ articleId: article, expected: 9 })]);
  });
});

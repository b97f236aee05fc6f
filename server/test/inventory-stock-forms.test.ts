/**
 * The stock's screens' needs on the server: the incoming form's supplier picker (the catalog's
 * choices, read with a stock right alone), the areas' edit and delete rules, blind counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogChoices } from '../../common/modules/inventory/catalog.js';
import type { Movement, StockArea } from '../../common/modules/inventory/stock.js';
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

/**
 * An item's check made with its category's questionnaire: the item's sheet starts an inspection
 * of that template on the item's site (the Questionnaires module's own record, with the caller's
 * right to fill it), lists it, and a check recorded with the submitted inspection keeps its id
 * and fails on its failed answers (one action naming them); an inspection serves one check.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, Category, Check, Equipment, EquipmentInspection } from '../../common/modules/inventory/catalog.js';
import { districtToday } from '../src/modules/_platform/dates.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let manager: string;
let lyon: string;
let siteId: string;
let templateId: string;
let item: Equipment;
let plain: Equipment;

const call = apiCaller(() => server, '/api/inventory', () => manager);
const acme = () => server.databases.client('acme');

beforeAll(async () => {
  server = await startTestServer();
  manager = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  const db = await acme();
  siteId = (await db.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null order by name limit 1', [lyon])).rows[0]!.id;
  templateId = (await db.query<{ id: string }>(`select id from questionnaire_templates where district_id = $1 and deleted_at is null and family = 'questionnary' order by name limit 1`, [lyon])).rows[0]!.id;
  const category = (await call<Category>({ method: 'POST', url: '/categories', payload: { id: randomUUID(), name: 'DAE (test)', checkPeriodMonths: 12, checklist: ['Voyant vert'], checkTemplateId: templateId } })).data;
  const article = (await call<Article>({ method: 'POST', url: '/articles', payload: { id: randomUUID(), name: 'DAE (test)', categoryId: category.id } })).data;
  const made = await call<Equipment>({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: article.id, name: 'DAE hall', siteId } });
  expect(made.status, made.text).toBe(201);
  item = made.data;
  const bare = (await call<Article>({ method: 'POST', url: '/articles', payload: { id: randomUUID(), name: 'Sans catégorie (test)' } })).data;
  plain = (await call<Equipment>({ method: 'POST', url: '/equipment', payload: { id: randomUUID(), articleId: bare.id, name: 'Sans questionnaire' } })).data;
});
afterAll(() => server?.destroy());

describe('an item checked with its category’s questionnaire', () => {
  it('starts the inspection on the item’s site, links it, and records a check that follows its failed answers', async () => {
    const inspectionId = randomUUID();
    const key = randomUUID();
    const started = await call<EquipmentInspection>({ method: 'POST', url: `/equipment/${item.id}/inspections`, payload: { id: inspectionId }, key });
    expect(started.status, started.text).toBe(201);
    expect(started.data).toMatchObject({ id: inspectionId, templateId, status: 'inProgress', checkId: null });
    const replay = await call<EquipmentInspection>({ method: 'POST', url: `/equipment/${item.id}/inspections`, payload: { id: inspectionId }, key });
    expect(replay.data.id).toBe(inspectionId);
    const inspection = await call<{ templateId: string; siteId: string | null; status: string }>({ url: `/api/questionnaires/inspections/${inspectionId}` });
    expect(inspection.data).toMatchObject({ templateId, siteId, status: 'inProgress' });
    expect((await call<EquipmentInspection[]>({ url: `/equipment/${item.id}/inspections` })).data.map((i) => i.id)).toEqual([inspectionId]);

    const check = (extra: Record<string, unknown> = {}) =>
      call<Check>({ method: 'POST', url: `/equipment/${item.id}/checks`, payload: { id: randomUUID(), doneOn: districtToday(), answers: [], notes: '', inspectionId, ...extra } });
    const early = await check();
    expect([early.status, early.body.message]).toEqual([409, 'inventory.catalog.inspection_not_submitted']);

    // Submitted in Questionnaires with one failed answer.
    await (await acme()).query(
      `update inspections set status = 'submitted', submitted_at = now(), locked_at = now(), passed = false, failed_count = 1, failed_items = $2 where id = $1`,
      [inspectionId, JSON.stringify([{ sectionKey: 's1', questionKey: 'q1', label: 'Électrodes périmées', note: 'Date dépassée', action: null }])],
    );
    const done = await check();
    expect(done.status, done.text).toBe(201);
    expect(done.data).toMatchObject({ result: 'fail', inspectionId, actionId: expect.any(String) });
    const action = await call<{ description: string }>({ url: `/api/actions/${done.data.actionId}` });
    expect(action.data.description).toContain('Électrodes périmées');
    const listed = await call<EquipmentInspection[]>({ url: `/equipment/${item.id}/inspections` });
    expect(listed.data[0]).toMatchObject({ id: inspectionId, status: 'submitted', failedCount: 1, checkId: done.data.id });
    expect((await call<Check[]>({ url: `/equipment/${item.id}/checks` })).data[0]).toMatchObject({ id: done.data.id, inspectionId });

    const again = await check();
    expect([again.status, again.body.message]).toEqual([409, 'inventory.catalog.inspection_used']);
    const foreign = await call<Check>({ method: 'POST', url: `/equipment/${plain.id}/checks`, payload: { id: randomUUID(), doneOn: districtToday(), answers: [], notes: '', inspectionId } });
    expect([foreign.status, foreign.body.message]).toEqual([400, 'inventory.catalog.inspection_not_found']);
  });

  it('refuses an item whose category has no template, and a caller who may not fill the template', async () => {
    const none = await call({ method: 'POST', url: `/equipment/${plain.id}/inspections`, payload: { id: randomUUID() } });
    expect([none.status, none.body.message]).toEqual([409, 'inventory.catalog.no_template']);
    const fieldId = await accountId(server, 'field@demo.vigie.test');
    await setRights(server, fieldId, lyon, ['inventoryV2.equipment_read']);
    const field = (await login(server, 'field@demo.vigie.test')).token;
    const refused = await call({ method: 'POST', url: `/equipment/${item.id}/inspections`, payload: { id: randomUUID() }, token: field });
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(refused.status).toBeLessThan(500);
    expect((await call<EquipmentInspection[]>({ url: `/equipment/${item.id}/inspections`, token: field })).status).toBe(200);
  });
});

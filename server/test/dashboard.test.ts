/**
 * GET /api/dashboard (server/src/routes/api/dashboard): each part only with the right that
 * reads it (null otherwise), the caller's open actions overdue first with their counts, its
 * inspections to do, the district's recent declarations, and for managers of actions the
 * district's open and overdue counts with the actions opened and closed by week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_ROWS, DASHBOARD_WEEKS, type DashboardData } from '../../common/schemas/dashboard.js';
import { addDays, districtToday, mondayOf, startOfDistrictDay } from '../src/modules/_platform/dates.js';
import { accountId, districtId, insertAction, insertInspection, setRights } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let lyon: string;
let operator: string;
let admin: string;
const today = districtToday();
const day = (n: number) => addDays(today, n);

const dashboard = async (email: string) => {
  const { token } = await login(server, email);
  const response = await server.app.inject({ url: '/api/dashboard', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DashboardData }>().data;
};

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  operator = await accountId(server, 'operator@demo.vigie.test');
  admin = await accountId(server, 'district-admin@demo.vigie.test');
});
afterAll(() => server?.destroy());

describe('GET /api/dashboard', () => {
  it('gives each part only with the right that reads it', async () => {
    const manager = await dashboard('operator@demo.vigie.test');
    expect(manager.myActions).not.toBeNull();
    expect(manager.myInspections).not.toBeNull();
    expect(manager.recentDeclarations).not.toBeNull();
    expect(manager.districtActions).not.toBeNull();
    // An actions reader: its own actions, not the district's counts.
    const reader = await dashboard('district-admin@demo.vigie.test');
    expect(reader.myActions).not.toBeNull();
    expect(reader.districtActions).toBeNull();
    // The field user reads its own actions (the demo's read right), not the district's counts.
    const field = await dashboard('field@demo.vigie.test');
    expect(field.myActions!.items.length).toBeGreaterThan(0);
    expect(field.districtActions).toBeNull();
    expect(field.myInspections).not.toBeNull();
    expect(field.recentDeclarations!.items.length).toBeGreaterThan(0);
    expect(field.recentDeclarations!.items.length).toBeLessThanOrEqual(DASHBOARD_ROWS);
    // Nothing readable: every part null.
    const switcher = await dashboard('districts@demo.vigie.test');
    expect(switcher).toEqual({ myActions: null, myInspections: null, recentDeclarations: null, districtActions: null, cards: [] });
    // Without the actions rights: no actions part.
    const fieldId = await accountId(server, 'field@demo.vigie.test');
    await setRights(server, fieldId, lyon, ['questionnaryV2.questionnary_read', 'declarations.read', 'notifications.access']);
    expect((await dashboard('field@demo.vigie.test')).myActions).toBeNull();
  });

  it('lists the caller’s open actions overdue first, DASHBOARD_ROWS of them, with the open and overdue counts', async () => {
    await setRights(server, admin, lyon, ['actions-plans-actions.read', 'notifications.access']);
    const before = (await dashboard('district-admin@demo.vigie.test')).myActions!;
    const mine = (title: string, dueOn: string | null, extra: Partial<Parameters<typeof insertAction>[1]> = {}) =>
      insertAction(server, { districtId: lyon, title, assigneeId: admin, dueOn, createdBy: operator, ...extra });
    const ids = {
      later: await mine('Dans trois jours', day(3), { priority: 'critical' }),
      oldest: await mine('En retard depuis cinq jours', day(-5), { status: 'inProgress' }),
      yesterday: await mine('En retard depuis hier', day(-1)),
      none: await mine('Sans échéance', null),
    };
    await mine('Faite', day(-10), { status: 'done' });
    await mine('Supprimée', day(-10), { deleted: true });
    await mine('À quelqu’un d’autre', day(-10), { assigneeId: operator });
    const after = (await dashboard('district-admin@demo.vigie.test')).myActions!;
    expect(after.open - before.open).toBe(4);
    expect(after.overdue - before.overdue).toBe(2);
    expect(after.items.length).toBeLessThanOrEqual(DASHBOARD_ROWS);
    const shown = after.items.filter((a) => Object.values(ids).includes(a.id));
    expect(shown.map((a) => a.id)).toEqual([ids.oldest, ids.yesterday, ids.later, ids.none].slice(0, shown.length));
    expect(shown[0]).toMatchObject({ title: 'En retard depuis cinq jours', status: 'inProgress', dueOn: day(-5), overdue: true, assignee: { id: admin, name: 'district-admin@demo.vigie.test' } });
    // Overdue first: no overdue action after one that is not.
    const flags = after.items.map((a) => a.overdue);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
  });

  it('lists the caller’s inspections to do, the soonest first', async () => {
    const before = (await dashboard('operator@demo.vigie.test')).myInspections!;
    // Older than any the demo plans: the first of the list.
    const due = new Date(Date.now() - 2 * 365 * 86_400_000);
    const { id } = await insertInspection(server, { districtId: lyon, assigneeId: operator, dueAt: due, createdBy: operator });
    await insertInspection(server, { districtId: lyon, assigneeId: operator, dueAt: due, status: 'submitted', createdBy: operator });
    const data = (await dashboard('operator@demo.vigie.test')).myInspections!;
    expect(data.due - before.due).toBe(1);
    expect(data.items[0]).toMatchObject({ id, status: 'todo', dueAt: due.toISOString(), overdue: true });
    const dues = data.items.map((i) => i.dueAt ?? '9999');
    expect(dues).toEqual([...dues].sort());
  });

  it('gives managers the district’s open and overdue counts and DASHBOARD_WEEKS weeks of actions opened and closed', async () => {
    const before = (await dashboard('operator@demo.vigie.test')).districtActions!;
    expect(before.weeks.map((w) => w.week)).toEqual(Array.from({ length: DASHBOARD_WEEKS }, (_, n) => addDays(mondayOf(today), 7 * (n - DASHBOARD_WEEKS + 1))));
    const thisWeek = startOfDistrictDay(mondayOf(today));
    const threeWeeksAgo = new Date(thisWeek.getTime() - 3 * 7 * 86_400_000 + 3_600_000);
    await insertAction(server, { districtId: lyon, title: 'Ouverte cette semaine', assigneeId: admin, dueOn: day(-1), createdBy: operator, createdAt: new Date(thisWeek.getTime() + 60_000) });
    await insertAction(server, { districtId: lyon, title: 'Ouverte il y a trois semaines, faite cette semaine', assigneeId: admin, dueOn: day(5), status: 'done', createdBy: operator, createdAt: threeWeeksAgo, doneAt: new Date(thisWeek.getTime() + 120_000) });
    await insertAction(server, { districtId: lyon, title: 'Ouverte il y a trois semaines', assigneeId: operator, dueOn: day(5), createdBy: operator, createdAt: threeWeeksAgo });
    await insertAction(server, { districtId: lyon, title: 'Supprimée', dueOn: day(-5), createdBy: operator, deleted: true });
    // Another district's are not counted.
    await insertAction(server, { districtId: await districtId(server, 'Marseille'), title: 'Marseille', dueOn: day(-5), createdBy: operator });
    const after = (await dashboard('operator@demo.vigie.test')).districtActions!;
    expect(after.open - before.open).toBe(2);
    expect(after.overdue - before.overdue).toBe(1);
    const delta = after.weeks.map((w, n) => [w.opened - before.weeks[n]!.opened, w.closed - before.weeks[n]!.closed]);
    const expected = Array.from({ length: DASHBOARD_WEEKS }, () => [0, 0]);
    expected[DASHBOARD_WEEKS - 1] = [1, 1];
    expected[DASHBOARD_WEEKS - 4] = [2, 0];
    expect(delta).toEqual(expected);
  });
});

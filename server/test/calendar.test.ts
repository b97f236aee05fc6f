/**
 * The calendar (server/src/calendar/): the caller's own dated work by range and by right (its
 * actions by due day with an actions right, its inspections to do by due time with a
 * questionnaires fill right), the range's limits; the private iCal address made, replaced and
 * revoked, and the feed itself read without a session by a real iCal parser (ical.js): its
 * events' summaries, dates and escaping; the same 404 for an unknown, malformed or revoked
 * address.
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_RANGE_DAYS_MAX, type CalendarFeed, type CalendarPage } from '../../common/schemas/calendar.js';
import { addDays, districtToday } from '../src/modules/_platform/dates.js';
import { accountId, districtId, insertAction, insertInspection, setRights } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let lyon: string;
let operator: string;
let admin: string;
let adminToken: string;
let fieldToken: string;
let field: string;
const today = districtToday();
const day = (n: number) => addDays(today, n);

const get = (url: string, token?: string) => server.app.inject({ url, headers: token ? bearer(token) : {} });
const calendar = async (from: string, to: string, token = adminToken) => {
  const response = await get(`/api/calendar?from=${from}&to=${to}`, token);
  return { status: response.statusCode, body: response.json<{ data: CalendarPage; message?: string }>() };
};

let ids: Record<string, string>;
let inspection: { id: string; templateName: string };
let fieldInspection: string;
/** The demo seed plans inspections too: the tests look at the records they wrote. */
const ours = <T extends { id: string }>(items: T[]): T[] => items.filter((i) => Object.values(ids).includes(i.id) || i.id === inspection.id || i.id === fieldInspection);
/** Noon in Paris, 10 days from now. */
let inspectionDue: Date;

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  operator = await accountId(server, 'operator@demo.vigie.test');
  admin = await accountId(server, 'district-admin@demo.vigie.test');
  field = await accountId(server, 'field@demo.vigie.test');
  adminToken = (await login(server, 'district-admin@demo.vigie.test')).token;
  fieldToken = (await login(server, 'field@demo.vigie.test')).token;
  // The field user without the actions rights the demo gives it: its calendar holds its inspections only.
  await setRights(server, field, lyon, ['sites.read', 'notifications.access', 'declarations.read', 'questionnaryV2.questionnary_read']);
  const acme = await server.databases.client('acme');
  const site = (await acme.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null order by name limit 1', [lyon])).rows[0]!;
  await acme.query('update sites set name = $2 where id = $1', [site.id, 'Entrepôt Nord, quai 3; porte B']);
  const mine = (title: string, dueOn: string | null, extra: Partial<Parameters<typeof insertAction>[1]> = {}) =>
    insertAction(server, { districtId: lyon, title, assigneeId: admin, dueOn, createdBy: operator, ...extra });
  ids = {
    overdue: await mine('Réparer la porte coupe-feu', day(-2), { siteId: site.id }),
    soon: await mine('Vérifier; remplacer, tester\\ les détecteurs', day(3)),
    done: await mine('Afficher le plan d’évacuation', day(5), { status: 'done' }),
    long: await mine(`Contrôler ${'é'.repeat(60)} les extincteurs du bâtiment administratif`, day(6)),
    cancelled: await mine('Annulée', day(4), { status: 'cancelled' }),
    deleted: await mine('Supprimée', day(4), { deleted: true }),
    later: await mine('Plus tard', day(60)),
    none: await mine('Sans échéance', null),
    others: await mine('À quelqu’un d’autre', day(3), { assigneeId: operator }),
  };
  inspectionDue = new Date(`${day(10)}T10:00:00.000Z`);
  inspection = await insertInspection(server, { districtId: lyon, assigneeId: admin, dueAt: inspectionDue, createdBy: operator });
  await insertInspection(server, { districtId: lyon, assigneeId: admin, dueAt: new Date(`${day(11)}T10:00:00.000Z`), status: 'submitted', createdBy: operator });
  fieldInspection = (await insertInspection(server, { districtId: lyon, assigneeId: field, dueAt: new Date(`${day(12)}T10:00:00.000Z`), createdBy: operator })).id;
});
afterAll(() => server?.destroy());

describe('GET /api/calendar', () => {
  it('answers the caller’s actions by due day and its inspections to do by due time, in order, overdue marked', async () => {
    const { status, body } = await calendar(day(-5), day(20));
    expect(status).toBe(200);
    const items = ours(body.data.items);
    expect(items.map((i) => [i.kind, i.id])).toEqual([
      ['action', ids.overdue],
      ['action', ids.soon],
      ['action', ids.done],
      ['action', ids.long],
      ['inspection', inspection.id],
    ]);
    expect(items[0]).toEqual({ kind: 'action', id: ids.overdue, title: 'Réparer la porte coupe-feu', date: day(-2), at: null, status: 'todo', overdue: true, siteName: 'Entrepôt Nord, quai 3; porte B' });
    expect(items[2]).toMatchObject({ status: 'done', overdue: false });
    expect(items[4]).toMatchObject({ kind: 'inspection', title: inspection.templateName, date: day(10), at: inspectionDue.toISOString(), status: 'todo', overdue: false });
    // The range bounds the items, both days included.
    expect((await calendar(day(3), day(5))).body.data.items.map((i) => i.id)).toEqual([ids.soon, ids.done]);
  });

  it('shows each kind only with its right', async () => {
    // The field user fills questionnaires but has no actions right: its own inspection only.
    const field = await calendar(day(-5), day(20), fieldToken);
    expect(field.body.data.items.every((i) => i.kind === 'inspection')).toBe(true);
    expect(ours(field.body.data.items).map((i) => i.id)).toEqual([fieldInspection]);
    // Without the questionnaires right: the actions only.
    await setRights(server, admin, lyon, ['actions-plans-actions.read', 'notifications.access']);
    try {
      const items = (await calendar(day(-5), day(20))).body.data.items;
      expect(ours(items).map((i) => i.id)).toEqual([ids.overdue, ids.soon, ids.done, ids.long]);
      await setRights(server, admin, lyon, ['notifications.access']);
      expect((await calendar(day(-5), day(20))).body.data.items).toEqual([]);
    } finally {
      await setRights(server, admin, lyon, ['actions-plans-actions.read', 'actionsV3.read', 'questionnaryV2.questionnary_read', 'notifications.access']);
    }
  });

  it('refuses a range backwards, longer than CALENDAR_RANGE_DAYS_MAX, of days that do not exist, or missing', async () => {
    const backwards = await calendar(day(5), day(1));
    expect([backwards.status, backwards.body.message]).toEqual([400, 'calendar.invalid_range']);
    const long = await calendar(day(0), day(CALENDAR_RANGE_DAYS_MAX));
    expect([long.status, long.body.message]).toEqual([400, 'calendar.range_too_long']);
    expect((await calendar(day(0), day(CALENDAR_RANGE_DAYS_MAX - 1))).status).toBe(200);
    expect((await calendar('2027-02-27', '2027-02-30')).body.message).toBe('calendar.invalid_range');
    expect((await get('/api/calendar?from=2027-01-01', adminToken)).statusCode).toBe(400);
    expect((await get('/api/calendar?from=2027-01-01&to=2027-01-02')).statusCode).toBe(401);
  });
});

describe('the private iCal address', () => {
  const feedCall = (method: 'GET' | 'POST' | 'DELETE', token = adminToken) => server.app.inject({ method, url: '/api/calendar/feed', headers: bearer(token) });
  const path = (url: string) => new URL(url).pathname;

  it('is made once shown, read without a session as iCalendar, replaced and revoked', async () => {
    expect((await feedCall('GET')).json<{ data: CalendarFeed }>().data).toEqual({ active: false, createdAt: null, url: null });
    const made = (await feedCall('POST')).json<{ data: CalendarFeed }>().data;
    expect(made.active).toBe(true);
    expect(made.url).toMatch(/\/api\/calendar\/feeds\/[A-Za-z0-9_-]{65}\.ics$/);
    // Shown once: reading it again says it exists, not where.
    expect((await feedCall('GET')).json<{ data: CalendarFeed }>().data).toEqual({ active: true, createdAt: made.createdAt, url: null });

    const response = await get(path(made.url!));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const calendarComponent = new ICAL.Component(ICAL.parse(response.body));
    const events = ours(calendarComponent.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)).map((e) => Object.assign(e, { id: e.uid.replace(/^\w+-|@vigie$/g, '') })));
    const byUid = new Map(events.map((e) => [e.uid, e]));
    // From 30 days ago to a year ahead: the far one too; never the cancelled, deleted or someone else's.
    expect(events.map((e) => e.uid).sort()).toEqual(
      [...['overdue', 'soon', 'done', 'long', 'later'].map((k) => `action-${ids[k]}@vigie`), `inspection-${inspection.id}@vigie`].sort(),
    );
    const overdue = byUid.get(`action-${ids.overdue}@vigie`)!;
    expect(overdue.summary).toBe('Action : Réparer la porte coupe-feu');
    expect(overdue.startDate.isDate).toBe(true);
    expect(overdue.startDate.toString()).toBe(day(-2));
    expect(overdue.endDate.toString()).toBe(day(-1));
    expect(overdue.location).toBe('Entrepôt Nord, quai 3; porte B');
    expect(overdue.description).toContain('Site : Entrepôt Nord, quai 3; porte B\nStatut : à faire (en retard)\n');
    expect(overdue.component.getFirstPropertyValue('url')).toBe(`${server.config.publicUrl}/actionPlan/actions/${ids.overdue}`);
    // Escaped and folded text comes back as written.
    expect(byUid.get(`action-${ids.soon}@vigie`)!.summary).toBe('Action : Vérifier; remplacer, tester\\ les détecteurs');
    expect(byUid.get(`action-${ids.long}@vigie`)!.summary).toBe(`Action : Contrôler ${'é'.repeat(60)} les extincteurs du bâtiment administratif`);
    const due = byUid.get(`inspection-${inspection.id}@vigie`)!;
    expect(due.summary).toBe(`Inspection : ${inspection.templateName}`);
    expect(due.startDate.isDate).toBe(false);
    expect(due.startDate.toJSDate().toISOString()).toBe(inspectionDue.toISOString());
    expect(due.endDate.toJSDate().getTime() - inspectionDue.getTime()).toBe(3_600_000);

    // In its owner's language: an account that reads English gets an English feed, still iCalendar.
    const setLanguage = (language: string) => server.app.inject({ method: 'PUT', url: '/api/me/language', headers: bearer(adminToken), payload: { language } });
    expect((await setLanguage('en')).statusCode).toBe(200);
    const english = new ICAL.Component(ICAL.parse((await get(path(made.url!))).body));
    const inEnglish = new Map(english.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)).map((e) => [e.uid, e]));
    expect(inEnglish.get(`action-${ids.overdue}@vigie`)!.summary).toBe('Action: Réparer la porte coupe-feu');
    expect(inEnglish.get(`action-${ids.overdue}@vigie`)!.description).toContain('Site: Entrepôt Nord, quai 3; porte B\nStatus: to do (overdue)\n');
    expect(inEnglish.get(`inspection-${inspection.id}@vigie`)!.summary).toBe(`Inspection: ${inspection.templateName}`);
    expect((await setLanguage('fr')).statusCode).toBe(200);
    expect(new ICAL.Component(ICAL.parse((await get(path(made.url!))).body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary)).toContain(
      'Action : Réparer la porte coupe-feu',
    );

    // A new address: the old one stops working at once.
    const renewed = (await feedCall('POST')).json<{ data: CalendarFeed }>().data;
    expect(renewed.url).not.toBe(made.url);
    const old = await get(path(made.url!));
    expect([old.statusCode, old.json().message]).toEqual([404, 'calendar.feed_not_found']);
    expect((await get(path(renewed.url!))).statusCode).toBe(200);

    // Revoked: the same 404 as an unknown or malformed address.
    expect((await feedCall('DELETE')).json<{ data: CalendarFeed }>().data).toEqual({ active: false, createdAt: null, url: null });
    const revoked = await get(path(renewed.url!));
    const unknown = await get(`/api/calendar/feeds/${randomBytes(49).toString('base64url').slice(0, 65)}.ics`);
    const malformed = await get('/api/calendar/feeds/nope.ics');
    for (const answer of [revoked, unknown, malformed]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('calendar.feed_not_found');
    }
  });

  it('follows the member’s rights of the moment, and stops when it leaves the district', async () => {
    const made = (await feedCall('POST', fieldToken)).json<{ data: CalendarFeed }>().data;
    const read = async () => {
      const response = await get(path(made.url!));
      return response.statusCode === 200 ? new ICAL.Component(ICAL.parse(response.body)).getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('uid'))) : response.statusCode;
    };
    const uids = await read();
    expect(uids).toContain(`inspection-${fieldInspection}@vigie`);
    expect((uids as string[]).some((uid) => uid.startsWith('action-'))).toBe(false);
    const acme = await server.databases.client('acme');
    await acme.query('delete from memberships where account_id = $1 and district_id = $2', [field, lyon]);
    expect(await read()).toBe(404);
  });
});

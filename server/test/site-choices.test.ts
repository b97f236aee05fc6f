/**
 * The site pickers' choices (server/src/modules/_platform/site-choices.ts): one helper, mounted
 * by each module whose forms pick a site, under the module's prefix and right, so a member
 * without the sites right picks sites in the module it works in. The declarations' nearest-first
 * order: declarations.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { SITE_CHOICES_MAX, type SiteChoice } from '../../common/schemas/site-choices.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let lyon: string;
let member: string;
let token: string;

const get = async (url: string) => {
  const response = await server.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: response.statusCode, body: response.json<Envelope<SiteChoice[]> & { message?: string }>() };
};

beforeAll(async () => {
  server = await startTestServer();
  lyon = await districtId(server, 'Lyon');
  member = await accountId(server, 'district-admin@demo.vigie.test');
  token = (await login(server, 'district-admin@demo.vigie.test')).token;
});
afterAll(() => server?.destroy());

describe('GET /api/<module>/sites', () => {
  it('an actions reader without the sites right gets the district’s live sites, searched', async () => {
    await setRights(server, member, lyon, ['notifications.access', 'actions-plans-actions.read']);
    expect((await get('/api/sites')).status).toBe(403);
    const all = await get('/api/actions/sites');
    expect(all.status).toBe(200);
    const acme = await server.databases.client('acme');
    const live = (await acme.query<{ id: string; name: string }>('select id, name from sites where district_id = $1 and deleted_at is null', [lyon])).rows;
    expect(all.body.data.length).toBe(Math.min(live.length, SITE_CHOICES_MAX));
    expect(all.body.data.every((s) => s.distance === null && live.some((l) => l.id === s.id))).toBe(true);
    const word = live[0]!.name.split(/\s+/)[0]!.toUpperCase();
    const found = await get(`/api/actions/sites?search=${encodeURIComponent(word)}`);
    expect(found.body.data.map((s) => s.id)).toContain(live[0]!.id);
    expect(found.body.data.every((s) => s.name.toUpperCase().includes(word) || s.address.toUpperCase().includes(word))).toBe(true);
  });

  it('a plans reader or Actions V3 reader gets them too; the questionnaires’ and the declarations’ answer to their own rights', async () => {
    await setRights(server, member, lyon, ['notifications.access', 'action-plans.read']);
    expect((await get('/api/actions/sites')).status).toBe(200);
    await setRights(server, member, lyon, ['notifications.access', 'actionsV3.read']);
    expect((await get('/api/actions/sites')).status).toBe(200);
    expect((await get('/api/questionnaires/sites')).status).toBe(403);
    expect((await get('/api/declarations/sites')).status).toBe(403);
    await setRights(server, member, lyon, ['notifications.access', 'questionnaryV2.questionnary_read', 'declarations.read']);
    const inspections = await get('/api/questionnaires/sites');
    expect(inspections.status).toBe(200);
    expect(inspections.body.data.length).toBeGreaterThan(0);
    expect((await get('/api/declarations/sites')).status).toBe(200);
  });

  it('someone with neither right gets 403; bad input is a 400', async () => {
    await setRights(server, member, lyon, ['notifications.access', 'actions-plans-actions.read']);
    expect((await get('/api/actions/sites?near=91,500')).status).toBe(400);
    expect((await get('/api/actions/sites?limit=3')).status).toBe(400);
    await setRights(server, member, lyon, ['notifications.access']);
    const refused = await get('/api/actions/sites');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('auth.missing_rights');
  });
});

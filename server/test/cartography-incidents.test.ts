/**
 * The incidents' management on the map (POST /api/cartography/incidents/:id/status): a manager
 * of incidents without the declarations' manage right moves an incident along the declarations'
 * workflow, with their rules (no step back, a reason, the version), their history and the
 * author's notice; a reader of the map or of incidents cannot; a declaration without a position
 * is no incident. Another tenant's incidents: the tenant isolation matrix walks the route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureCollection } from '../../common/modules/cartography/schemas.js';
import type { Declaration } from '../../common/modules/declarations/schemas.js';
import type { HistoryEntry } from '../../common/schemas/platform.js';
import { accountId, districtId, setRights } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let operator: string;
/** The district switcher, given the incidents' manage right only (and the map's reading). */
let incidents: string;
let lyon: string;

async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object, key = randomUUID()) {
  const response = await server.app.inject({ method, url, headers: { ...bearer(token), ...(method === 'POST' ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });
  const body = response.json<{ data: T; message?: string }>();
  return { status: response.statusCode, data: body.data, message: body.message, text: response.body };
}

/** A live incident of Lyon in `status`, as the map lists it. */
async function incident(status: string) {
  const map = await call<FeatureCollection>('GET', '/api/cartography/features?layers=incidents', operator);
  const found = map.data.features.find((f) => f.properties.status === status);
  expect(found, `an incident in status ${status}`).toBeDefined();
  return found!.properties;
}

beforeAll(async () => {
  server = await startTestServer();
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  await setRights(server, await accountId(server, 'districts@demo.vigie.test'), lyon, ['cartography_advanced.incidentManagement_admin']);
  incidents = (await login(server, 'districts@demo.vigie.test')).token;
});
afterAll(() => server?.destroy());

describe('an incident’s status from the map', () => {
  it('moves one step with its reason for a manager of incidents, as the declarations’ workflow does', async () => {
    const target = await incident('new');
    // Not through the declarations' own route: that needs their manage right.
    const refused = await call('POST', `/api/declarations/${target.id}/status`, incidents, { baseVersion: target.version, status: 'acknowledged', reason: 'Vu' });
    expect(refused.status).toBe(403);
    const moved = await call<Declaration>('POST', `/api/cartography/incidents/${target.id}/status`, incidents, { baseVersion: target.version, status: 'acknowledged', reason: 'Pris en compte sur la carte' });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.data).toMatchObject({ id: target.id, status: 'acknowledged', version: target.version + 1 });
    // The map and the declaration's history say so.
    const map = await call<FeatureCollection>('GET', '/api/cartography/features?layers=incidents', incidents);
    expect(map.data.features.find((f) => f.id === target.id)?.properties.status).toBe('acknowledged');
    const history = await call<HistoryEntry[]>('GET', `/api/declarations/${target.id}/history`, operator);
    expect(history.data[0]?.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'new', after: 'acknowledged' }, { field: 'reason', before: null, after: 'Pris en compte sur la carte' }]));
  });

  it('refuses a step back, an old version and an empty reason, as the declarations do', async () => {
    const target = await incident('investigating');
    const back = await call('POST', `/api/cartography/incidents/${target.id}/status`, incidents, { baseVersion: target.version, status: 'acknowledged', reason: 'Retour' });
    expect(back.status).toBe(409);
    expect(back.message).toBe('declarations.invalid_transition');
    const stale = await call('POST', `/api/cartography/incidents/${target.id}/status`, incidents, { baseVersion: target.version - 1 || 1, status: 'closed', reason: 'Clos' });
    if (target.version > 1) expect(stale.status).toBe(409);
    const blank = await call('POST', `/api/cartography/incidents/${target.id}/status`, incidents, { baseVersion: target.version, status: 'closed', reason: '   ' });
    expect(blank.status).toBe(400);
  });

  it('is refused to a reader of the map, and a declaration without a position is no incident', async () => {
    const target = await incident('acknowledged');
    const field = (await login(server, 'field@demo.vigie.test')).token;
    const reader = await call('POST', `/api/cartography/incidents/${target.id}/status`, field, { baseVersion: target.version, status: 'investigating', reason: 'Vu' });
    expect(reader.status).toBe(403);
    const db = await server.databases.client('acme');
    const { rows } = await db.query<{ id: string; version: number }>('select id, version from declarations where district_id = $1 and position is null and deleted_at is null limit 1', [lyon]);
    let id = rows[0]?.id;
    if (id === undefined) {
      const other = await incident('closed');
      await db.query('update declarations set position = null where id = $1', [other.id]);
      id = other.id;
    }
    const none = await call('POST', `/api/cartography/incidents/${id}/status`, incidents, { baseVersion: 1, status: 'closed', reason: 'Clos' });
    expect(none.status).toBe(404);
    expect(none.message).toBe('cartography.incident_not_found');
    const unknown = await call('POST', `/api/cartography/incidents/${randomUUID()}/status`, incidents, { baseVersion: 1, status: 'closed', reason: 'Clos' });
    expect(unknown.status).toBe(404);
  });
});

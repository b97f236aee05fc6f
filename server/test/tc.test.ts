/**
 * The tc module: the terms of use accepted before the API answers (428 tc.acceptanceRequired,
 * but auth, config, /api/me and /api/tc), asked again when a version requiring acceptance is
 * published and not for a minor one; and the audit log of administrative acts, written for each
 * act, never changed (the table refuses updates and deletes), filtered, scoped to the reader.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage, TcStatus, TcVersion } from '../../common/modules/tc/schemas.js';
import { districtToday } from '../src/modules/_platform/dates.js';
import { accountId, districtId } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let operator: string;
let admin: string;
let field: string;
let fieldId: string;
let lyon: string;

const call = apiCaller(() => server, '/api/tc', () => operator);

const texts = (tag: string) => ({ termsFr: `# CGU ${tag}\nTexte`, termsEn: `# Terms ${tag}\nText`, privacyFr: `# Confidentialité ${tag}`, privacyEn: `# Privacy ${tag}` });

async function publish(requiresAcceptance: boolean, tag = randomUUID().slice(0, 6)): Promise<TcVersion> {
  const answer = await call<TcVersion>({ method: 'POST', url: '/versions', payload: { ...texts(tag), requiresAcceptance, note: tag } });
  expect(answer.status, answer.text).toBe(201);
  return answer.data;
}

const audit = async (query = '', token = operator) => {
  const answer = await call<AuditPage>({ url: `/audit${query}`, token });
  expect(answer.status, answer.text).toBe(200);
  return answer.data.items;
};

beforeAll(async () => {
  server = await startTestServer();
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  admin = (await login(server, 'district-admin@demo.vigie.test')).token;
  field = (await login(server, 'field@demo.vigie.test')).token;
  fieldId = await accountId(server, 'field@demo.vigie.test');
  lyon = await districtId(server, 'Lyon');
});
afterAll(async () => {
  await server?.destroy();
});

describe('the terms of use', () => {
  it('come with the demo as version 1, accepted by the demo accounts, and are readable without a session', async () => {
    const status = await call<TcStatus>({ url: '/status', token: field });
    expect(status.data).toMatchObject({ acceptedVersion: 1, mustAccept: false });
    expect(status.data.current?.termsFr).toContain('Conditions générales');
    const open = await server.app.inject({ method: 'GET', url: '/api/tcPublic/current' });
    expect(open.statusCode).toBe(200);
    expect(open.json<{ data: TcVersion }>().data.privacyEn).toContain('Privacy notice');
  });

  it('are published by operators only, with every text filled in', async () => {
    expect((await call({ method: 'POST', url: '/versions', token: admin, payload: { ...texts('x'), requiresAcceptance: true } })).status).toBe(403);
    const blank = await call({ method: 'POST', url: '/versions', payload: { ...texts('x'), termsEn: '   ', requiresAcceptance: true } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('tc.textRequired');
  });

  it('must be accepted again when a version asking for it is published; a minor one asks nobody', async () => {
    const sites = () => server.app.inject({ method: 'GET', url: '/api/sites', headers: { authorization: `Bearer ${field}` } });
    const before = (await sites()).statusCode;
    expect(before).not.toBe(428);

    const major = await publish(true);
    const refused = await sites();
    expect(refused.statusCode).toBe(428);
    expect(refused.json<{ message: string }>().message).toBe('tc.acceptanceRequired');
    // What the user needs to read, accept or leave still answers.
    expect((await call<TcStatus>({ url: '/status', token: field })).data).toMatchObject({ mustAccept: true, acceptedVersion: 1, current: { version: major.version } });
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/district', headers: { authorization: `Bearer ${field}` } })).statusCode).toBe(200);

    // An older version cannot be accepted in its place.
    expect((await call({ method: 'POST', url: '/accept', token: field, payload: { version: 1 } })).status).toBe(409);
    const key = randomUUID();
    const accepted = await call<{ version: number }>({ method: 'POST', url: '/accept', token: field, payload: { version: major.version }, key });
    expect(accepted.status, accepted.text).toBe(200);
    // A replay of the same acceptance changes nothing.
    expect((await call({ method: 'POST', url: '/accept', token: field, payload: { version: major.version }, key })).status).toBe(200);
    expect((await sites()).statusCode).toBe(before);
    const { rows } = await server.databases.control.query<{ version: number; ip: string | null }>('select version, ip from tc_acceptances where account_id = $1 order by version', [fieldId]);
    expect(rows.map((r) => r.version)).toEqual([1, major.version]);
    expect(rows[1]!.ip).toBeTruthy();

    await publish(false);
    expect((await sites()).statusCode).toBe(before);
    expect((await call<TcStatus>({ url: '/status', token: field })).data.mustAccept).toBe(false);
    // Others who did not accept the major version are still asked, the minor one on top notwithstanding.
    expect((await server.app.inject({ method: 'GET', url: '/api/sites', headers: { authorization: `Bearer ${admin}` } })).statusCode).toBe(428);
    // Put everyone back on the current version (the rest of the file acts as administrators).
    const current = (await call<TcStatus>({ url: '/status' })).data.current!;
    for (const token of [operator, admin]) expect((await call({ method: 'POST', url: '/accept', token, payload: { version: current.version } })).status).toBe(200);
    const versions = await call<{ version: number; acceptances: number }[]>({ url: '/versions' });
    expect(versions.data.find((v) => v.version === major.version)!.acceptances).toBeGreaterThanOrEqual(1);
  });
});

describe('the audit log', () => {
  it('records each administrative act, which a district administrator reads for its district and an operator everywhere', async () => {
    // Rights changed, by the district administrator in Lyon (where both are).
    const users = await server.app.inject({ method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${admin}` } });
    expect(users.statusCode, users.body).toBe(200);
    const fieldEntry = users.json<{ data: { _id: string; rights: string[] }[] }>().data.find((u) => u._id === fieldId)!;
    const changed = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${fieldId}/rights`,
      headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() },
      payload: { rights: [...fieldEntry.rights, 'sites.read'].filter((r, i, all) => all.indexOf(r) === i) },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // An account created then disabled.
    const email = `audit-${randomUUID().slice(0, 8)}@example.org`;
    const created = await server.app.inject({ method: 'POST', url: '/api/users', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() }, payload: { email, password: 'a-long-password-1', rights: ['sites.read'] } });
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json<{ data: { _id: string } }>().data._id;
    const disabled = await server.app.inject({ method: 'POST', url: `/api/users/${newId}/disable`, headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() } });
    expect(disabled.statusCode, disabled.body).toBe(200);

    // A district created by the district administrator; a client created by the operator.
    const district = await server.app.inject({ method: 'POST', url: '/api/districts', headers: { authorization: `Bearer ${admin}`, 'idempotency-key': randomUUID() }, payload: { name: `Audit ${randomUUID().slice(0, 6)}` } });
    expect(district.statusCode, district.body).toBe(201);
    const database = `audit${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    const client = await server.app.inject({ method: 'POST', url: '/api/clients', headers: { authorization: `Bearer ${operator}`, 'idempotency-key': randomUUID() }, payload: { name: `Client ${database}`, database, district: 'Siège' } });
    expect(client.statusCode, client.body).toBe(201);

    const mine = await audit('', admin);
    const acts = mine.map((e) => e.act);
    expect(acts).toEqual(expect.arrayContaining(['rights.changed', 'account.created', 'account.disabled', 'district.created']));
    const rights = mine.find((e) => e.act === 'rights.changed' && e.targetId === fieldId)!;
    expect(rights).toMatchObject({ actorEmail: 'district-admin@demo.vigie.test', districtId: lyon, targetLabel: 'field@demo.vigie.test' });
    expect((rights.details.after as string[]).includes('sites.read')).toBe(true);
    // The district administrator does not read the operator's acts elsewhere (client created, terms published).
    expect(acts).not.toContain('client.created');
    expect(acts).not.toContain('tc.published');
    expect(mine.every((e) => e.districtId === lyon)).toBe(true);

    const everything = await audit();
    expect(everything.map((e) => e.act)).toEqual(expect.arrayContaining(['client.created', 'tc.published', 'rights.changed']));
    expect(everything.find((e) => e.act === 'client.created')).toMatchObject({ clientDb: database, targetLabel: `Client ${database}` });

    // A member without the administration right reads nothing.
    expect((await call({ url: '/audit', token: field })).status).toBe(403);
  });

  it('records share links created and revoked', async () => {
    const acme = await server.databases.client('acme');
    const site = (await acme.query<{ id: string }>('select id from sites where district_id = $1 and deleted_at is null limit 1', [lyon])).rows[0]!;
    const headers = { authorization: `Bearer ${operator}`, 'idempotency-key': randomUUID() };
    const payload = { id: randomUUID(), siteId: site.id, recipientName: 'Karine Lemoine', recipientEmail: 'karine@bureau-controle.example', items: [{ kind: 'site', id: site.id }], otp: false };
    const created = await server.app.inject({ method: 'POST', url: '/api/third-party/links', headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    // Replayed with the same key: the act is in the log once.
    expect((await server.app.inject({ method: 'POST', url: '/api/third-party/links', headers, payload })).statusCode).toBe(201);
    const revoked = await server.app.inject({ method: 'POST', url: `/api/third-party/links/${payload.id}/revoke`, headers: { ...headers, 'idempotency-key': randomUUID() } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const entries = (await audit('?person=karine@bureau')).filter((e) => e.targetId === payload.id);
    expect(entries.map((e) => e.act).sort()).toEqual(['share.created', 'share.revoked']);
  });

  it('reads a period’s days as the district’s: an act at 00:30 in Paris is on that Paris day, not the UTC day before', async () => {
    const id = randomUUID();
    await server.databases.control.query(
      `insert into audit_log (id, at, actor_id, actor_email, act, client_db, district_id) values ($1, '2001-03-10T23:30:00Z', null, 'night@example.org', 'rights.changed', null, null)`,
      [id],
    );
    expect((await audit('?from=2001-03-11&to=2001-03-11')).map((e) => e._id)).toEqual([id]);
    expect(await audit('?from=2001-03-10&to=2001-03-10')).toEqual([]);
    expect((await audit('?from=2001-03-01&to=2001-03-11')).map((e) => e._id)).toEqual([id]);
  });

  it('filters by act, person and period, pages, exports CSV, and is never changed', async () => {
    const onlyRights = await audit('?act=rights.changed');
    expect(onlyRights.length).toBeGreaterThan(0);
    expect(onlyRights.every((e) => e.act === 'rights.changed')).toBe(true);
    const byPerson = await audit('?person=DISTRICT-ADMIN');
    expect(byPerson.length).toBeGreaterThan(0);
    expect(byPerson.every((e) => e.actorEmail.includes('district-admin') || e.targetLabel.toLowerCase().includes('district-admin'))).toBe(true);
    const today = districtToday();
    expect((await audit(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await audit('?from=2001-01-01&to=2001-01-31')).toEqual([]);
    expect((await call({ url: '/audit?act=nothing' })).status).toBe(400);

    const first = await call<AuditPage>({ url: '/audit?limit=2' });
    expect(first.data.items).toHaveLength(2);
    const second = await call<AuditPage>({ url: `/audit?limit=2&before=${encodeURIComponent(first.data.next!)}` });
    expect(second.data.items[0]!._id).not.toBe(first.data.items[1]!._id);
    expect(Date.parse(second.data.items[0]!.at)).toBeLessThanOrEqual(Date.parse(first.data.items[1]!.at));

    const csv = await call({ url: '/audit/export.csv?act=rights.changed' });
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.text).toContain('rights.changed');
    expect(csv.text).not.toContain('account.disabled');

    // No route changes the log, and the table itself refuses it.
    const entry: AuditEntry = (await audit())[0]!;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) expect((await call({ method, url: `/audit/${entry._id}` })).status).toBe(404);
    await expect(server.databases.control.query('update audit_log set act = $1 where id = $2', ['tc.published', entry._id])).rejects.toThrow(/append-only/);
    await expect(server.databases.control.query('delete from audit_log where id = $1', [entry._id])).rejects.toThrow(/append-only/);
    const { rows } = await server.databases.control.query<{ act: string }>('select act from audit_log where id = $1', [entry._id]);
    expect(rows[0]!.act).toBe(entry.act);
  });
});

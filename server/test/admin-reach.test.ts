/**
 * A district administrator acts only on what it could have granted.
 * - rights it does not hold stay as they are when it edits a member;
 * - nobody without the operator right edits or disables an operator;
 * - disabling an account that belongs elsewhere removes it from this district only (its
 *   sessions and sockets here end, it goes on elsewhere);
 * - adding an existing account by e-mail answers the same whatever the account is elsewhere.
 */
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../common/api-types.js';
import { SESSION_ENDED_EVENT } from '../../common/constants.js';
import { hashPassword } from '../src/auth/passwords.js';
import type { DisableResult, UserEntry } from '../src/routes/api/users/index.js';
import { bearer, login, startTestServer, type TestServer, listenOnLoopback } from './helper.js';

let server: TestServer;
let base: string;
let passwordHash: string;
const PASSWORD = 'long-enough-1';
beforeAll(async () => {
  server = await startTestServer();
  base = await listenOnLoopback(server);
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => server?.destroy());

const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }).then((r) => ({ status: r.statusCode, body: r.json<Envelope<T>>() }));

const adminToken = async () => (await login(server, 'district-admin@demo.vigie.test')).token;

async function districtId(database: string, name: string): Promise<string> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ id: string }>('select id from districts where name = $1', [name]);
  return rows[0]!.id;
}

async function accountId(email: string): Promise<string> {
  const { rows } = await server.databases.control.query<{ id: string }>('select id from accounts where email = $1', [email]);
  return rows[0]!.id;
}

/** An account whose home and only membership are `district` of `database`, with `rights` there. */
async function accountIn(database: string, district: string, email: string, rights: string[], disabled = false): Promise<string> {
  const id = randomUUID();
  const did = await districtId(database, district);
  await server.databases.control.query(
    'insert into accounts (id, email, password_hash, home_client, home_district, current_client, current_district, disabled) values ($1, $2, $3, $4, $5, $4, $5, $6)',
    [id, email, passwordHash, database, did, disabled],
  );
  const db = await server.databases.client(database);
  await db.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, did, rights]);
  return id;
}

async function isDisabled(id: string): Promise<boolean> {
  const { rows } = await server.databases.control.query<{ disabled: boolean }>('select disabled from accounts where id = $1', [id]);
  return rows[0]!.disabled;
}

async function rightsIn(database: string, district: string, id: string): Promise<string[] | null> {
  const db = await server.databases.client(database);
  const { rows } = await db.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [id, await districtId(database, district)]);
  return rows[0] ? [...rows[0].rights].sort() : null;
}

function openSocket(token: string): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const s = connect(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

describe("a district administrator's reach", () => {
  it("an account of another client, attached by e-mail then disabled, is only removed from the admin's district", async () => {
    const token = await adminToken();
    const id = await accountIn('bellevue', 'Nantes', 'nantes.staff@demo.vigie.test', ['sites.read', 'cartography.read']);
    const attached = await call<UserEntry>('POST', '/api/users', token, { email: 'nantes.staff@demo.vigie.test', password: 'whatever-123', rights: [] });
    expect(attached.status).toBe(200);

    const disabled = await call<DisableResult>('POST', `/api/users/${id}/disable`, token);
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toBe('user.removed_from_district');
    expect(disabled.body.data.outcome).toBe('removed');

    expect(await isDisabled(id)).toBe(false);
    expect(await rightsIn('acme', 'Lyon', id)).toBeNull();
    expect(await rightsIn('bellevue', 'Nantes', id)).toEqual(['cartography.read', 'sites.read']);
    const nantes = await login(server, 'nantes.staff@demo.vigie.test', PASSWORD);
    expect(nantes.session.district.name).toBe('Nantes');
    const list = await call<UserEntry[]>('GET', '/api/users', token);
    expect(list.body.data.map((u) => u.email)).not.toContain('nantes.staff@demo.vigie.test');
  });

  it('an account removed from every district of its home client still logs in to its other client', async () => {
    const id = await accountIn('acme', 'Lyon', 'home.leaver@demo.vigie.test', ['sites.read']);
    const nantes = await districtId('bellevue', 'Nantes');
    await (await server.databases.client('bellevue')).query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, nantes, ['sites.read']]);

    const removed = await call<DisableResult>('POST', `/api/users/${id}/disable`, await adminToken());
    expect(removed.body.data.outcome).toBe('removed');
    const session = await login(server, 'home.leaver@demo.vigie.test', PASSWORD);
    expect(session.session.client.database).toBe('bellevue');
    expect(session.session.district.name).toBe('Nantes');
  });

  it("a member of other districts is removed from this one: its sessions and sockets here end, its others go on", async () => {
    const id = await accountIn('acme', 'Lyon', 'two.districts@demo.vigie.test', ['sites.read']);
    const marseille = await districtId('acme', 'Marseille');
    const acme = await server.databases.client('acme');
    await acme.query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, marseille, ['sites.read']]);

    const inLyon = await login(server, 'two.districts@demo.vigie.test', PASSWORD);
    expect(inLyon.session.district.name).toBe('Lyon');
    await server.databases.control.query('update accounts set current_district = $2 where id = $1', [id, marseille]);
    const inMarseille = await login(server, 'two.districts@demo.vigie.test', PASSWORD);
    expect(inMarseille.session.district.name).toBe('Marseille');

    const lyonSocket = await openSocket(inLyon.token);
    const marseilleSocket = await openSocket(inMarseille.token);
    const told = new Promise<unknown>((resolve) => lyonSocket.on(SESSION_ENDED_EVENT, resolve));
    const lyonClosed = new Promise<string>((resolve) => lyonSocket.on('disconnect', resolve));
    let marseilleTold = false;
    marseilleSocket.on(SESSION_ENDED_EVENT, () => (marseilleTold = true));
    try {
      const removed = await call<DisableResult>('POST', `/api/users/${id}/disable`, await adminToken());
      expect(removed.status).toBe(200);
      expect(removed.body.data).toMatchObject({ _id: id, outcome: 'removed' });
      expect(await told).toEqual({ message: 'auth.removed_from_district' });
      expect(await lyonClosed).toBe('io server disconnect');

      const lyonRequest = await server.app.inject({ url: '/api/auth/district', headers: bearer(inLyon.token) });
      expect(lyonRequest.statusCode).toBe(403);
      expect(lyonRequest.json()).toEqual({ message: 'auth.removed_from_district', logout: true });
      const lyonRefresh = await server.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: inLyon.cookie } });
      expect(lyonRefresh.statusCode).toBe(401);

      const marseilleRequest = await server.app.inject({ url: '/api/auth/district', headers: bearer(inMarseille.token) });
      expect(marseilleRequest.statusCode).toBe(200);
      expect(marseilleSocket.connected).toBe(true);
      expect(marseilleTold).toBe(false);
      expect(await isDisabled(id)).toBe(false);
      expect(await rightsIn('acme', 'Marseille', id)).toEqual(['sites.read']);
    } finally {
      lyonSocket.close();
      marseilleSocket.close();
    }
  });

  it('an account of this district alone is disabled as an account, and its sockets are told', async () => {
    const id = await accountIn('acme', 'Lyon', 'lyon.only@demo.vigie.test', ['sites.read']);
    const session = await login(server, 'lyon.only@demo.vigie.test', PASSWORD);
    const socket = await openSocket(session.token);
    const told = new Promise<unknown>((resolve) => socket.on(SESSION_ENDED_EVENT, resolve));
    try {
      const disabled = await call<DisableResult>('POST', `/api/users/${id}/disable`, await adminToken());
      expect(disabled.status).toBe(200);
      expect(disabled.body.message).toBe('user.disabled');
      expect(disabled.body.data).toMatchObject({ _id: id, outcome: 'disabled', disabled: true });
      expect(await told).toEqual({ message: 'auth.account_disabled' });
      expect(await isDisabled(id)).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('nobody without the operator right edits, disables or removes an operator', async () => {
    const token = await adminToken();
    const operator = await accountId('operator@demo.vigie.test');
    const before = await rightsIn('acme', 'Lyon', operator);
    expect(before).toContain('opteamum.admin');

    const disable = await call('POST', `/api/users/${operator}/disable`, token);
    expect(disable.status).toBe(403);
    expect(disable.body).toMatchObject({ message: 'user.operator_protected' });
    const edit = await call('PUT', `/api/users/${operator}/rights`, token, { rights: [] });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ message: 'user.operator_protected' });
    expect(await isDisabled(operator)).toBe(false);
    expect(await rightsIn('acme', 'Lyon', operator)).toEqual(before);

    // A member holding only a lesser operator right (opteamum.districts) is an operator too.
    const switcher = await accountId('districts@demo.vigie.test');
    expect(await call('POST', `/api/users/${switcher}/disable`, token)).toMatchObject({ status: 403, body: { message: 'user.operator_protected' } });

    // The holder of the operator right may.
    const operatorToken = (await login(server, 'operator@demo.vigie.test')).token;
    const edited = await call<UserEntry>('PUT', `/api/users/${switcher}/rights`, operatorToken, { rights: ['opteamum.districts'] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.rights).toEqual(['opteamum.districts']);
  });

  it('editing rights adds and removes only rights the admin holds; the others stay as they are', async () => {
    const token = await adminToken();
    // sites.admin and declarations.admin are beyond the district admin's reach.
    const id = await accountIn('acme', 'Lyon', 'strong.member@demo.vigie.test', ['declarations.admin', 'sites.admin', 'sites.read']);
    const marseille = await districtId('acme', 'Marseille');
    await (await server.databases.client('acme')).query('insert into memberships (account_id, district_id, rights) values ($1, $2, $3)', [id, marseille, ['sites.read']]);

    const cleared = await call<UserEntry>('PUT', `/api/users/${id}/rights`, token, { rights: ['cartography.read'] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.rights).toEqual(['cartography.read', 'declarations.admin', 'sites.admin']);
    expect(await rightsIn('acme', 'Lyon', id)).toEqual(['cartography.read', 'declarations.admin', 'sites.admin']);

    // Keeping a right beyond reach that the member holds is allowed; granting one is not.
    const kept = await call<UserEntry>('PUT', `/api/users/${id}/rights`, token, { rights: ['sites.admin'] });
    expect(kept.body.data.rights).toEqual(['declarations.admin', 'sites.admin']);
    const grant = await call('PUT', `/api/users/${id}/rights`, token, { rights: ['imports.create'] });
    expect(grant.status).toBe(403);
    expect(grant.body).toMatchObject({ message: 'user.rights_not_grantable', details: 'imports.create' });

    // Disabling or removing it would take away rights the admin could not have granted.
    const disable = await call('POST', `/api/users/${id}/disable`, token);
    expect(disable.status).toBe(403);
    expect(disable.body).toMatchObject({ message: 'user.beyond_reach', details: 'declarations.admin, sites.admin' });
    expect(await rightsIn('acme', 'Lyon', id)).toEqual(['declarations.admin', 'sites.admin']);
    expect(await isDisabled(id)).toBe(false);
  });

  it('adding an existing account by e-mail answers the same whatever the account is elsewhere', async () => {
    const token = await adminToken();
    await accountIn('bellevue', 'Nantes', 'plain.elsewhere@demo.vigie.test', ['sites.read']);
    await accountIn('bellevue', 'Nantes', 'disabled.elsewhere@demo.vigie.test', ['sites.read'], true);
    await accountIn('bellevue', 'Rennes', 'operator.elsewhere@demo.vigie.test', ['opteamum.admin', 'opteamum.clients', 'district.admin', 'sites.admin']);
    const answers = [];
    for (const email of ['plain.elsewhere@demo.vigie.test', 'disabled.elsewhere@demo.vigie.test', 'operator.elsewhere@demo.vigie.test']) {
      const response = await server.app.inject({ method: 'POST', url: '/api/users', headers: bearer(token), payload: { email: email.toUpperCase(), password: 'whatever-123', rights: ['sites.read'] } });
      const body = response.json<Envelope<UserEntry>>();
      expect(body.data.email).toBe(email);
      expect(body.data._id).toBe(await accountId(email));
      // Everything but the id and the e-mail the admin typed is the same for the three.
      const { _id, email: _email, ...rest } = body.data;
      answers.push({ status: response.statusCode, message: body.message, keys: Object.keys(body).sort(), data: rest });
    }
    expect(answers[0]).toEqual({ status: 200, message: 'user_duplicated', keys: expect.any(Array), data: { rights: ['sites.read'], disabled: false } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // The list of the district does not tell them apart either.
    const list = await call<UserEntry[]>('GET', '/api/users', token);
    const added = list.body.data.filter((u) => u.email.endsWith('.elsewhere@demo.vigie.test')).map(({ _id, email, ...rest }) => rest);
    expect(added).toEqual([
      { rights: ['sites.read'], disabled: false },
      { rights: ['sites.read'], disabled: false },
      { rights: ['sites.read'], disabled: false },
    ]);
  });
});

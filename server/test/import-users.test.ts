/**
 * The users import (importExport/users.ts) and the one-time password links
 * (routes/api/auth/reset-password.ts): the dry run's verdicts; an import that creates an
 * account without a password and queues its invitation e-mail in its language, and sets an
 * existing member's rights here without touching its password or its other districts; the
 * invitation's token sets a password once (then 410), and the account logs in with it; the login
 * page's "forgot your password" request e-mails a reset link to an account's own address only,
 * once per few minutes, with the same answer for any address.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DryRunAnswer, ImportRow, Job } from '../../common/modules/importExport/schemas.js';
import { drainJobs } from '../src/modules/_platform/jobs.js';
import { issuePasswordToken } from '../src/routes/api/auth/reset-password.js';
import { districtId } from './actions-fixtures.js';
import { apiCaller, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
let operator: string;
let lyon: string;
let marseille: string;

const call = apiCaller(() => server, '/api/import-export', () => operator);
const rowsOf = (cells: Record<string, string>[]): ImportRow[] => cells.map((c, i) => ({ line: i + 2, cells: c }));
const reset = (payload: object) => server.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload });

const good: Record<string, string>[] = [
  { ref: 'Nouvelle.Recrue@Example.fr', language: 'English', rights: 'sites.read', admin: 'non' },
  { ref: 'FIELD@demo.vigie.test', language: 'fr', rights: 'sites.read, cartography.read', admin: 'oui' },
  { ref: 'districts@demo.vigie.test', rights: 'opteamum.districts, sites.read', admin: '' },
];
const bad: Record<string, string>[] = [
  { ref: 'pas-un-email', rights: 'sites.read' },
  { ref: 'x@example.fr', rights: 'sites.read, sites.fly' },
  { ref: 'y@example.fr', language: 'de' },
  { ref: 'z@example.fr', admin: 'peut-être' },
];

async function membership(accountEmail: string, district: string) {
  const { rows: account } = await server.databases.control.query<{ id: string; password_hash: string | null }>('select id, password_hash from accounts where email = $1', [accountEmail]);
  const acme = await server.databases.client('acme');
  const { rows } = await acme.query<{ rights: string[] }>('select rights from memberships where account_id = $1 and district_id = $2', [account[0]!.id, district]);
  return { hash: account[0]!.password_hash, rights: rows[0] ? [...rows[0].rights].sort() : null };
}

beforeAll(async () => {
  server = await startTestServer();
  operator = (await login(server, 'operator@demo.vigie.test')).token;
  lyon = await districtId(server, 'Lyon');
  marseille = await districtId(server, 'Marseille');
});
afterAll(() => server?.destroy());

describe('users import', () => {
  it('dry run: create, update, unchanged, and errors with their column', async () => {
    const answer = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module: 'users', rows: rowsOf([...good, ...bad]) } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.data.counts).toEqual({ create: 1, update: 1, skip: 1, error: 4 });
    expect(answer.data.rows).toEqual([
      { line: 3, verdict: 'update' },
      { line: 4, verdict: 'skip', reason: 'importExport.reasons.unchanged' },
      { line: 5, verdict: 'error', reason: 'importExport.reasons.invalid_email', field: 'ref' },
      { line: 6, verdict: 'error', reason: 'importExport.reasons.unknown_right', field: 'rights' },
      { line: 7, verdict: 'error', reason: 'importExport.reasons.unknown_language', field: 'language' },
      { line: 8, verdict: 'error', reason: 'importExport.reasons.invalid_yes_no', field: 'admin' },
    ]);
    // A member without the user administration's right may not import users.
    const fieldToken = (await login(server, 'field@demo.vigie.test')).token;
    expect((await call({ method: 'POST', url: '/imports/dry-run', token: fieldToken, payload: { module: 'users', rows: [] } })).status).toBe(403);
  });

  it('an import invites the new account and sets the existing member’s rights here only; the link sets the password once', async () => {
    const before = await membership('field@demo.vigie.test', marseille);
    const hashBefore = before.hash;
    const job = await call<Job>({ method: 'POST', url: '/imports', payload: { id: randomUUID(), module: 'users', rows: rowsOf(good), skipErrors: false, fileName: 'membres.csv' } });
    expect(job.status, job.text).toBe(201);
    await drainJobs(server.ctx, 'acme');
    const done = await call<Job>({ url: `/jobs/${job.data.id}` });
    expect(done.data, done.text).toMatchObject({ state: 'done', summary: { counts: { create: 1, update: 1, skip: 1, error: 0 } } });

    // The existing member: its rights here as the file says, its password and its other district untouched.
    expect(await membership('field@demo.vigie.test', lyon)).toEqual({ hash: hashBefore, rights: ['cartography.read', 'district.admin', 'sites.read'] });
    expect(await membership('field@demo.vigie.test', marseille)).toEqual(before);
    // The new account: no password, the file's language, a member here.
    const created = await server.databases.control.query<{ password_hash: string | null; language: string }>('select password_hash, language from accounts where email = $1', ['nouvelle.recrue@example.fr']);
    expect(created.rows).toEqual([{ password_hash: null, language: 'en' }]);
    expect((await membership('nouvelle.recrue@example.fr', lyon)).rights).toEqual(['sites.read']);
    // Its invitation, in English, queued in the mail outbox with a one-time link.
    const acme = await server.databases.client('acme');
    const { rows: mails } = await acme.query<{ recipient: string; subject: string; body_text: string }>(`select recipient, subject, body_text from mail_outbox where regarding like 'users.invitation:%'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'nouvelle.recrue@example.fr', subject: 'Vigie: your invitation' });
    const token = /\/resetPassword\?token=([\w-]+)/.exec(mails[0]!.body_text)?.[1];
    expect(token).toBeTruthy();
    // The audit log holds the import.
    const audit = await server.databases.control.query(`select 1 from audit_log where act = 'import.done' and target_id = $1`, [job.data.id]);
    expect(audit.rows).toHaveLength(1);
    // The same file again: nothing to do.
    const again = await call<DryRunAnswer>({ method: 'POST', url: '/imports/dry-run', payload: { module: 'users', rows: rowsOf(good) } });
    expect(again.data.counts).toEqual({ create: 0, update: 0, skip: 3, error: 0 });

    // The link: a weak password refused, then the password set once; a second use is gone.
    const weak = await reset({ token, password: 'court' });
    expect([weak.statusCode, weak.json().message]).toEqual([400, 'resetPassword.weak_password']);
    expect((await reset({ token, password: 'Une phrase de passe' })).statusCode).toBe(200);
    const used = await reset({ token, password: 'Une autre phrase' });
    expect([used.statusCode, used.json().message]).toEqual([410, 'resetPassword.used']);
    const unknown = await reset({ token: 'inconnu', password: 'Une autre phrase' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'resetPassword.unknown_token']);
    const session = await login(server, 'nouvelle.recrue@example.fr', 'Une phrase de passe');
    expect(session.session.email).toBe('nouvelle.recrue@example.fr');

    // An invitation past its 7 days: gone.
    const { rows: account } = await server.databases.control.query<{ id: string }>('select id from accounts where email = $1', ['nouvelle.recrue@example.fr']);
    const stale = await issuePasswordToken(server.databases.control, account[0]!.id, 'invitation', -1);
    const expired = await reset({ token: stale.token, password: 'Une phrase de passe' });
    expect([expired.statusCode, expired.json().message]).toEqual([410, 'resetPassword.expired']);
  });
});

describe('forgot your password', () => {
  const forgot = (email: string) => server.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email } });
  async function resetMails(email: string) {
    const { rows: account } = await server.databases.control.query<{ id: string; home_client: string }>('select id, home_client from accounts where email = $1', [email]);
    const db = await server.databases.client(account[0]!.home_client);
    const { rows } = await db.query<{ subject: string; body_text: string }>('select subject, body_text from mail_outbox where regarding = $1 order by created_at', [`auth.reset:${account[0]!.id}`]);
    return rows;
  }

  it('e-mails a reset link in the reader’s language that sets the password once; nothing for an unknown, SSO or disabled address, with the same answer', async () => {
    const email = 'districts@demo.vigie.test';
    const answer = await forgot('Districts@Demo.Vigie.Test');
    expect([answer.statusCode, answer.json().data]).toEqual([200, null]);
    const mails = await resetMails(email);
    expect(mails.map((m) => m.subject)).toEqual(['Vigie : choisir un nouveau mot de passe']);
    // A second request meanwhile sends nothing more: the first e-mail is on its way.
    expect((await forgot(email)).statusCode).toBe(200);
    expect(await resetMails(email)).toHaveLength(1);
    const token = /\/resetPassword\?token=([\w-]+)/.exec(mails[0]!.body_text)?.[1];
    expect((await reset({ token, password: 'Un nouveau départ' })).statusCode).toBe(200);
    expect((await login(server, email, 'Un nouveau départ')).session.email).toBe(email);
    expect((await reset({ token, password: 'Encore un autre' })).statusCode).toBe(410);

    // The same answer for an address without an account, an SSO account and a disabled one; no e-mail for them.
    const { rows: before } = await server.databases.control.query<{ n: number }>('select count(*)::int as n from password_tokens');
    await server.databases.control.query(`update accounts set sso = true where email = 'field@demo.vigie.test'`);
    await server.databases.control.query(`update accounts set disabled = true where email = 'operator@demo.vigie.test'`);
    try {
      for (const address of ['personne@example.fr', 'field@demo.vigie.test', 'operator@demo.vigie.test']) {
        const other = await forgot(address);
        expect([address, other.statusCode, other.body]).toEqual([address, answer.statusCode, answer.body]);
      }
    } finally {
      await server.databases.control.query(`update accounts set sso = false where email = 'field@demo.vigie.test'`);
      await server.databases.control.query(`update accounts set disabled = false where email = 'operator@demo.vigie.test'`);
    }
    const { rows: after } = await server.databases.control.query<{ n: number }>('select count(*)::int as n from password_tokens');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a malformed address with 400 and, past five requests for one address, answers 429', async () => {
    const malformed = await forgot('pas-une-adresse');
    expect(malformed.statusCode).toBe(400);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await forgot('quelquun@example.fr')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await forgot('quelquun@example.fr')).json().message).toBe('auth.too_many_attempts');
  });
});

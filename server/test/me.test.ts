/**
 * PUT /api/me/language (server/src/routes/api/me/): the language the server writes to the
 * caller's account in (bells, e-mails, its iCal feed: actions-reminders.test.ts,
 * calendar.test.ts), kept on the account; French until the app says otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId } from './actions-fixtures.js';
import { bearer, login, startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const languageOf = async (email: string) => {
  const { rows } = await server.databases.control.query<{ language: string }>('select language from accounts where id = $1', [await accountId(server, email)]);
  return rows[0]?.language;
};
const put = (token: string | null, payload: unknown) =>
  server.app.inject({ method: 'PUT', url: '/api/me/language', headers: token ? bearer(token) : {}, payload: payload as object });

describe('the account’s language', () => {
  it('is French until set, then the caller’s own only; a language the server does not write is a 400', async () => {
    const field = (await login(server, 'field@demo.vigie.test')).token;
    expect(await languageOf('field@demo.vigie.test')).toBe('fr');
    const set = await put(field, { language: 'en' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ data: { language: 'en' } });
    expect(await languageOf('field@demo.vigie.test')).toBe('en');
    // Again: the same answer, nothing else moves.
    expect((await put(field, { language: 'en' })).statusCode).toBe(200);
    expect(await languageOf('operator@demo.vigie.test')).toBe('fr');

    const wrong = await put(field, { language: 'de' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('validation.invalid_request');
    expect((await put(field, {})).statusCode).toBe(400);
    expect((await put(null, { language: 'fr' })).statusCode).toBe(401);
    expect(await languageOf('field@demo.vigie.test')).toBe('en');
  });
});

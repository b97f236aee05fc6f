import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { startTestServer, type TestServer } from './helper.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.destroy());

const attempt = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('login throttling', () => {
  it('counts failed attempts, then locks that e-mail from that address with the seconds left', async () => {
    const email = 'field@demo.vigie.test';
    for (let n = 1; n <= 4; n++) {
      const response = await attempt(email, 'wrong-password');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'auth.invalid_credentials', redis: { attempts: n, maxAttempts: 5 } });
    }
    const fifth = await attempt(email, 'wrong-password');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({ message: 'auth.too_many_attempts', redis: { lockoutSeconds: 300 } });

    // Locked: even the right password waits, from that address.
    const locked = await attempt(email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().redis.lockoutSeconds).toBeGreaterThan(290);

    // The real user elsewhere is not locked out by the attacker.
    expect((await attempt(email, DEMO_PASSWORD, '10.0.0.2')).statusCode).toBe(200);

    // Once the lockout is over the right password works and the count starts again.
    await server.databases.control.query(`update login_throttle set locked_until = now() - interval '1 second' where key like 'pair:field@%|10.0.0.1'`);
    expect((await attempt(email, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(email, 'wrong-password')).json().redis).toEqual({ attempts: 1, maxAttempts: 5 });
  });

  it('a second lockout lasts twice as long', async () => {
    const email = 'operator@demo.vigie.test';
    const ip = '10.0.0.3';
    for (let n = 0; n < 5; n++) await attempt(email, 'wrong-password', ip);
    await server.databases.control.query(`update login_throttle set locked_until = now() - interval '1 second' where key = $1`, [`pair:${email}|${ip}`]);
    for (let n = 0; n < 4; n++) await attempt(email, 'wrong-password', ip);
    const second = await attempt(email, 'wrong-password', ip);
    expect(second.json()).toEqual({ message: 'auth.too_many_attempts', redis: { lockoutSeconds: 600 } });
  });

  it('an address failing across many e-mails is locked too', async () => {
    const ip = '10.0.0.9';
    let last = await attempt('nobody-0@demo.vigie.test', 'wrong-password', ip);
    for (let n = 1; n < 50 && last.statusCode === 401; n++) last = await attempt(`nobody-${n}@demo.vigie.test`, 'wrong-password', ip);
    expect(last.statusCode).toBe(429);
    expect(last.json().redis.lockoutSeconds).toBe(300);
    expect((await attempt('district-admin@demo.vigie.test', DEMO_PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt('district-admin@demo.vigie.test', DEMO_PASSWORD, '10.0.0.10')).statusCode).toBe(200);
  });

  it('a look-alike spelling of a locked e-mail gets no fresh attempts (one normalisation for lookup and throttle)', async () => {
    const email = 'field@demo.vigie.test';
    const ip = '10.0.0.20';
    for (let n = 0; n < 5; n++) await attempt(email, 'wrong-password', ip);
    expect((await attempt(email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
    // Dotted capital I (U+0130): PostgreSQL's lower() (PGlite, libc UTF-8 locales) folds it to
    // a plain "i", JavaScript to "i" + U+0307. Whatever the database does, this spelling must not
    // reach the locked account with new attempts: it is another address, or the same locked key.
    const dotted = await attempt('f\u0130eld@demo.vigie.test', DEMO_PASSWORD, ip);
    expect(dotted.statusCode).not.toBe(200);
    expect([401, 429]).toContain(dotted.statusCode);
    // Spellings that are the same address once normalised share the lock.
    for (const variant of ['FIELD@DEMO.VIGIE.TEST', '\uff26\uff29\uff25\uff2c\uff24@demo.vigie.test', ' field@demo.vigie.test'.trim()]) {
      const response = await attempt(variant, DEMO_PASSWORD, ip);
      expect(response.statusCode, variant).toBe(429);
      expect(response.json().message).toBe('auth.too_many_attempts');
    }
  });

  it('stores and finds e-mails in their normalised form', async () => {
    const login = (email: string) => server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: '10.0.0.21' });
    // Full-width letters are the same address once normalised (NFKC): the same account.
    expect((await login('\uff26\uff29\uff25\uff2c\uff24@demo.vigie.test')).statusCode).toBe(200);
    const { rows } = await server.databases.control.query<{ email: string }>(`select email from accounts where email like 'field@%'`);
    expect(rows).toEqual([{ email: 'field@demo.vigie.test' }]);
  });
});

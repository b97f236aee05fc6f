/**
 * SSO against a real OpenID Connect provider (oidc-provider, scripts/oidc-provider.mjs) on
 * loopback, with the server listening on loopback too: a small cookie-keeping HTTP client
 * plays the browser, follows every redirect, and signs in on the provider's login page.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistrictData, Envelope, LoginSsoData, RefreshData } from '../../common/api-types.js';
import * as providerScript from '../../scripts/oidc-provider.mjs';
import { SSO_CALLBACK_PATH } from '../src/auth/sso.js';
import { DEMO_OIDC_CLIENT_ID, DEMO_OIDC_CLIENT_SECRET, DEMO_SSO_ACCOUNTS, seedDemoSso } from '../src/seed/demo-sso.js';
import { bearer, startTestServer, type TestServer } from './helper.js';

const SSO_USER = 'field@demo.vigie.test';

let server: TestServer;
let vigie: string;
let provider: { issuer: string; close(): Promise<void> };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  vigie = `http://127.0.0.1:${port}`;
  server = await startTestServer({ publicUrl: vigie, port });
  await server.app.listen({ host: '127.0.0.1', port });
  provider = await providerScript.startOidcProvider({ redirectUris: [`${vigie}${SSO_CALLBACK_PATH}`] });
  await seedDemoSso(server.databases, provider.issuer);
});
afterAll(async () => {
  await provider?.close();
  await server?.destroy();
});

/** A browser reduced to what the flow needs: cookies per host (paths ignored) and redirects. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every URL the browser was sent to, in order. */
  readonly visited: string[] = [];

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.jar.has(host)) this.jar.set(host, new Map());
    this.jar.get(host)!.set(name, value);
  }

  async request(url: string, init: { method?: string; body?: string; type?: string } = {}): Promise<Response> {
    const cookies = [...(this.jar.get(new URL(url).host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: { ...(cookies ? { cookie: cookies } : {}), ...(init.type ? { 'content-type': init.type } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.jar.get(new URL(url).host)?.delete(name);
      else this.setCookie(url, name, value);
    }
    return response;
  }

  /**
   * Follows redirects from `url`; on the provider's login page signs in as `idpLogin`. Stops at
   * the first answer that is neither a redirect nor that page, or when sent to `stopAt`.
   */
  async follow(url: string, idpLogin: string, stopAt: (url: URL) => boolean): Promise<URL> {
    let next = new URL(url);
    let init: { method?: string; body?: string; type?: string } = {};
    for (let hop = 0; hop < 20; hop++) {
      this.visited.push(next.href);
      if (stopAt(next)) return next;
      const response = await this.request(next.href, init);
      init = {};
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        next = new URL(location, next);
        continue;
      }
      const html = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (response.status === 200 && action && html.includes('name="login"')) {
        next = new URL(action.replace(/&amp;/g, '&'), next);
        init = { method: 'POST', type: 'application/x-www-form-urlencoded', body: new URLSearchParams({ prompt: 'login', login: idpLogin, password: 'any' }).toString() };
        continue;
      }
      throw new Error(`unexpected answer ${response.status} at ${next.href}: ${html.slice(0, 300)}`);
    }
    throw new Error('too many redirects');
  }

  async startSso(email: string): Promise<Response> {
    return this.request(`${vigie}/api/auth/loginSSO`, { method: 'POST', body: JSON.stringify({ email }), type: 'application/json' });
  }
}

const isCallback = (url: URL) => url.origin === vigie && url.pathname === SSO_CALLBACK_PATH;
const isAppSsoPage = (url: URL) => url.origin === vigie && url.pathname === '/sso';

/** Starts an SSO login for `email` and signs in at the provider as `idpLogin`; stops at the callback. */
async function toCallback(browser: Browser, email: string, idpLogin = email): Promise<URL> {
  const started = await browser.startSso(email);
  expect(started.status).toBe(200);
  const { data } = (await started.json()) as Envelope<LoginSsoData>;
  return browser.follow(data.url, idpLogin, isCallback);
}

/** Where the callback sends the browser: /sso or /sso?error=<key>. */
async function completeCallback(browser: Browser, callback: URL): Promise<URL> {
  return browser.follow(callback.href, '', isAppSsoPage);
}

describe('SSO round trip', () => {
  it('logs an SSO account in through the provider: session, refresh cookie, sso cookie', async () => {
    const browser = new Browser();
    const started = await browser.startSso(SSO_USER);
    expect(started.status).toBe(200);
    const { data } = (await started.json()) as Envelope<LoginSsoData>;
    const authorization = new URL(data.url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${vigie}${SSO_CALLBACK_PATH}`);
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(browser.cookie(vigie, 'vigie_sso_state')).toBe(authorization.searchParams.get('state'));

    const landed = await browser.follow(data.url, SSO_USER, isAppSsoPage);
    expect(landed.href).toBe(`${vigie}/sso`);
    expect(browser.visited.some((url) => url.startsWith(`${provider.issuer}/interaction/`))).toBe(true);
    expect(browser.cookie(vigie, 'sso')).toBe('true');
    expect(browser.cookie(vigie, 'vigie_rt')).toBeTruthy();
    expect(browser.cookie(vigie, 'vigie_sso_state')).toBeUndefined();

    // The refresh cookie the callback set opens the session, like after a password login.
    const refreshed = await browser.request(`${vigie}/api/auth/refresh`, { method: 'POST', body: '{}', type: 'application/json' });
    expect(refreshed.status).toBe(200);
    const refresh = (await refreshed.json()) as Envelope<RefreshData>;
    const district = await fetch(`${vigie}/api/auth/district`, { headers: bearer(refresh.data.token) });
    expect(district.status).toBe(200);
    const body = (await district.json()) as Envelope<DistrictData>;
    expect(body.data.name).toBe('Lyon');
    expect(body.data.client.name).toBe('Acme Industrie');
    expect(body.rights).toContain('sites.read');
  });

  it('sends a login started from a popup back to /sso?popup=1, which reports to its opener', async () => {
    const browser = new Browser();
    const started = await browser.request(`${vigie}/api/auth/loginSSO`, {
      method: 'POST',
      body: JSON.stringify({ email: SSO_USER, popup: true }),
      type: 'application/json',
    });
    const { data } = (await started.json()) as Envelope<LoginSsoData>;
    const landed = await browser.follow(data.url, SSO_USER, isAppSsoPage);
    expect(landed.search).toBe('?popup=1');
    expect(browser.cookie(vigie, 'sso')).toBe('true');
    expect(browser.cookie(vigie, 'vigie_rt')).toBeTruthy();
  });

  it('refuses a replayed callback', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, SSO_USER);
    const state = browser.cookie(vigie, 'vigie_sso_state')!;
    expect((await completeCallback(browser, callback)).search).toBe('');
    // Even with the state cookie put back, the state was used once and is gone.
    browser.setCookie(vigie, 'vigie_sso_state', state);
    const replay = await completeCallback(browser, callback);
    expect(replay.searchParams.get('error')).toBe('auth.sso_state_invalid');
  });

  it('refuses a callback brought to another browser than the one that started the login', async () => {
    const callback = await toCallback(new Browser(), SSO_USER);
    const other = new Browser();
    const landed = await completeCallback(other, callback);
    expect(landed.searchParams.get('error')).toBe('auth.sso_state_invalid');
    expect(other.cookie(vigie, 'vigie_rt')).toBeUndefined();
    expect(other.cookie(vigie, 'sso')).toBeUndefined();
  });

  it('refuses an expired login', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, SSO_USER);
    await server.databases.control.query(`update sso_logins set expires_at = now() - interval '1 second'`);
    const landed = await completeCallback(browser, callback);
    expect(landed.searchParams.get('error')).toBe('auth.sso_state_invalid');
    expect(browser.cookie(vigie, 'vigie_rt')).toBeUndefined();
  });

  it('refuses a provider identity with another e-mail than the account', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, SSO_USER, 'operator@demo.vigie.test');
    const landed = await completeCallback(browser, callback);
    expect(landed.searchParams.get('error')).toBe('auth.sso_email_mismatch');
    expect(browser.cookie(vigie, 'vigie_rt')).toBeUndefined();
  });

  it('refuses an account disabled while it was at the provider', async () => {
    const browser = new Browser();
    const callback = await toCallback(browser, SSO_USER);
    await server.databases.control.query(`update accounts set disabled = true where email = $1`, [SSO_USER]);
    try {
      const landed = await completeCallback(browser, callback);
      expect(landed.searchParams.get('error')).toBe('auth.account_disabled');
    } finally {
      await server.databases.control.query(`update accounts set disabled = false where email = $1`, [SSO_USER]);
    }
  });

  it('reports a refusal by the provider and a forged code as a failed SSO login', async () => {
    const denied = new Browser();
    const started = await denied.startSso(SSO_USER);
    const state = new URL(((await started.json()) as Envelope<LoginSsoData>).data.url).searchParams.get('state')!;
    const deniedUrl = new URL(`${vigie}${SSO_CALLBACK_PATH}?error=access_denied&state=${state}`);
    expect((await completeCallback(denied, deniedUrl)).searchParams.get('error')).toBe('auth.sso_failed');

    const forged = new Browser();
    const callback = await toCallback(forged, SSO_USER);
    callback.searchParams.set('code', 'forged-code');
    expect((await completeCallback(forged, callback)).searchParams.get('error')).toBe('auth.sso_failed');
  });

  it('redirects a callback with unexpected parameters to the error page, not a JSON error', async () => {
    const landed = await completeCallback(new Browser(), new URL(`${vigie}${SSO_CALLBACK_PATH}?state=x&extra=1`));
    expect(landed.searchParams.get('error')).toBe('auth.sso_state_invalid');
  });
});

describe('loginSSO refusals', () => {
  const post = (payload: unknown) => server.app.inject({ method: 'POST', url: '/api/auth/loginSSO', payload: payload as object });

  it('answers unknown accounts, accounts without SSO and clients without a provider alike', async () => {
    const unknown = await post({ email: 'nobody@demo.vigie.test' });
    const noFlag = await post({ email: 'district-admin@demo.vigie.test' });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ message: 'auth.sso_not_enabled' });
    expect(noFlag.statusCode).toBe(403);
    expect(noFlag.json()).toEqual(unknown.json());

    await server.databases.control.query(`update clients set oidc_issuer = null where database = 'acme'`);
    try {
      const noProvider = await post({ email: SSO_USER });
      expect(noProvider.statusCode).toBe(403);
      expect(noProvider.json()).toEqual({ message: 'auth.sso_not_enabled' });
    } finally {
      await seedDemoSso(server.databases, provider.issuer);
    }
  });

  it('answers 503 auth.sso_unavailable when the provider does not answer', async () => {
    const closedPort = await freePort();
    await server.databases.control.query(`update clients set oidc_issuer = $1 where database = 'acme'`, [`http://127.0.0.1:${closedPort}`]);
    try {
      const response = await post({ email: SSO_USER });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'auth.sso_unavailable' });
    } finally {
      await seedDemoSso(server.databases, provider.issuer);
    }
  });

  it.each([
    ['no e-mail', {}],
    ['a malformed e-mail', { email: 'not-an-email' }],
    ['an unknown field', { email: SSO_USER, password: 'vigie-demo-2026' }],
  ])('answers 400 with a message for %s', async (_label, body) => {
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
  });
});

describe('demo SSO seed', () => {
  it('uses the client registered by the loopback provider script', () => {
    expect(DEMO_OIDC_CLIENT_ID).toBe(providerScript.DEMO_OIDC_CLIENT_ID);
    expect(DEMO_OIDC_CLIENT_SECRET).toBe(providerScript.DEMO_OIDC_CLIENT_SECRET);
    expect(providerScript.DEMO_OIDC_ACCOUNTS).toEqual(expect.arrayContaining([...DEMO_SSO_ACCOUNTS]));
  });

  it('flags only the demo SSO accounts', async () => {
    const { rows } = await server.databases.control.query<{ email: string }>('select email from accounts where sso order by email');
    expect(rows.map((r) => r.email)).toEqual([...DEMO_SSO_ACCOUNTS].sort());
  });
});

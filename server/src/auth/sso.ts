/**
 * Single sign-on through OpenID Connect (authorization code flow with PKCE, state and nonce),
 * with openid-client. Each client (tenant) may name its identity provider in the control
 * database; an account with the SSO flag logs in there. This module is the only reader and
 * writer of the pending logins (table sso_logins) and of the clients' provider settings.
 *
 * start(): account → provider → authorization URL; the state, nonce and PKCE verifier wait in
 * sso_logins for at most SSO_LOGIN_TTL_MS. complete(): the callback URL → the pending login
 * (deleted on first use: a replayed callback finds nothing) → code exchange and ID token checks
 * by openid-client → the provider's e-mail must be the account's e-mail.
 *
 * Every refusal is an ApiError carrying a translation key; an unreachable provider is 503
 * auth.sso_unavailable, never a 500.
 */
import * as oidc from 'openid-client';
import type { Database } from '../db/types.js';
import { ApiError } from '../lib/errors.js';
import { findAccountById, type AccountRow } from './accounts.js';
import { normalizeEmail } from './email.js';

/** How long a started SSO login may take at the provider before its callback is refused. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;
/** The provider must answer discovery and token calls within this time. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Path of the callback under the public URL (the route is registered under /api/auth). */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** Messages (translation keys, common namespace). */
export const SSO_ERRORS = {
  /** Unknown account, account without the SSO flag, or its client has no provider: one answer, so it does not tell which accounts exist. */
  notEnabled: 'auth.sso_not_enabled',
  /** Unknown, expired, already used, or started in another browser. */
  stateInvalid: 'auth.sso_state_invalid',
  /** The provider refused or its answer did not verify (code, ID token, nonce). */
  failed: 'auth.sso_failed',
  /** The provider's e-mail is not the account's (or the provider says it is not verified). */
  emailMismatch: 'auth.sso_email_mismatch',
  unavailable: 'auth.sso_unavailable',
  disabled: 'auth.account_disabled',
} as const;

export interface PendingLogin {
  state: string;
  nonce: string;
  code_verifier: string;
  account_id: string;
  popup: boolean;
  expired: boolean;
}

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** http is allowed for a provider on loopback only (tests, the demo provider). */
function isPlainHttpLoopback(issuer: URL): boolean {
  return issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
}

const unavailable = () => new ApiError(503, { message: SSO_ERRORS.unavailable });

/** No answer, a timeout, or a provider failing on its side. */
function isProviderDown(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current.name === 'AbortError' || current.name === 'TimeoutError') return true;
    if (current instanceof TypeError && /fetch failed/i.test(current.message)) return true;
    if ('code' in current && typeof current.code === 'string' && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_)/.test(current.code)) return true;
  }
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof oidc.ClientError && error.cause instanceof Response) return error.cause.status >= 500;
  return false;
}

export class SsoLogins {
  /** Discovered provider configurations, per issuer and client credentials. A failure is not kept. */
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly control: Database,
    /** Public origin of the app, without trailing slash: the callback URL is built on it. */
    private readonly publicUrl: string,
  ) {}

  get redirectUri(): string {
    return `${this.publicUrl}${SSO_CALLBACK_PATH}`;
  }

  /** The provider of an account's (home) client, or null when that client has none. */
  async providerOf(account: AccountRow): Promise<ProviderSettings | null> {
    const { rows } = await this.control.query<{ oidc_issuer: string | null; oidc_client_id: string | null; oidc_client_secret: string | null }>(
      'select oidc_issuer, oidc_client_id, oidc_client_secret from clients where database = $1',
      [account.home_client],
    );
    const row = rows[0];
    if (!row?.oidc_issuer || !row.oidc_client_id) return null;
    return { issuer: row.oidc_issuer, clientId: row.oidc_client_id, clientSecret: row.oidc_client_secret };
  }

  /** Sets (or, with null, removes) a client's provider. */
  async setProvider(clientDb: string, provider: ProviderSettings | null): Promise<void> {
    await this.control.query('update clients set oidc_issuer = $2, oidc_client_id = $3, oidc_client_secret = $4 where database = $1', [
      clientDb,
      provider?.issuer ?? null,
      provider?.clientId ?? null,
      provider?.clientSecret ?? null,
    ]);
  }

  private configuration(provider: ProviderSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
    let found = this.configurations.get(key);
    if (!found) {
      found = this.discover(provider);
      this.configurations.set(key, found);
      // A provider that was down must be asked again next time.
      found.catch(() => this.configurations.delete(key));
    }
    return found;
  }

  private async discover(provider: ProviderSettings): Promise<oidc.Configuration> {
    let issuer: URL;
    try {
      issuer = new URL(provider.issuer);
    } catch {
      throw unavailable();
    }
    const plainHttp = isPlainHttpLoopback(issuer);
    if (issuer.protocol !== 'https:' && !plainHttp) throw unavailable();
    try {
      const configuration = await oidc.discovery(
        issuer,
        provider.clientId,
        { client_secret: provider.clientSecret ?? undefined, redirect_uris: [this.redirectUri], response_types: ['code'] },
        provider.clientSecret ? oidc.ClientSecretPost(provider.clientSecret) : oidc.None(),
        { timeout: PROVIDER_TIMEOUT_SECONDS, ...(plainHttp ? { execute: [oidc.allowInsecureRequests] } : {}) },
      );
      configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
      return configuration;
    } catch {
      throw unavailable();
    }
  }

  /**
   * Starts a login: answers the provider's authorization URL and the state, which the route
   * also binds to the browser (cookie) so a callback started elsewhere is refused.
   */
  async start(account: AccountRow | null, options: { popup?: boolean } = {}): Promise<{ url: string; state: string }> {
    // Before the provider has vouched for the user, a disabled account gets the same answer as
    // an unknown one (password login also tells "disabled" only after the right password).
    if (!account || !account.sso || account.disabled) throw ApiError.forbidden(SSO_ERRORS.notEnabled);
    const provider = await this.providerOf(account);
    if (!provider) throw ApiError.forbidden(SSO_ERRORS.notEnabled);
    const configuration = await this.configuration(provider);

    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await this.control.query('delete from sso_logins where expires_at < now()');
    await this.control.query(
      'insert into sso_logins (state, nonce, code_verifier, account_id, popup, expires_at) values ($1, $2, $3, $4, $5, $6)',
      [state, nonce, codeVerifier, account.id, options.popup ?? false, new Date(Date.now() + SSO_LOGIN_TTL_MS)],
    );
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      // The login hint saves the user typing the e-mail again; providers may ignore it.
      login_hint: account.email,
    });
    return { url: url.href, state };
  }

  /**
   * Takes the pending login of a callback's state out of the table (deleting it first makes the
   * state single-use even when two callbacks race). Null when there is none.
   */
  async take(state: string | undefined): Promise<PendingLogin | null> {
    if (!state) return null;
    const { rows } = await this.control.query<PendingLogin>(
      'delete from sso_logins where state = $1 returning state, nonce, code_verifier, account_id, popup, expires_at < now() as expired',
      [state],
    );
    return rows[0] ?? null;
  }

  /**
   * Completes a login from the callback's query and its pending login (take()). `browserState`
   * is the state the browser's cookie holds. Answers the account to open a session for.
   */
  async complete(pending: PendingLogin | null, query: Record<string, string | undefined>, browserState: string | undefined): Promise<AccountRow> {
    if (!pending || pending.expired || query.state !== pending.state || browserState !== pending.state) {
      throw ApiError.badRequest(SSO_ERRORS.stateInvalid);
    }
    const state = pending.state;

    const account = await findAccountById(this.control, pending.account_id);
    if (!account || !account.sso) throw ApiError.forbidden(SSO_ERRORS.notEnabled);
    if (account.disabled) throw ApiError.forbidden(SSO_ERRORS.disabled);
    const provider = await this.providerOf(account);
    if (!provider) throw ApiError.forbidden(SSO_ERRORS.notEnabled);
    // The provider said no (the user cancelled, access denied): no code to exchange.
    if (query.error) throw ApiError.unauthorized(SSO_ERRORS.failed);
    const configuration = await this.configuration(provider);

    const callbackUrl = new URL(this.redirectUri);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) callbackUrl.searchParams.set(name, value);
    let email: unknown;
    let emailVerified: unknown;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.code_verifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims()!;
      email = claims.email;
      emailVerified = claims.email_verified;
      // Providers that follow the OpenID Connect core rules put scope claims in the userinfo
      // response rather than in the ID token when an access token is issued.
      if (typeof email !== 'string') {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        email = info.email;
        emailVerified = info.email_verified;
      }
    } catch (error) {
      if (isProviderDown(error)) throw unavailable();
      throw ApiError.unauthorized(SSO_ERRORS.failed);
    }
    if (typeof email !== 'string' || emailVerified === false || normalizeEmail(email) !== normalizeEmail(account.email)) {
      throw ApiError.forbidden(SSO_ERRORS.emailMismatch);
    }
    return account;
  }
}

/**
 * Server configuration, read once from the environment. Every variable is listed in the
 * README; nothing else in the server reads process.env.
 */
import { resolve } from 'node:path';
import { IDLE_SECONDS } from '../../common/constants.js';

export interface Config {
  host: string;
  port: number;
  /** Embedded mode: PGlite data directories live here (control/, clients/<db>/). */
  dataDir: string;
  /** Initialised empty PGlite data directory that new databases are copied from. */
  pgliteTemplateDir: string;
  /** Scale-out mode: the control database on a real PostgreSQL server. */
  databaseUrl: string | null;
  /** Real PostgreSQL: client database `acme` is created as `<prefix>acme`. */
  databasePrefix: string;
  /** Seed the demo clients and accounts when the control database is empty. */
  seedDemo: boolean;
  /** HS256 secret for access tokens; generated and kept in the control database when unset. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** The built PWA; not served when the folder does not exist (API-only tests). */
  staticDir: string;
  /** Set when the app is reached over HTTPS (cookies get Secure, HSTS is sent). */
  secureCookies: boolean;
  /**
   * Serve HTTPS itself, HTTP/2 with HTTP/1.1 for older clients and the socket's upgrade
   * (TLS_CERT_FILE and TLS_KEY_FILE, PEM); null: plain HTTP, for loopback or behind a proxy.
   */
  tls: { certFile: string; keyFile: string } | null;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  logLevel: string;
  supportUrl: string;
  helpUrl: string;
  maintenance: boolean;
  /** Idle time before the app's temporary logout (spec: 900 s); IDLE_SECONDS. */
  idleSeconds: number;
  /** SMTP server of the mail outbox (`smtp://user:pass@host:587`, `smtps://…`); unset: e-mails stay queued. */
  smtpUrl: string | null;
  /** From address of the e-mails the server sends. */
  mailFrom: string;
  /** Run the mail outbox worker in this process (several processes may run one each). */
  mailWorker: boolean;
  /** Public origin of the app, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Requests per minute per session (or per address without one) on the API; 0: no limit. VIGIE_RATE_LIMIT. */
  rateLimitPerMinute: number;
  /** Demo only: the OpenID provider that the demo client Acme and two demo accounts log in with (seed/demo-sso.ts). */
  demoOidcIssuer: string | null;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
};

/**
 * API requests per minute per session (or address) when VIGIE_RATE_LIMIT is not set: 20 a
 * second for a whole minute, far above a user, a page start or the emergency drainer
 * (plugins/rate-limit.ts).
 */
export const DEFAULT_RATE_LIMIT = 1200;

const nonNegativeInt = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be an integer, 0 or more, got "${value}"`);
  return parsed;
};

const bool = (value: string | undefined, fallback: boolean): boolean =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * An absolute URL with one of `protocols`, without its trailing slash. The error names the
 * variable, not the value: SMTP_URL may carry a password.
 */
const url = (value: string, protocols: string[], name: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL`);
  }
  if (!protocols.includes(parsed.protocol)) throw new Error(`${name} must start with ${protocols.join(' or ')}`);
  return value.replace(/\/+$/, '');
};

/** Both files or neither: one alone is a mistake worth stopping the start for. */
function tlsFiles(env: NodeJS.ProcessEnv): Config['tls'] {
  const certFile = env.TLS_CERT_FILE || '';
  const keyFile = env.TLS_KEY_FILE || '';
  if (certFile === '' && keyFile === '') return null;
  if (certFile === '' || keyFile === '') throw new Error('TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither');
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const tls = tlsFiles(env);
  const dataDir = resolve(env.VIGIE_DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || null;
  const port = int(env.PORT, 8080, 'PORT');
  const controlName = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'vigie' : 'vigie';
  return {
    host: env.HOST || '127.0.0.1',
    port,
    dataDir,
    pgliteTemplateDir: resolve(env.VIGIE_PGLITE_TEMPLATE_DIR || resolve(dataDir, '.template')),
    databaseUrl,
    databasePrefix: env.VIGIE_DB_PREFIX ?? `${controlName}_`,
    seedDemo: bool(env.VIGIE_SEED_DEMO, databaseUrl === null),
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL_SECONDS'),
    staticDir: resolve(env.VIGIE_STATIC_DIR || './dist'),
    secureCookies: bool(env.SECURE_COOKIES, tls !== null),
    tls,
    trustProxy: bool(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL || 'info',
    supportUrl: env.VIGIE_SUPPORT_URL || 'https://support.vigie.example/',
    helpUrl: env.VIGIE_HELP_URL || '/help',
    maintenance: bool(env.VIGIE_MAINTENANCE, false),
    idleSeconds: int(env.IDLE_SECONDS, IDLE_SECONDS, 'IDLE_SECONDS'),
    smtpUrl: env.SMTP_URL ? url(env.SMTP_URL, ['smtp:', 'smtps:'], 'SMTP_URL') : null,
    mailFrom: env.VIGIE_MAIL_FROM || 'Vigie <no-reply@vigie.localhost>',
    mailWorker: bool(env.VIGIE_MAIL_WORKER, true),
    publicUrl: url(env.VIGIE_PUBLIC_URL || `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, ['http:', 'https:'], 'VIGIE_PUBLIC_URL'),
    rateLimitPerMinute: nonNegativeInt(env.VIGIE_RATE_LIMIT, DEFAULT_RATE_LIMIT, 'VIGIE_RATE_LIMIT'),
    demoOidcIssuer: env.VIGIE_DEMO_OIDC_ISSUER ? url(env.VIGIE_DEMO_OIDC_ISSUER, ['http:', 'https:'], 'VIGIE_DEMO_OIDC_ISSUER') : null,
  };
}

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
  /** Run the modules' scheduled jobs in this process (the modules' descriptors' jobs: inspections' occurrences, reminders and overdue notices, actions' reminders and overdue notices). VIGIE_SCHEDULER. */
  scheduler: boolean;
  /** Public origin of the app, for links in e-mails (no trailing slash). */
  publicUrl: string;
  /** Requests per minute per session (or per address without one) on the API; 0: no limit. VIGIE_RATE_LIMIT. */
  rateLimitPerMinute: number;
  /** Demo only: the OpenID provider that the demo client Acme and two demo accounts log in with (seed/demo-sso.ts). */
  demoOidcIssuer: string | null;
  /** Serve the OpenAPI reader page at /api/docs (VIGIE_API_DOCS_UI; default: unless NODE_ENV=production). /api/docs/json is always served. */
  apiDocsUi: boolean;
  /** Largest attachment accepted by the tus endpoint, in bytes. VIGIE_UPLOAD_MAX_BYTES. */
  uploadMaxBytes: number;
  /**
   * Largest document of a module that takes documents of any type (attachment rule `documents`:
   * the file explorer, the sharing bank, the data-sharing area), in bytes. VIGIE_DOCUMENT_MAX_BYTES.
   */
  documentMaxBytes: number;
  /**
   * Where attachments are kept: null, a folder under the data directory (`<dataDir>/attachments`);
   * otherwise an S3-compatible bucket (VIGIE_S3_*), needed when several processes serve one
   * PostgreSQL (docs/attachments.md, "Storage").
   */
  s3: S3Config | null;
  /** The map's basemap and address search (docs/cartography.md); unset, the built-in basemap and no geocoder. */
  map: MapConfig;
}

/** Where the map's basemap comes from and which geocoder the address search asks. */
export interface MapConfig {
  /** A PMTiles file the server serves as the basemap (VIGIE_BASEMAP set to its path), absolute; null: none. */
  basemapPmtiles: string | null;
  /**
   * An operator's raster tiles the server relays as the basemap (VIGIE_BASEMAP set to their
   * address, `{z}`, `{x}` and `{y}` in it, e.g. the IGN Géoplateforme plan); null: none.
   */
  basemapTilesUrl: string | null;
  /** A MapLibre style of the operator's (VIGIE_MAP_STYLE_URL), used instead of the server's basemap. */
  styleUrl: string | null;
  /** The attribution shown on the map with that style or those tiles (VIGIE_MAP_ATTRIBUTION, required with them). */
  attribution: string | null;
  /** A Photon or Nominatim address (VIGIE_GEOCODER_URL); null: no address search (503). */
  geocoderUrl: string | null;
  /** Which of the two it is (VIGIE_GEOCODER_KIND); null: told from the address (`nominatim` in it, else Photon). */
  geocoderKind: 'photon' | 'nominatim' | null;
}

/** An S3-compatible object store (AWS S3, MinIO, Garage, Scaleway, OVH...). */
export interface S3Config {
  /** The service's URL; null: AWS's own endpoint for the region. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** VIGIE_UPLOAD_MAX_BYTES when unset: 50 MiB, a large panorama with room to spare. */
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** VIGIE_DOCUMENT_MAX_BYTES when unset: 1 GiB, a site's plans or a video of a drill. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 1024 * 1024 * 1024;

/** S3 bucket names (the common rules: 3 to 63 lower-case letters, digits, dots and hyphens). */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * API requests per minute per session (or address) when VIGIE_RATE_LIMIT is not set: 20 a
 * second for a whole minute, far above a user, a page start or the emergency drainer
 * (plugins/rate-limit.ts).
 */
export const DEFAULT_RATE_LIMIT = 1200;

/**
 * A variable set to a value it cannot take: the start is refused with every such variable
 * named at once (main.ts prints them and exits with EX_CONFIG, before anything starts).
 * Messages name the variable and what it accepts, never the value of a URL (it may carry a
 * password).
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Exit code of a refused configuration (sysexits.h EX_CONFIG). */
export const CONFIG_EXIT_CODE = 78;

/** The spellings of a boolean variable, case-insensitive; anything else is refused. */
export const BOOLEAN_VALUES: ReadonlyMap<string, boolean> = new Map([
  ['true', true], ['false', false], ['1', true], ['0', false], ['yes', true], ['no', false], ['on', true], ['off', false],
]);
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads variables, collecting what is wrong instead of stopping at the first. */
class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The raw value, or undefined when unset or empty (an empty variable means "the default"). */
  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value;
  }

  /** A variable whose value is refused: the default stands in so the other checks still run. */
  refuse<T>(problem: string, fallback: T): T {
    this.problems.push(problem);
    return fallback;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = BOOLEAN_VALUES.get(value.trim().toLowerCase());
    if (parsed !== undefined) return parsed;
    return this.refuse(`${name} must be one of ${[...BOOLEAN_VALUES.keys()].join(', ')} (case-insensitive), got "${value}"`, fallback);
  }

  /** A whole number from `min` to `max`, digits only (no sign, exponent, fraction or unit). */
  int(name: string, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    const range = max === Number.MAX_SAFE_INTEGER ? `a whole number from ${min}` : `a whole number from ${min} to ${max}`;
    return this.refuse(`${name} must be ${range}, got "${value}"`, fallback);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    return this.refuse(`${name} must be one of ${allowed.join(', ')}, got "${value}"`, fallback);
  }

  /**
   * An absolute URL with one of `protocols`, without its trailing slash. The message names the
   * variable, not the value: SMTP_URL and DATABASE_URL may carry a password.
   */
  url(name: string, protocols: string[], value = this.raw(name)): string | null {
    if (value === undefined) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return this.refuse(`${name} must be an absolute URL (${protocols.join(' or ')})`, null);
    }
    if (!protocols.includes(parsed.protocol)) return this.refuse(`${name} must start with ${protocols.join(' or ')}`, null);
    return value.replace(/\/+$/, '');
  }
}

/** Both files or neither: one alone is a mistake worth stopping the start for. */
function tlsFiles(read: Reader): Config['tls'] {
  const certFile = read.raw('TLS_CERT_FILE') ?? '';
  const keyFile = read.raw('TLS_KEY_FILE') ?? '';
  if (certFile === '' && keyFile === '') return null;
  if (certFile === '' || keyFile === '') return read.refuse('TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither', null);
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

/** The placeholders a basemap's tile address must hold. */
const TILE_PLACEHOLDERS = ['{z}', '{x}', '{y}'] as const;

/**
 * The map's settings. The basemap is one variable, VIGIE_BASEMAP: the path of a PMTiles file,
 * or the address of an operator's raster tiles (`{z}`, `{x}`, `{y}` in it); unset, the built-in
 * coarse one (VIGIE_BASEMAP_PMTILES, its older name, is still read). An operator's tiles or
 * style need their attribution; a style and a basemap are two basemaps, one too many.
 */
function mapSettings(read: Reader): MapConfig {
  const name = read.raw('VIGIE_BASEMAP') !== undefined || read.raw('VIGIE_BASEMAP_PMTILES') === undefined ? 'VIGIE_BASEMAP' : 'VIGIE_BASEMAP_PMTILES';
  const basemap = read.raw(name)?.trim();
  const isAddress = basemap !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(basemap);
  let pmtiles: string | null = null;
  let tilesUrl: string | null = null;
  if (basemap !== undefined && !isAddress) {
    if (basemap.endsWith('.pmtiles')) pmtiles = resolve(basemap);
    else read.refuse(`${name} must be the path of a .pmtiles file or the address of tiles with {z}, {x} and {y}, got "${basemap}"`, null);
  } else if (basemap !== undefined) {
    tilesUrl = read.url(name, ['http:', 'https:'], basemap);
    const missing = TILE_PLACEHOLDERS.filter((placeholder) => !basemap.includes(placeholder));
    if (tilesUrl !== null && missing.length > 0) tilesUrl = read.refuse(`${name}: a tile address needs ${missing.join(', ')} in it`, null);
  }
  const styleUrl = read.url('VIGIE_MAP_STYLE_URL', ['http:', 'https:']);
  const attribution = read.raw('VIGIE_MAP_ATTRIBUTION')?.trim() ?? null;
  if (styleUrl !== null && attribution === null) read.refuse('VIGIE_MAP_ATTRIBUTION must be set with VIGIE_MAP_STYLE_URL (the map shows it)', null);
  if (tilesUrl !== null && attribution === null) read.refuse(`VIGIE_MAP_ATTRIBUTION must be set with a tile address in ${name} (the map shows it)`, null);
  if (styleUrl !== null && basemap !== undefined) read.refuse(`VIGIE_MAP_STYLE_URL and ${name} are two basemaps: set one of them`, null);
  const kind = read.raw('VIGIE_GEOCODER_KIND');
  return {
    basemapPmtiles: pmtiles,
    basemapTilesUrl: tilesUrl,
    styleUrl,
    attribution,
    geocoderUrl: read.url('VIGIE_GEOCODER_URL', ['http:', 'https:']),
    geocoderKind: kind === undefined ? null : read.oneOf('VIGIE_GEOCODER_KIND', ['photon', 'nominatim'] as const, 'photon'),
  };
}

/**
 * The S3 settings: none of VIGIE_S3_* set is the folder storage; the bucket set asks for S3,
 * which then needs its credentials (a half-configured store would fail at the first upload).
 */
function s3Settings(read: Reader): S3Config | null {
  const names = ['VIGIE_S3_ENDPOINT', 'VIGIE_S3_BUCKET', 'VIGIE_S3_REGION', 'VIGIE_S3_ACCESS_KEY_ID', 'VIGIE_S3_SECRET_ACCESS_KEY', 'VIGIE_S3_FORCE_PATH_STYLE'];
  if (names.every((name) => read.raw(name) === undefined)) return null;
  const endpoint = read.url('VIGIE_S3_ENDPOINT', ['http:', 'https:']);
  const forcePathStyle = read.bool('VIGIE_S3_FORCE_PATH_STYLE', endpoint !== null);
  const bucket = read.raw('VIGIE_S3_BUCKET')?.trim();
  const accessKeyId = read.raw('VIGIE_S3_ACCESS_KEY_ID')?.trim();
  const secretAccessKey = read.raw('VIGIE_S3_SECRET_ACCESS_KEY');
  const region = read.raw('VIGIE_S3_REGION')?.trim() ?? 'us-east-1';
  const before = read.problems.length;
  if (bucket === undefined) read.refuse('VIGIE_S3_BUCKET must be set when any VIGIE_S3_* variable is (the attachments bucket)', null);
  else if (!S3_BUCKET.test(bucket)) read.refuse(`VIGIE_S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`, null);
  if (accessKeyId === undefined || secretAccessKey === undefined) read.refuse('VIGIE_S3_ACCESS_KEY_ID and VIGIE_S3_SECRET_ACCESS_KEY must be set with VIGIE_S3_BUCKET', null);
  if (!/^[a-z0-9-]{1,40}$/.test(region)) read.refuse(`VIGIE_S3_REGION must be a region name (e.g. eu-west-3), got "${region}"`, null);
  if (read.problems.length > before) return null;
  return { endpoint, bucket: bucket!, region, accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey!, forcePathStyle };
}

/**
 * The configuration, or a ConfigError naming every variable set to a value it cannot take
 * (a boolean spelled `ture`, a port `80a`, a URL without its scheme...): a mistyped value is
 * refused, never read as its default.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = new Reader(env);
  const tls = tlsFiles(read);
  const dataDir = resolve(read.raw('VIGIE_DATA_DIR') ?? './data');
  const databaseUrl = read.url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const port = read.int('PORT', 8080, { min: 1, max: 65535 });
  const controlName = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'vigie' : 'vigie';
  const helpUrl = read.raw('VIGIE_HELP_URL') ?? '/help';
  const config: Config = {
    host: read.raw('HOST') ?? '127.0.0.1',
    port,
    dataDir,
    pgliteTemplateDir: resolve(read.raw('VIGIE_PGLITE_TEMPLATE_DIR') ?? resolve(dataDir, '.template')),
    databaseUrl,
    databasePrefix: env.VIGIE_DB_PREFIX ?? `${controlName}_`,
    seedDemo: read.bool('VIGIE_SEED_DEMO', databaseUrl === null),
    jwtSecret: read.raw('JWT_SECRET') ?? null,
    accessTokenTtlSeconds: read.int('ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: read.int('REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600),
    staticDir: resolve(read.raw('VIGIE_STATIC_DIR') ?? './dist'),
    secureCookies: read.bool('SECURE_COOKIES', tls !== null),
    tls,
    trustProxy: read.bool('TRUST_PROXY', false),
    logLevel: read.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    supportUrl: read.url('VIGIE_SUPPORT_URL', ['http:', 'https:']) === null ? 'https://support.vigie.example/' : read.raw('VIGIE_SUPPORT_URL')!,
    // A path of this origin (the app's help page) or an absolute URL.
    helpUrl: helpUrl.startsWith('/') ? helpUrl : (read.url('VIGIE_HELP_URL', ['http:', 'https:']) ?? '/help'),
    maintenance: read.bool('VIGIE_MAINTENANCE', false),
    idleSeconds: read.int('IDLE_SECONDS', IDLE_SECONDS),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.raw('VIGIE_MAIL_FROM') ?? 'Vigie <no-reply@vigie.localhost>',
    mailWorker: read.bool('VIGIE_MAIL_WORKER', true),
    scheduler: read.bool('VIGIE_SCHEDULER', true),
    publicUrl: read.url('VIGIE_PUBLIC_URL', ['http:', 'https:'], read.raw('VIGIE_PUBLIC_URL') ?? `${tls ? 'https' : 'http'}://127.0.0.1:${port}`) ?? `http://127.0.0.1:${port}`,
    rateLimitPerMinute: read.int('VIGIE_RATE_LIMIT', DEFAULT_RATE_LIMIT, { min: 0 }),
    demoOidcIssuer: read.url('VIGIE_DEMO_OIDC_ISSUER', ['http:', 'https:']),
    apiDocsUi: read.bool('VIGIE_API_DOCS_UI', read.raw('NODE_ENV') !== 'production'),
    uploadMaxBytes: read.int('VIGIE_UPLOAD_MAX_BYTES', DEFAULT_UPLOAD_MAX_BYTES, { min: 1024, max: 5 * 1024 * 1024 * 1024 }),
    documentMaxBytes: read.int('VIGIE_DOCUMENT_MAX_BYTES', DEFAULT_DOCUMENT_MAX_BYTES, { min: 1024, max: 50 * 1024 * 1024 * 1024 }),
    s3: s3Settings(read),
    map: mapSettings(read),
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/**
 * The configuration of this process (main.ts, tasks.ts): a refused one prints each problem
 * and exits with CONFIG_EXIT_CODE before anything is opened or listened on.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Vigie: invalid configuration, not starting (README.md, "Configuration"; .env.example):\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(CONFIG_EXIT_CODE);
  }
}

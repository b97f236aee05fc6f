/**
 * Builds the server: databases, then Fastify's own plugins, then the app's (errors, auth),
 * then the API routes, then the built PWA; socket.io shares the HTTP server. `main.ts`
 * only starts and stops what this returns; tests build it on a fresh data folder.
 */
import fastifyCookie from '@fastify/cookie';
import { readFile } from 'node:fs/promises';
import type { Http2SecureServer, ServerHttp2Session } from 'node:http2';
import Fastify, { type FastifyHttp2SecureOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Server } from 'socket.io';
import { API_PREFIX } from '../../common/constants.js';
import { CALENDAR_FEEDS_PREFIX } from '../../common/schemas/calendar.js';
import { Sessions } from './auth/sessions.js';
import { AccessTokens, newJwtSecret } from './auth/tokens.js';
import type { Config } from './config.js';
import { Databases } from './db/databases.js';
import type { Database } from './db/types.js';
import { startMailWorker } from './mail/worker.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerCompression } from './plugins/compression.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerHealth, type Lifecycle } from './plugins/health.js';
import { registerDefaultSchemas } from './plugins/schemas.js';
import { registerJsonBodyParser } from './plugins/json-body.js';
import { registerMaintenance } from './plugins/maintenance.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerAccess } from './plugins/rights.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { TenantCache } from './plugins/tenant-cache.js';
import { calendarFeedRoutes, calendarRoutes } from './calendar/routes.js';
import { adminRoutes } from './routes/api/admin/index.js';
import { attachmentRoutes } from './routes/api/attachments/index.js';
import { authRoutes } from './routes/api/auth/index.js';
import { clientRoutes } from './routes/api/clients/index.js';
import { configRoutes } from './routes/api/config/index.js';
import { dashboardRoutes } from './routes/api/dashboard/index.js';
import { meRoutes } from './routes/api/me/index.js';
import { districtRoutes } from './routes/api/districts/index.js';
import { emergencyRoutes } from './routes/api/emergency/index.js';
import { fileRoutes } from './routes/api/files/index.js';
import { functionalityRoutes } from './routes/api/functionalities/index.js';
import { notificationRoutes } from './routes/api/notifications/index.js';
import { userRoutes } from './routes/api/users/index.js';
import { viewerThirdPartyRoutes } from './routes/api/viewerThirdParty/index.js';
import { registerModules } from './modules/index.js';
import { SCHEDULED_JOBS } from './modules/index.js';
import { startScheduler } from './modules/_platform/scheduler.js';
import { Notifier } from './notifications/notifier.js';
import type { RouteContext } from './routes/context.js';
import { openStorage } from './attachments/storage.js';
import { seedDemo } from './seed/demo.js';
import { seedDemoSso } from './seed/demo-sso.js';
import { attachSocket, closeSocket } from './socket/index.js';
import { registerStatic } from './static.js';

/** Default body limit; routes with small bodies (login) set their own lower one. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * HTTPS served by the process itself: HTTP/2 (the many small chunks of the app share one
 * connection instead of queueing on six), HTTP/1.1 on the same port for older clients and for
 * the socket's WebSocket upgrade. The routes only use the request/reply API Fastify gives both,
 * hence the one cast to the HTTP/1 instance type they are written against.
 */
async function httpsServer(tls: NonNullable<Config['tls']>, fastifyOptions: FastifyServerOptions): Promise<FastifyInstance> {
  const read = async (path: string, name: string) => {
    try {
      return await readFile(path);
    } catch (error) {
      throw new Error(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
    }
  };
  const [cert, key] = await Promise.all([read(tls.certFile, 'TLS_CERT_FILE'), read(tls.keyFile, 'TLS_KEY_FILE')]);
  const options: FastifyHttp2SecureOptions<Http2SecureServer> = { ...(fastifyOptions as FastifyHttp2SecureOptions<Http2SecureServer>), http2: true, https: { allowHTTP1: true, cert, key } };
  const app = Fastify(options) as unknown as FastifyInstance;
  // A browser keeps its HTTP/2 connection open: on close, each session finishes the streams in
  // flight and takes no new one (the listener's close would otherwise wait for it forever).
  const sessions = new Set<ServerHttp2Session>();
  (app.server as unknown as Http2SecureServer).on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', async () => {
    for (const session of sessions) session.close();
  });
  return app;
}

export interface VigieServer {
  app: FastifyInstance;
  io: Server;
  databases: Databases;
  ctx: RouteContext;
  /** `ready` once built; `stopping` from the start of close() (readiness and new requests get 503). */
  lifecycle: Lifecycle;
  close(): Promise<void>;
}

/** The access-token secret: from the environment, else generated once and kept in the control database. */
async function jwtSecret(config: Config, control: Database): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  await control.query(`insert into settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing`, [newJwtSecret()]);
  const { rows } = await control.query<{ value: string }>(`select value from settings where key = 'jwt_secret'`);
  return rows[0]!.value;
}

export async function buildServer(config: Config, options: { logger?: boolean } = {}): Promise<VigieServer> {
  const databases = await Databases.open(config);
  const storage = openStorage(config);
  let secret: string;
  try {
    if (config.seedDemo) await seedDemo(databases, storage);
    if (config.demoOidcIssuer) await seedDemoSso(databases, config.demoOidcIssuer);
    secret = await jwtSecret(config, databases.control);
  } catch (error) {
    // main.ts may retry the whole start (database unavailable): leave no pool open behind.
    await databases.close().catch(() => {});
    throw error;
  }
  const sessions = new Sessions(databases.control, config.refreshTokenTtlSeconds);
  const tokens = new AccessTokens(secret, config.accessTokenTtlSeconds);

  const fastifyOptions = {
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Wrong types are rejected, not coerced; unknown fields are rejected by the schemas.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    // While closing, requests still arriving get health.ts's 503 `server.stopping` (a message
    // key, like every error) rather than Fastify's own 503 body.
    return503OnClosing: false,
  };
  let app: FastifyInstance;
  try {
    app = config.tls ? await httpsServer(config.tls, fastifyOptions) : Fastify(fastifyOptions);
  } catch (error) {
    await databases.close().catch(() => {});
    throw error;
  }
  const tenantCache = new TenantCache();
  const io = await attachSocket(app.server, { sessions, tokens, tenantCache, databaseUrl: config.databaseUrl });
  const ctx: RouteContext = { config, databases, storage, sessions, tokens, io, notifier: new Notifier(io, tenantCache), tenantCache };
  app.decorate('tenantCache', tenantCache);

  const lifecycle: Lifecycle = { phase: 'ready' };
  await app.register(fastifyCookie);
  // Before any route: the plugin adds its hook to each route as it is registered.
  await registerCompression(app);
  registerErrorHandler(app);
  // JSON bodies: nesting bounded before parsing.
  registerJsonBodyParser(app);
  // Before any route: fills in strict query/params/body schemas and body limits.
  registerDefaultSchemas(app);
  // Before any route too: every /api route's access mark installs its guard (plugins/rights.ts).
  registerAccess(app);
  // Before the routes it documents: the OpenAPI document at /api/docs/json, the reader page.
  await registerApiDocs(app, { ui: config.apiDocsUi });
  // Before maintenance and every other route: the stopping gate and the probes.
  registerHealth(app, lifecycle, { databases, maintenance: config.maintenance });
  // After the probes (never limited), before every other route: the plugin adds its hook to
  // the routes registered after it.
  await registerRateLimit(app, { perWindow: config.rateLimitPerMinute, tokens });
  registerSecurityHeaders(app, { hsts: config.secureCookies });
  registerAuth(app, ctx);
  registerMaintenance(app, config);
  app.addHook('onSend', async (request, reply) => {
    // Attachments set their own (private, revalidated with their ETag).
    if (request.url.startsWith(API_PREFIX) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });

  await app.register(async (api) => authRoutes(api, ctx), { prefix: `${API_PREFIX}/auth` });
  await app.register(async (api) => configRoutes(api, ctx), { prefix: `${API_PREFIX}/config` });
  await app.register(async (api) => notificationRoutes(api, ctx), { prefix: `${API_PREFIX}/notifications` });
  await app.register(async (api) => adminRoutes(api, ctx), { prefix: `${API_PREFIX}/admin` });
  await app.register(async (api) => districtRoutes(api, ctx), { prefix: `${API_PREFIX}/districts` });
  await app.register(async (api) => userRoutes(api, ctx), { prefix: `${API_PREFIX}/users` });
  await app.register(async (api) => clientRoutes(api, ctx), { prefix: `${API_PREFIX}/clients` });
  await app.register(async (api) => emergencyRoutes(api, ctx), { prefix: `${API_PREFIX}/emergency` });
  await app.register(async (api) => fileRoutes(api, ctx), { prefix: `${API_PREFIX}/files` });
  await app.register(async (api) => functionalityRoutes(api, ctx), { prefix: `${API_PREFIX}/functionalities` });
  await app.register(async (api) => viewerThirdPartyRoutes(api, ctx), { prefix: `${API_PREFIX}/viewerThirdParty` });
  await app.register(async (api) => dashboardRoutes(api, ctx), { prefix: `${API_PREFIX}/dashboard` });
  await app.register(async (api) => calendarRoutes(api, ctx), { prefix: `${API_PREFIX}/calendar` });
  await app.register(async (api) => meRoutes(api, ctx), { prefix: `${API_PREFIX}/me` });
  // A member's iCal feed, read without a session.
  await app.register(async (api) => calendarFeedRoutes(api, ctx), { prefix: `${API_PREFIX}${CALENDAR_FEEDS_PREFIX}` });
  await registerModules(app, ctx, API_PREFIX);
  await app.register(async (api) => attachmentRoutes(api, ctx), { prefix: API_PREFIX });
  await registerStatic(app, config.staticDir);
  // Delivers the emergency e-mails (none without SMTP_URL or with VIGIE_MAIL_WORKER=false).
  const mailWorker = startMailWorker(config, databases, app.log);
  // The modules' scheduled jobs (occurrences, reminders, overdue notices), every minute.
  const scheduler = config.scheduler ? startScheduler(ctx, SCHEDULED_JOBS, app.log) : null;

  // Graceful stop (main.ts): socket.io connections are upgraded HTTP connections, so the
  // listener's close would wait for them forever; they end first, then the listener closes and
  // drains the requests in flight, then the hook below stops the rest. `local`: with the
  // PostgreSQL adapter a plain disconnectSockets would end every process's sockets.
  app.addHook('preClose', async () => {
    lifecycle.phase = 'stopping';
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await mailWorker?.stop();
    await closeSocket(io);
    await databases.close();
  });

  return {
    app,
    io,
    databases,
    ctx,
    lifecycle,
    close: () => {
      lifecycle.phase = 'stopping';
      return app.close();
    },
  };
}

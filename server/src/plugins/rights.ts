/**
 * Rights checks on the server: the app's own `can(rights, feature, 'read' | 'manage')`
 * (common/rights.ts), asked against the session's rights in its district (cached with the
 * envelope). A missing right is a 403 carrying `requiredPermissions` (module names), which the
 * error catalogue appends to its message, and for the routes of one page `redirection` too.
 *
 * HOW A ROUTE SAYS WHO MAY CALL IT (read this before adding a route under /api)
 * Every route's access is a mark that is also its guard, so the two cannot drift apart, and
 * server/test/write-rights.test.ts walks every registered write route (POST, PUT, PATCH,
 * DELETE) and fails unless its mark needs a manage right or it is on that test's documented
 * allow-list. Three ways to mark, all read by the onRoute hook that registerAccess installs:
 *
 * 1. A guard of the route itself (route-level `onRequest`, so that a caller without the right
 *    is refused before its body is read or validated), built here:
 *      app.post('/', { onRequest: requireCan('sites', 'manage'), schema }, handler)
 *      app.get('/', { onRequest: requireCan('sites', 'read') }, handler)
 *    `requireCan` / `requireAnyCan` return guards that carry their mark.
 * 2. A mark in the route's config; the hook installs the guard (an onRequest, first):
 *      app.post('/:id/restore', { config: { access: { feature: 'sites', action: 'manage' } } }, h)
 *      config: { access: { session: true, reason: 'marks the caller's own notifications read' } }
 *      config: { access: { public: true, reason: 'opens a session' } }
 * 3. One mark for every route of a plugin (rather than `app.addHook('preHandler', guard)`:
 *    such a plugin-wide hook is invisible to the walk, so do not use it for rights):
 *      guardRoutes(app, { feature: 'admin', action: 'manage', page: true })
 *    A route of that plugin with its own config mark uses its own instead; a route-level
 *    guard (1) is checked on top of the plugin's.
 *
 * A route whose feature depends on the record (an attachment answers to its record's module)
 * is marked `{ session: true, reason }`, calls `assertCan(request, feature, action)` in its
 * handler, and is listed in the test's allow-list with that reason.
 *
 * Reads take 'read', every write 'manage' (MODULES.md, "Rights": a write route guarded by a
 * read right is a defect), unless the write is a field user's own work that the module's
 * documented own-work rule allows (docs/rights.md); such a write is marked with the read right
 * and listed, with its reason, in the test's allow-list. A guard authenticates the request
 * itself when nothing did before it, so it runs in `onRequest`, before the body is read (the
 * test walks every write route with an empty body and expects the 403).
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { API_PREFIX, DEFAULT_PAGE } from '../../../common/constants.js';
import { can, MANAGE_RIGHTS, RIGHTS_BY_FEATURE, type Action, type Feature } from '../../../common/rights.js';
import { ApiError } from '../lib/errors.js';
import { requireAuth } from './auth.js';
import { loadMemberEnvelope } from './envelope.js';

/** One `can()` question. */
export interface CanCheck {
  feature: Feature;
  action: Action;
}

/** Who may call a route: what its guard checks. */
export type RouteAccess =
  /** `can(rights, feature, action)`; `page`: the 403 also sends the app to the default page. */
  | (CanCheck & { page?: boolean })
  /** Any one of these `can()` questions (a route several features use). */
  | { anyOf: readonly CanCheck[]; page?: boolean }
  /** Any signed-in member of the district: the route touches only the caller's own data. */
  | { session: true; reason: string }
  /** No session: the route opens one, or serves what is public by design. */
  | { public: true; reason: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (this file's header); the hook installs the matching guard. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every /api route's marks, by `METHOD url`, as registered (empty: unmarked). */
    routeAccess: Map<string, RouteAccess[]>;
  }
}

/**
 * The rights of a request, read once: the guard reads them before the handler, and a handler
 * asking again inside a write's transaction must not query the database outside that
 * transaction (on the embedded database, whose one connection the transaction holds, such a
 * query would wait for the transaction forever once the envelope's cache entry has expired).
 */
const requestRights = new WeakMap<FastifyRequest, Promise<string[]>>();

export function rightsOf(request: FastifyRequest): Promise<string[]> {
  const known = requestRights.get(request);
  if (known) return known;
  const auth = requireAuth(request);
  // The envelope's cached member part: a rights change invalidates it (tenant-cache.ts).
  const rights = request.server.tenantCache.envelope(auth.db, auth.accountId, auth.districtId, (db) => loadMemberEnvelope(db, auth.accountId, auth.districtId)).then((member) => member.rights);
  requestRights.set(request, rights);
  rights.catch(() => requestRights.delete(request));
  return rights;
}

/** The modules named by the rights that would have answered the checks (the 403's requiredPermissions). */
function modulesOf(checks: readonly CanCheck[]): string[] {
  const rights = checks.flatMap(({ feature, action }) => (action === 'manage' ? MANAGE_RIGHTS[feature] : RIGHTS_BY_FEATURE[feature]));
  return [...new Set(rights.map((right) => right.split('.')[0]!))];
}

const ACCESS = Symbol('vigie.access');
/** A guard as the routes use it (any route generics accept a one-argument hook), carrying its mark. */
type MarkedGuard = ((request: FastifyRequest) => Promise<void>) & { [ACCESS]: RouteAccess };

function markedGuard(access: RouteAccess, check: (request: FastifyRequest) => Promise<void>): MarkedGuard {
  return Object.assign(async (request: FastifyRequest) => check(request), { [ACCESS]: access });
}

/**
 * The session of a guarded request: a guard placed before the route's own authentication (a
 * route-level `preHandler: app.authenticate` after a plugin mark) authenticates first, so the
 * answer never depends on the order of the hooks.
 */
async function authenticated(request: FastifyRequest): Promise<void> {
  if (request.auth === null) await request.server.authenticate(request);
}

/** The guard that enforces `access` (a hook usable as onRequest or preHandler), carrying its mark. */
export function guardFor(access: RouteAccess): MarkedGuard {
  if ('public' in access) return markedGuard(access, async () => {});
  if ('session' in access) return markedGuard(access, authenticated);
  const checks = 'anyOf' in access ? access.anyOf : [access];
  const extra = access.page === true ? { redirection: DEFAULT_PAGE } : {};
  return markedGuard(access, async (request) => {
    await authenticated(request);
    const rights = await rightsOf(request);
    if (!checks.some(({ feature, action }) => can(rights, feature, action))) {
      throw ApiError.forbidden('auth.missing_rights', { requiredPermissions: modulesOf(checks), ...extra });
    }
  });
}

/**
 * A guard asking common/rights.ts's `can(rights, feature, action)`, the app's own check: module
 * routes use this one (reads with 'read', every write with 'manage', or a module's documented
 * own-work rule). The 403 names the module.
 */
export const requireCan = (feature: Feature, action: Action, options: { page?: boolean } = {}): MarkedGuard =>
  guardFor({ feature, action, ...options });

/**
 * The same check inside a handler, for a route whose feature depends on the record (an
 * attachment answers to its record's module): such a route is marked `{ session: true,
 * reason }` and listed in write-rights.test.ts's allow-list, its reason naming this check.
 */
export async function assertCan(request: FastifyRequest, feature: Feature, action: Action): Promise<void> {
  await requireCan(feature, action)(request);
}

/** A guard passing when any one of the `can()` questions does (a route several features use). */
export const requireAnyCan = (...anyOf: readonly CanCheck[]): MarkedGuard => guardFor({ anyOf });

const SETTLED = Symbol('vigie.access-settled');
type Route = RouteOptions & { [SETTLED]?: true };

const hooksOf = (value: unknown): unknown[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const markOf = (hook: unknown): RouteAccess | undefined =>
  typeof hook === 'function' && ACCESS in hook ? (hook as MarkedGuard)[ACCESS] : undefined;
const keysOf = (route: RouteOptions): string[] => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);

/**
 * Reads a route's marks, installs the guard of its config mark (or of `fallback`, its plugin's
 * mark), and records them. Called by the root hook and by each guardRoutes hook, in whichever
 * order Fastify runs them: the first that finds a config or plugin mark settles the route.
 */
function settle(registry: Map<string, RouteAccess[]>, route: Route, fallback?: RouteAccess): void {
  if (!route.url.startsWith(API_PREFIX) || route[SETTLED] === true) return;
  const own = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)].map(markOf).filter((a): a is RouteAccess => a !== undefined);
  const configured = route.config?.access ?? fallback;
  if (configured !== undefined) {
    // First of all (onRequest): a caller without the right is refused before its body is
    // read or validated, and before the route's own hooks.
    route.onRequest = [guardFor(configured), ...hooksOf(route.onRequest)] as onRequestHookHandler[];
    route[SETTLED] = true;
  }
  const marks = configured === undefined ? own : [configured, ...own];
  for (const key of keysOf(route)) registry.set(key, marks);
}

/**
 * Installs the marking (this file's header). Register it before any /api route: onRoute hooks
 * see only the routes registered after them.
 */
export function registerAccess(app: FastifyInstance): void {
  const registry = new Map<string, RouteAccess[]>();
  app.decorate('routeAccess', registry);
  app.addHook('onRoute', (route) => settle(registry, route));
}

/** Marks every route of this plugin (registered after the call) that has no config mark of its own. */
export function guardRoutes(app: FastifyInstance, access: RouteAccess): void {
  app.addHook('onRoute', (route) => settle(app.routeAccess, route, access));
}

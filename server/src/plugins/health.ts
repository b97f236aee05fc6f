/**
 * Probes for supervisors and load balancers (docs/api.md "Health"), outside authentication, the
 * response envelope, maintenance and rate limits, and logged only when they fail:
 * - liveness `GET /api/health`: the process answers (200 `{ status: 'ok' }`, no database);
 * - readiness `GET /api/ready`: 200 `{ status: 'ready' }` when every open database answers a
 *   cheap query; 503 with a message key while starting (main.ts answers it before the databases
 *   are open), while stopping, in maintenance, or while a database cannot be reached.
 * While the server stops, every request still arriving (on a kept-alive connection) gets the
 * same 503 `server.stopping` with `Connection: close`, so a balancer sends it elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import {
  HEALTH_PATH,
  MAINTENANCE_MESSAGE,
  READY_PATH,
  SERVER_STARTING_MESSAGE,
  SERVER_STOPPING_MESSAGE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../../common/constants.js';
import { HealthData, NotReady, ReadyData } from '../../../common/schemas/health.js';
import type { Databases } from '../db/databases.js';
import { MAINTENANCE_RETRY_SECONDS } from './maintenance.js';

/** A readiness query that takes longer than this counts as "database unreachable". */
export const READY_QUERY_TIMEOUT_MS = 2_000;
/** Seconds a caller waits before asking again while starting, stopping or without a database. */
export const NOT_READY_RETRY_SECONDS = 5;

/** Where the server is in its life: main.ts serves `starting` itself, the app the other two. */
export type Phase = 'starting' | 'ready' | 'stopping';

export const PHASE_MESSAGES: Record<Exclude<Phase, 'ready'>, string> = {
  starting: SERVER_STARTING_MESSAGE,
  stopping: SERVER_STOPPING_MESSAGE,
};

/** The probe paths, which the maintenance gate and the SPA fallback leave alone. */
export const isProbePath = (path: string): boolean => path === HEALTH_PATH || path === READY_PATH;

export interface Lifecycle {
  phase: Phase;
}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export function registerHealth(app: FastifyInstance, lifecycle: Lifecycle, options: { databases: Databases; maintenance: boolean }): void {
  // First hook of all: a server that is stopping takes no new work, whatever the path.
  app.addHook('onRequest', async (_request, reply) => {
    if (lifecycle.phase !== 'stopping') return;
    return reply
      .code(503)
      .header('Connection', 'close')
      .header('Retry-After', String(NOT_READY_RETRY_SECONDS))
      .header('Cache-Control', 'no-store')
      .send({ message: SERVER_STOPPING_MESSAGE });
  });
  // `rateLimit: false`: never throttled, should a rate limit be registered for every route.
  const probe = { logLevel: 'warn' as const, config: { rateLimit: false } };
  const tags = ['health'];
  app.get(HEALTH_PATH, { ...probe, schema: { tags, security: [], summary: 'Liveness: the process answers', response: { 200: HealthData } } }, async () => ({ status: 'ok' }));
  app.get(READY_PATH, { ...probe, schema: { tags, security: [], summary: 'Readiness: every open database answers', response: { 200: ReadyData, 503: NotReady } } }, async (request, reply) => {
    reply.header('Retry-After', String(NOT_READY_RETRY_SECONDS));
    if (lifecycle.phase !== 'ready') return reply.code(503).send({ message: PHASE_MESSAGES[lifecycle.phase] });
    if (options.maintenance) {
      return reply.code(503).header('Retry-After', String(MAINTENANCE_RETRY_SECONDS)).send({ message: MAINTENANCE_MESSAGE });
    }
    try {
      await withTimeout(options.databases.ping(), READY_QUERY_TIMEOUT_MS);
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: a database does not answer');
      return reply.code(503).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    reply.removeHeader('Retry-After');
    return { status: 'ready' };
  });
}

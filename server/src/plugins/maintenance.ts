/**
 * Maintenance mode (VIGIE_MAINTENANCE=1, spec section 7 "maintenance status"): the app's
 * configuration and maintenance status still answer, every other API call gets 503
 * `maintenance` with Retry-After, so the app shows its maintenance screen instead of failing.
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, HEALTH_PATH, MAINTENANCE_MESSAGE, READY_PATH } from '../../../common/constants.js';

/** Seconds the app waits before asking again (Retry-After). */
export const MAINTENANCE_RETRY_SECONDS = 30;

export function registerMaintenance(app: FastifyInstance, { maintenance }: { maintenance: boolean }): void {
  if (!maintenance) return;
  const open = `${API_PREFIX}/config`;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!path.startsWith(`${API_PREFIX}/`) || path === open || path.startsWith(`${open}/`)) return;
    // The probes answer for themselves: alive, and not ready while in maintenance (health.ts).
    if (path === HEALTH_PATH || path === READY_PATH) return;
    return reply.code(503).header('Retry-After', String(MAINTENANCE_RETRY_SECONDS)).send({ message: MAINTENANCE_MESSAGE });
  });
}

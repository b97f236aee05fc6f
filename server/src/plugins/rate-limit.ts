/**
 * General request limits of the API (issue 14, item 7), beside the login throttle: every
 * `/api` request counts against its session (a valid access token) or, without one, against
 * the client address, RATE_LIMIT_WINDOW_MS at a time. Past the limit: 429
 * `request.too_many_requests` with Retry-After (seconds).
 *
 * The default (VIGIE_RATE_LIMIT per minute, DEFAULT_RATE_LIMIT in config.ts) is far above real use: a user clicking fast, a
 * page start's burst of parallel requests, the emergency drainer replaying 100 queued alerts
 * within 10 s, the browser tests from one loopback address; it stops floods and scripts.
 * `0` turns it off (scripts/bench-server.mjs measures throughput, not the limit).
 *
 * Counts are kept in memory, per process: with several processes behind a load balancer, a
 * client may get up to the limit from each.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../common/constants.js';
import type { AccessTokens } from '../auth/tokens.js';
import { ApiError } from '../lib/errors.js';
import { bearerToken } from './auth.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const TOO_MANY_REQUESTS_MESSAGE = 'request.too_many_requests';
/** Keys kept at most (least recently used dropped first). */
const RATE_LIMIT_KEYS = 50_000;

export async function registerRateLimit(app: FastifyInstance, options: { perWindow: number; tokens: AccessTokens }): Promise<void> {
  if (options.perWindow <= 0) return;
  // A verified token's session; a forged or expired one counts against the address (a forged
  // token must not buy a fresh count).
  const keyOf = async (request: FastifyRequest): Promise<string> => {
    const token = bearerToken(request.headers.authorization);
    if (token) {
      const claims = await options.tokens.verify(token);
      if (typeof claims !== 'string') return `session:${claims.sid}`;
    }
    return `ip:${request.ip}`;
  };
  await app.register(fastifyRateLimit, {
    global: true,
    max: options.perWindow,
    timeWindow: RATE_LIMIT_WINDOW_MS,
    cache: RATE_LIMIT_KEYS,
    // The app and its static files are not limited: only the API.
    allowList: (request) => !request.url.startsWith(API_PREFIX),
    keyGenerator: keyOf,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: () => new ApiError(429, { message: TOO_MANY_REQUESTS_MESSAGE }),
  });
}

/**
 * General request limits of the API, beside the login throttle: every
 * `/api` request counts against its session (a valid access token) or, without one, against
 * the client address, RATE_LIMIT_WINDOW_MS at a time. Past the limit: 429
 * `request.too_many_requests` with Retry-After (seconds).
 *
 * The default (VIGIE_RATE_LIMIT per minute, DEFAULT_RATE_LIMIT in config.ts) is far above real use: a user clicking fast, a
 * page start's burst of parallel requests, the emergency drainer replaying 100 queued alerts
 * within 10 s, the browser tests from one loopback address; it stops floods and scripts.
 * `0` turns it off (scripts/bench-server.mjs measures throughput, not the limit).
 *
 * The outbox's replay has a count of its own, REPLAY_RATE_FACTOR times larger: the requests
 * writes that carry an Idempotency-Key (every queued write) and the resumable uploads of their
 * photos (`/api/uploads`). A phone back in coverage with 500 writes and a photo each sends
 * about 1,500 of them, which must leave within a minute (MODULES.md budget) rather than meet
 * the general limit and back off for minutes; the page's own reads keep the general count.
 *
 * The app's background reads (GETs marked BACKGROUND_READ_HEADER: what it keeps on the device
 * for offline use, not what a screen asks) have a count of their own too, BACKGROUND_RATE_FACTOR
 * times larger. A first sync after login on a district of 10,000 sites reads about 1,000 sheets
 * and stage lists within its first minute: counted with the user's requests, it took most of the
 * session's limit and the user's next pages were refused. A client that marks every read gets
 * the larger count for its reads, still a limit.
 *
 * Counts are kept in memory, per process: with several processes behind a load balancer, a
 * client may get up to the limit from each.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX, BACKGROUND_READ_HEADER } from '../../../common/constants.js';
import type { AccessTokens } from '../auth/tokens.js';
import { ApiError } from '../lib/errors.js';
import { bearerToken } from './auth.js';

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const TOO_MANY_REQUESTS_MESSAGE = 'request.too_many_requests';
/** Keys kept at most (least recently used dropped first). */
const RATE_LIMIT_KEYS = 50_000;
/** The outbox replay's limit, as a multiple of the general one. */
export const REPLAY_RATE_FACTOR = 10;
const REPLAY_KEY_PREFIX = 'replay:';
/** The background reads' limit, as a multiple of the general one. */
export const BACKGROUND_RATE_FACTOR = 5;
const BACKGROUND_KEY_PREFIX = 'background:';
const UPLOADS_PREFIX = `${API_PREFIX}/uploads`;

/** A request of the outbox's replay: a queued write (its Idempotency-Key) or a photo's upload. */
const isReplay = (request: FastifyRequest): boolean =>
  (request.method !== 'GET' && request.headers['idempotency-key'] !== undefined) ||
  request.url === UPLOADS_PREFIX ||
  request.url.startsWith(`${UPLOADS_PREFIX}/`);

/** A read the app asks by itself for the device's offline copy. */
const isBackgroundRead = (request: FastifyRequest): boolean => request.method === 'GET' && request.headers[BACKGROUND_READ_HEADER] === '1';

const countOf = (request: FastifyRequest): string => (isReplay(request) ? REPLAY_KEY_PREFIX : isBackgroundRead(request) ? BACKGROUND_KEY_PREFIX : '');

export async function registerRateLimit(app: FastifyInstance, options: { perWindow: number; tokens: AccessTokens }): Promise<void> {
  if (options.perWindow <= 0) return;
  // A verified token's session; a forged or expired one counts against the address (a forged
  // token must not buy a fresh count).
  const keyOf = async (request: FastifyRequest): Promise<string> => {
    const token = bearerToken(request.headers.authorization);
    if (token) {
      const claims = await options.tokens.verify(token);
      if (typeof claims !== 'string') return `${countOf(request)}session:${claims.sid}`;
    }
    return `ip:${request.ip}`;
  };
  await app.register(fastifyRateLimit, {
    global: true,
    max: (_request, key) =>
      key.startsWith(REPLAY_KEY_PREFIX)
        ? options.perWindow * REPLAY_RATE_FACTOR
        : key.startsWith(BACKGROUND_KEY_PREFIX)
          ? options.perWindow * BACKGROUND_RATE_FACTOR
          : options.perWindow,
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

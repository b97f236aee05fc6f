/**
 * Telling "the database cannot be reached" apart from every other failure, for both drivers:
 * the error handler answers those with 503 `service_unavailable` (the request may be retried
 * once the database is back; node-postgres pools reconnect on the next query by themselves),
 * and the start-up retries them with backoff instead of crashing (main.ts).
 */

/** Socket-level failures while connecting or talking to PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * SQLSTATEs of an unreachable or restarting server: class 08 (connection exception),
 * admin/crash shutdown, "the database system is starting up", too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres reports a dropped connection or a pool time-out only in its message; PGlite a closed instance. */
const UNAVAILABLE_MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /not queryable/i, /PGlite is closed/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.has(e.code) || /^08/.test(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  // Node's happy-eyeballs connect throws an AggregateError of one failure per address.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}

/** Exponential backoff with a cap, for reconnecting at start: 0.5 s, 1 s, 2 s … 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Runs `open` until it succeeds, waiting reconnectDelayMs between attempts while the failure
 * is "database unavailable"; any other failure (bad credentials, a failing migration) is
 * thrown at once, since retrying would not change it. `onRetry` logs each wait.
 */
export async function openWithRetry<T>(
  open: () => Promise<T>,
  onRetry: (error: unknown, attempt: number, delayMs: number) => void,
  maxAttempts = Number.POSITIVE_INFINITY,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt >= maxAttempts) throw error;
      const delay = reconnectDelayMs(attempt);
      onRetry(error, attempt, delay);
      await wait(delay);
    }
  }
}

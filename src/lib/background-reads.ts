/**
 * The reads the app asks by itself, for the device's offline copy (lib/offline-reads.ts), not
 * for a screen: the HTTP channel marks them (BACKGROUND_READ_HEADER) and the server counts them
 * apart from the user's own requests. A first sync after login reads hundreds of sheets and
 * stage lists of a large district within a minute; counted with the screens' requests, it took
 * most of the session's per-minute limit and the user's next page met 429s.
 *
 * A query's reads are known by the abort signal TanStack Query hands its query function, which
 * the query functions pass to the HTTP channel (withSignal).
 */
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';

const signals = new WeakSet<AbortSignal>();

/** Whether a request with this signal is a background read. */
export const isBackgroundRead = (signal: AbortSignal | null | undefined): boolean => signal != null && signals.has(signal);

/** Query options whose fetches are background reads. */
export function asBackgroundRead<O extends { queryFn?: unknown }>(options: O): O {
  const queryFn = options.queryFn;
  if (typeof queryFn !== 'function') return options;
  const marked = (context: QueryFunctionContext<QueryKey, unknown>) => {
    signals.add(context.signal);
    return (queryFn as QueryFunction<unknown, QueryKey, unknown>)(context);
  };
  return { ...options, queryFn: marked };
}

/**
 * The connection state the user sees (banner) and the actions that need the network ask
 * (`requireNetwork`): 'online', 'offline' (the server gave no answer) or 'poor' (it answers,
 * slowly). navigator.onLine alone lies both ways (a captive portal or a dead server reads as
 * online; some browsers flag a working LAN as offline), so the state comes from what really
 * happens to requests:
 *
 * - every call of the HTTP channel goes through `observedFetch` (api-client.ts passes it as the
 *   ky instance's `fetch`): no answer or a gateway error → offline; an answer slower than
 *   SLOW_REQUEST_MS → poor; a prompt answer → online;
 * - while not online, a health probe (GET /api/config/maintenance, injected by main.tsx so
 *   this module does not import the HTTP channel that imports it) runs with exponential
 *   backoff until the server answers;
 * - the browser's 'offline' event is trusted (it is right when it says offline), 'online' and
 *   a page becoming visible only trigger a probe.
 */
import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import { showToast } from './toast';

export type ConnectionState = 'online' | 'offline' | 'poor';

/** An answer slower than this marks the connection as poor. */
export const SLOW_REQUEST_MS = 4000;
/** First wait before probing again once the server stopped answering; doubles up to the max. */
export const PROBE_INITIAL_DELAY_MS = 1000;
export const PROBE_MAX_DELAY_MS = 30_000;
/** A proxy in front of the server answers these when the server itself is unreachable. */
const GATEWAY_STATUSES = new Set([502, 504]);

type Listener = () => void;
export type Probe = () => Promise<unknown>;

let state: ConnectionState = 'online';
const listeners = new Set<Listener>();
let probe: Probe | null = null;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
let probeDelay = PROBE_INITIAL_DELAY_MS;
let probing = false;

function setState(next: ConnectionState): void {
  if (next === 'online') {
    probeDelay = PROBE_INITIAL_DELAY_MS;
    cancelProbe();
  } else {
    scheduleProbe();
  }
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export const getConnectionState = (): ConnectionState => state;

export function subscribeConnection(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, getConnectionState);
}

/** What one request tells about the connection. `status` is undefined when no answer came. */
export function reportRequest(outcome: { status?: number; durationMs: number }): void {
  const { status, durationMs } = outcome;
  if (status === undefined || GATEWAY_STATUSES.has(status)) setState('offline');
  else setState(durationMs > SLOW_REQUEST_MS ? 'poor' : 'online');
}

/**
 * The `fetch` of the HTTP channel's ky instance: the real fetch (looked up at call time, so
 * test interceptors apply), timed and reported. A request the caller cancelled (a query that
 * is no longer needed) says nothing about the connection unless it had already been slow.
 */
export async function observedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const started = Date.now();
  try {
    const response = await globalThis.fetch(input, init);
    reportRequest({ status: response.status, durationMs: Date.now() - started });
    return response;
  } catch (error) {
    const durationMs = Date.now() - started;
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted === true) {
      if (durationMs > SLOW_REQUEST_MS) reportRequest({ status: 0, durationMs });
    } else {
      reportRequest({ durationMs });
    }
    throw error;
  }
}

function cancelProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

function scheduleProbe(delay: number = probeDelay): void {
  if (probe === null || probeTimer !== null || probing) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    void runProbe();
  }, delay);
}

async function runProbe(): Promise<void> {
  if (probe === null || probing) return;
  probing = true;
  const started = Date.now();
  let answered = false;
  try {
    await probe();
    answered = true;
  } catch (error) {
    // An HTTP error status still means the server answered.
    answered = typeof error === 'object' && error !== null && (error as { status?: unknown }).status !== 0 && typeof (error as { status?: unknown }).status === 'number';
  } finally {
    probing = false;
  }
  if (answered) {
    reportRequest({ status: 200, durationMs: Date.now() - started });
  } else {
    probeDelay = Math.min(probeDelay * 2, PROBE_MAX_DELAY_MS);
    setState('offline');
  }
}

/** Probe now (the banner's Retry, the browser saying it is back online, the page shown again). */
export function checkConnectionNow(): void {
  if (state === 'online' && probeTimer === null) return;
  cancelProbe();
  void runProbe();
}

const onBrowserOffline = () => setState('offline');
const onBrowserOnline = () => checkConnectionNow();
const onVisible = () => {
  if (document.visibilityState === 'visible') checkConnectionNow();
};

/** Wires the probe and the browser's hints; returns the teardown (tests). */
export function startConnectivityMonitor(healthProbe: Probe): () => void {
  probe = healthProbe;
  window.addEventListener('offline', onBrowserOffline);
  window.addEventListener('online', onBrowserOnline);
  document.addEventListener('visibilitychange', onVisible);
  // Opened without a network (the installed app on the metro): say so from the start.
  if (navigator.onLine === false) setState('offline');
  return () => {
    window.removeEventListener('offline', onBrowserOffline);
    window.removeEventListener('online', onBrowserOnline);
    document.removeEventListener('visibilitychange', onVisible);
    probe = null;
    cancelProbe();
  };
}

/**
 * For an action that cannot work without the server (log in, change client or district, an
 * admin save): offline, it says so at once instead of leaving a spinner, and returns false.
 */
export function requireNetwork(): boolean {
  if (state !== 'offline') return true;
  showToast({ message: i18n.t('connectivity.action_needs_network'), kind: 'warning' });
  checkConnectionNow();
  return false;
}

/** Tests only. */
export function resetConnectivity(): void {
  cancelProbe();
  probe = null;
  probing = false;
  probeDelay = PROBE_INITIAL_DELAY_MS;
  state = 'online';
  listeners.clear();
}

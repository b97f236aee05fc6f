/**
 * Idle tracking (spec sections 4 and 9: idle 900 s, timeout 1, ping 1).
 *
 * The user is idle after `idleSeconds` without any input in any tab of the app; `timeoutSeconds`
 * later, still without input, `onTimeout` runs (the app makes it a temporary logout). The check
 * runs every `pingSeconds` and compares clock times, so a phone that slept past the limit times
 * out as soon as it wakes. Tabs share activity through a BroadcastChannel (no storage key: the
 * spec's keys are fixed), at most one message per ping.
 */
import { IDLE_PING_SECONDS, IDLE_SECONDS, IDLE_TIMEOUT_SECONDS } from '../../common/constants';

export interface IdleOptions {
  idleSeconds?: number;
  timeoutSeconds?: number;
  pingSeconds?: number;
  onTimeout: () => void;
  /** Tests: the clock. */
  now?: () => number;
}

/** Input that counts as activity. Pointer moves count too (a desktop user reading and scrolling). */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const CHANNEL = 'vigie-activity';

/** Starts tracking; the returned function stops it. */
export function startIdleTracking({
  idleSeconds = IDLE_SECONDS,
  timeoutSeconds = IDLE_TIMEOUT_SECONDS,
  pingSeconds = IDLE_PING_SECONDS,
  onTimeout,
  now = Date.now,
}: IdleOptions): () => void {
  const pingMs = pingSeconds * 1000;
  let lastActivity = now();
  let lastBroadcast = Number.NEGATIVE_INFINITY;
  let stopped = false;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

  const markActive = () => {
    const at = now();
    lastActivity = at;
    if (channel !== null && at - lastBroadcast >= pingMs) {
      lastBroadcast = at;
      channel.postMessage(at);
    }
  };
  const onVisible = () => {
    // Coming back to the tab is not input: check at once (the device may have slept).
    if (document.visibilityState === 'visible') check();
  };
  if (channel !== null) {
    channel.onmessage = (event: MessageEvent<number>) => {
      if (typeof event.data === 'number') lastActivity = Math.max(lastActivity, event.data);
    };
  }

  function check(): void {
    if (stopped) return;
    if (now() - lastActivity >= (idleSeconds + timeoutSeconds) * 1000) {
      stop();
      onTimeout();
    }
  }

  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, markActive, options);
  document.addEventListener('visibilitychange', onVisible);
  const timer = window.setInterval(check, pingMs);

  function stop(): void {
    if (stopped) return;
    stopped = true;
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, markActive, options);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
  }
  return stop;
}

/**
 * "Tap then report": a module shows a picture of a site (a 2D plan, a 360 panorama), the user
 * taps where something is wrong and the module opens the Declarations report form with the site
 * chosen (ModuleLinks.reportOnSite). The tap is remembered on this device (localStorage, with the
 * session's cache owner, for a time limit). When the report form queues its report (the outbox
 * item `declarations.create` of the tap's site, made after the tap), the module's follow-up write
 * (a pin on the plan, a marker in the panorama) is queued after it: the outbox sends them in that
 * order, so it reaches the server after its declaration, offline too, once. A tap is used once; a
 * declaration queued before it, of another site, or after its time limit gets nothing.
 */
import { currentCacheOwner } from './cache-owner';
import { getPayloadRecord, listItems, subscribeOutbox } from './outbox/db';

/** The declarations' create write in the outbox (src/features/declarations/writes.ts). */
export const DECLARATION_CREATE = 'declarations.create';

export interface PendingTap<T> {
  siteId: string;
  /** What the module needs for its follow-up write (the plan and point, the stage and direction). */
  at: T;
  /** Epoch milliseconds of the tap. */
  time: number;
  /** The session's cache owner (account, client, district) that tapped. */
  owner: string | null;
}

/** The declarations that may be a tap's report: the creates queued at or after it, oldest first. */
export const reportsOfTap = <I extends { kind: string; createdAt: number }>(tap: { time: number }, items: readonly I[]): I[] =>
  items.filter((item) => item.kind === DECLARATION_CREATE && item.createdAt >= tap.time).sort((a, b) => a.createdAt - b.createdAt);

/** The declaration a queued report makes for a tap: the first create queued at or after it. */
export const reportOfTap = <I extends { kind: string; createdAt: number }>(tap: { time: number }, items: readonly I[]): I | null => reportsOfTap(tap, items)[0] ?? null;

export interface TapReport<T> {
  /** Remembers a tap (replacing the one before). */
  remember: (siteId: string, at: T, now?: number) => void;
  /** Forgets the tap (the user went back without reporting). */
  forget: () => void;
  /** The tap still waiting for its report, for this session, if any. */
  pending: (now?: number) => PendingTap<T> | null;
  /** Watches the outbox (in this tab) for the tap's report and queues the follow-up once; answers the stop. */
  watch: () => () => void;
}

/**
 * A module's tap-then-report, kept under `key` for `ttlMs`; `follow` queues the follow-up write
 * of the declaration `recordId` (its title as typed, for what shows while it waits).
 */
export function defineTapReport<T>(key: string, ttlMs: number, follow: (tap: PendingTap<T>, declaration: { recordId: string; title: string }) => Promise<unknown>): TapReport<T> {
  const forget = () => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  };
  const pending = (now = Date.now()): PendingTap<T> | null => {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return null;
      const tap = JSON.parse(raw) as PendingTap<T>;
      if (now - tap.time > ttlMs || tap.owner !== currentCacheOwner()) {
        forget();
        return null;
      }
      return tap;
    } catch {
      return null;
    }
  };
  const remember = (siteId: string, at: T, now = Date.now()) => {
    try {
      localStorage.setItem(key, JSON.stringify({ siteId, at, time: now, owner: currentCacheOwner() } satisfies PendingTap<T>));
    } catch {
      // Storage full or refused: the declaration is still reported, without its follow-up.
    }
  };
  let busy = false;
  const check = async () => {
    if (busy) return;
    const tap = pending();
    if (tap === null) return;
    busy = true;
    try {
      for (const made of reportsOfTap(tap, await listItems())) {
        const payload = (await getPayloadRecord(made.key))?.payload as { siteId?: string | null; title?: string } | undefined;
        // A report of another site is not the tapped picture's.
        if (payload?.siteId !== tap.siteId) continue;
        forget();
        await follow(tap, { recordId: made.recordId, title: payload.title ?? '' });
        return;
      }
    } finally {
      busy = false;
    }
  };
  let stop: (() => void) | null = null;
  const watch = () => {
    if (stop === null) {
      const unsubscribe = subscribeOutbox(() => void check());
      stop = () => {
        unsubscribe();
        stop = null;
      };
    }
    return stop;
  };
  return { remember, forget, pending, watch };
}

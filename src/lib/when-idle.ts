/**
 * Work that must not compete with the first screen (preloading code a user may soon need,
 * checks that can wait, the fallback language's texts) runs once the first screen is shown and
 * the browser is idle.
 *
 * The first screen is shown when the page a start opened shows its content: a list's first rows
 * or its empty, offline or error state, the dashboard's figures (markFirstScreen, once that
 * render is painted). A page that does not say so, or a start slower than
 * FIRST_SCREEN_MAX_WAIT_MS, opens it then; so does the user's first tap or key. An idle moment
 * alone came while the first screen's code was still downloading: on a phone after an app
 * update, the dialogs' code, the terms' check and the fallback language went out beside the
 * list's own chunks and data, and delayed its rows.
 */

/** The first screen's wait ends at the latest this long after the start (performance.now()). */
export const FIRST_SCREEN_MAX_WAIT_MS = 5000;
/** `maxWaitMs` 0: no wait for the first screen (the unit tests, tests/unit/setup.ts). */
export const firstScreenTiming = { maxWaitMs: FIRST_SCREEN_MAX_WAIT_MS };

const INPUT_EVENTS = ['pointerdown', 'keydown'] as const;

let shown = false;
let armed = false;
/** A page said its content is rendered: the opening after the next paint is scheduled. */
let marked = false;
const waiting = new Set<() => void>();

function openFirstScreen(): void {
  if (shown) return;
  shown = true;
  for (const event of INPUT_EVENTS) window.removeEventListener(event, openFirstScreen, true);
  const tasks = [...waiting];
  waiting.clear();
  for (const task of tasks) task();
}

/** The deadline and the first input, armed with the first task that waits. */
function arm(): void {
  if (armed) return;
  armed = true;
  window.setTimeout(openFirstScreen, Math.max(0, firstScreenTiming.maxWaitMs - performance.now()));
  for (const event of INPUT_EVENTS) window.addEventListener(event, openFirstScreen, { capture: true, passive: true });
}

/** The page's content is rendered: the first screen is shown once the browser has painted it. */
export function markFirstScreen(): void {
  if (shown || marked) return;
  marked = true;
  // The frame callback runs before the paint; the timer it sets runs after it.
  requestAnimationFrame(() => window.setTimeout(openFirstScreen, 0));
}

/** Runs `task` once the first screen is shown (at once when it is). Returns a cancel function. */
export function afterFirstScreen(task: () => void): () => void {
  if (shown || firstScreenTiming.maxWaitMs <= 0) {
    task();
    return () => undefined;
  }
  arm();
  const once = () => task();
  waiting.add(once);
  return () => {
    waiting.delete(once);
  };
}

/**
 * Runs a task at the browser's first idle moment after the first screen (at the latest `maxMs`
 * after it). Returns a cancel function (an effect's cleanup).
 */
export function whenIdle(task: () => void, maxMs = 1000): () => void {
  let cancelIdle = () => {};
  const cancelWait = afterFirstScreen(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: maxMs });
      cancelIdle = () => window.cancelIdleCallback(id);
      return;
    }
    const timer = window.setTimeout(task, maxMs);
    cancelIdle = () => window.clearTimeout(timer);
  });
  return () => {
    cancelWait();
    cancelIdle();
  };
}

interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Let the browser run what is waiting (input, paint, arrived network responses) before going
 * on: the start's steps become tasks of their own instead of one long task on a phone.
 * scheduler.yield() keeps this task's place in line where the browser has it.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Run a task at the browser's first idle moment (at the latest after `maxMs`), for work that
 * must not compete with the first screen: preloading code a user may soon need. Returns a
 * cancel function (an effect's cleanup).
 */
export function whenIdle(task: () => void, maxMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: maxMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, maxMs);
  return () => window.clearTimeout(timer);
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

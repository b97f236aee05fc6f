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

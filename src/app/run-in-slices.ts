/**
 * Runs a list of small synchronous steps in order, in slices of at most `sliceMs` of main
 * thread each, yielding to the browser between slices (scheduler.yield where it exists): many
 * steps that are cheap one by one (every module's start at the shell's start) never add up to
 * one long task on a phone, however many modules there are. A step that throws does not stop
 * the others; the first error is rethrown once every step ran.
 * The promise callbacks a step queues run before the next step, inside its slice: a module's
 * start asks for its chunk through Vite's preload helper, which calls `import()` from such a
 * callback (about a millisecond each). Left to the end of the slice, twenty of them ran after
 * the last step, past the slice's budget: one task of 55 ms at the daily start.
 */
import { yieldToMain } from '../lib/when-idle';

/** Lighthouse counts a task as blocking past 50 ms at its 4x CPU: 10 ms at full speed leaves room. */
export const START_SLICE_MS = 10;

export async function runInSlices(steps: readonly (() => void)[], sliceMs = START_SLICE_MS, yieldNow: () => Promise<void> = yieldToMain): Promise<void> {
  let sliceStart = performance.now();
  let failure: { error: unknown } | undefined;
  for (const step of steps) {
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldNow();
      sliceStart = performance.now();
    }
    try {
      step();
    } catch (error) {
      failure ??= { error };
    }
    await Promise.resolve();
  }
  if (failure !== undefined) throw failure.error;
}

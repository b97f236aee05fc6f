/**
 * Runs a list of small synchronous steps in order, in slices of at most `sliceMs` of main
 * thread each, yielding to the browser between slices (scheduler.yield where it exists): many
 * steps that are cheap one by one (every module's start at the shell's start) never add up to
 * one long task on a phone, however many modules there are. A step that throws does not stop
 * the others; the first error is rethrown once every step ran.
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
  }
  if (failure !== undefined) throw failure.error;
}

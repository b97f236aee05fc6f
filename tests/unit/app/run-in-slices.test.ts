import { describe, expect, it, vi } from 'vitest';
import { runInSlices } from '../../../src/app/run-in-slices';

/** A step that keeps the (fake) clock busy for `ms`. */
const busy = (clock: { now: number }, ms: number, log: string[], name: string) => () => {
  clock.now += ms;
  log.push(name);
};

/** performance.now() read from a clock the steps move, and a yield that logs itself. */
function fakeClockAndYields() {
  const clock = { now: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  const log: string[] = [];
  const yieldNow = vi.fn(() => {
    log.push('yield');
    return Promise.resolve();
  });
  return { clock, log, yieldNow };
}

describe('runInSlices', () => {
  it('runs every step in order, yielding between slices and never inside one longer than the budget', async () => {
    const { clock, log, yieldNow } = fakeClockAndYields();
    const steps = ['a', 'b', 'c', 'd', 'e'].map((name) => busy(clock, 4, log, name));
    await runInSlices(steps, 10, yieldNow);
    // 4 + 4 + 4 ms reach the 10 ms budget: a yield before the fourth step.
    expect(log).toEqual(['a', 'b', 'c', 'yield', 'd', 'e']);
    vi.restoreAllMocks();
  });

  it('counts the work a step queued as a promise callback in its slice', async () => {
    const { clock, log, yieldNow } = fakeClockAndYields();
    // As Vite's preload helper: the step returns at once, its 4 ms run in a callback it queued.
    const deferred = (name: string) => () => {
      void Promise.resolve().then(() => {
        clock.now += 4;
        log.push(name);
      });
    };
    await runInSlices(['a', 'b', 'c', 'd', 'e'].map(deferred), 10, yieldNow);
    expect(log).toEqual(['a', 'b', 'c', 'yield', 'd', 'e']);
    vi.restoreAllMocks();
  });

  it('runs the steps after one that throws, then rethrows the first error', async () => {
    const ran: string[] = [];
    const steps = [
      () => ran.push('a'),
      () => {
        throw new Error('first');
      },
      () => {
        throw new Error('second');
      },
      () => ran.push('d'),
    ];
    await expect(runInSlices(steps, 10, () => Promise.resolve())).rejects.toThrow('first');
    expect(ran).toEqual(['a', 'd']);
  });

  it('never yields when the steps fit in one slice', async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    await runInSlices([() => undefined, () => undefined], 1000, yieldNow);
    expect(yieldNow).not.toHaveBeenCalled();
  });
});

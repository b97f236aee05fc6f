import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, yieldToMain } from '../../../src/lib/when-idle';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lets a task already waiting run before the caller goes on', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('waiting task'), 0);
    await yieldToMain();
    order.push('after the yield');
    expect(order).toEqual(['waiting task', 'after the yield']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToMain();
    expect(yieldSpy).toHaveBeenCalledOnce();
  });
});

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task at the latest after its delay, and not once cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancelled = vi.fn();
    whenIdle(task, 500);
    const cancel = whenIdle(cancelled, 500);
    cancel();
    vi.advanceTimersByTime(500);
    expect(task).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

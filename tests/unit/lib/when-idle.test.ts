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

describe('the first screen’s wait', () => {
  /** A fresh copy of the module (its first screen not shown), its deadline 5 s from now. */
  async function freshStart() {
    vi.resetModules();
    const module = await import('../../../src/lib/when-idle');
    module.firstScreenTiming.maxWaitMs = performance.now() + 5000;
    return module;
  }

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('holds idle work until the page’s content is painted, however idle the browser is before', async () => {
    const { whenIdle, markFirstScreen } = await freshStart();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 0));
    const preload = vi.fn();
    whenIdle(preload);
    vi.advanceTimersByTime(1000);
    expect(preload).not.toHaveBeenCalled();

    markFirstScreen();
    vi.advanceTimersByTime(50);
    expect(preload).toHaveBeenCalledOnce();
  });

  it('runs it at the deadline when the page never says, and at once when the user taps first', async () => {
    const first = await freshStart();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const late = vi.fn();
    first.whenIdle(late, 10);
    vi.advanceTimersByTime(4000);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1100);
    expect(late).toHaveBeenCalledOnce();

    const second = await freshStart();
    const tapped = vi.fn();
    const cancelled = vi.fn();
    second.afterFirstScreen(tapped);
    second.afterFirstScreen(cancelled)();
    window.dispatchEvent(new Event('pointerdown'));
    expect(tapped).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
    // Once shown, later work does not wait.
    const after = vi.fn();
    second.afterFirstScreen(after);
    expect(after).toHaveBeenCalledOnce();
  });
});

// Idle tracking (spec: idle 900 s, timeout 1, ping 1): no input for idle + timeout seconds is a
// time-out; any input starts the count again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SECONDS, IDLE_TIMEOUT_SECONDS } from '../../../common/constants';
import { startIdleTracking } from '../../../src/lib/idle';

afterEach(() => {
  vi.useRealTimers();
});

describe('idle tracking', () => {
  it('times out after the spec’s 900 s plus the 1 s timeout without input, once', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const stop = startIdleTracking({ onTimeout });
    vi.advanceTimersByTime((IDLE_SECONDS + IDLE_TIMEOUT_SECONDS - 1) * 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_SECONDS * 1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts again from each input (key, pointer, scroll)', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const stop = startIdleTracking({ idleSeconds: 10, onTimeout });
    for (const event of [new KeyboardEvent('keydown'), new Event('pointerdown'), new Event('scroll')]) {
      vi.advanceTimersByTime(9000);
      window.dispatchEvent(event);
    }
    vi.advanceTimersByTime(9000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('the idle time is configurable, and a stopped tracker never fires', () => {
    vi.useFakeTimers();
    const onTimeout = vi.fn();
    const stop = startIdleTracking({ idleSeconds: 3, onTimeout });
    vi.advanceTimersByTime(2000);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

/**
 * The connection state comes from what requests really do (lib/connectivity.ts): a call of the
 * HTTP channel that gets no answer means offline, a slow answer means poor, and a probe with
 * backoff brings the state back once the server answers again.
 */
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet } from '../../../src/lib/api-client';
import {
  checkConnectionNow,
  getConnectionState,
  PROBE_INITIAL_DELAY_MS,
  reportRequest,
  requireNetwork,
  SLOW_REQUEST_MS,
  startConnectivityMonitor,
} from '../../../src/lib/connectivity';
import { getToasts } from '../../../src/lib/toast';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { server } from '../../../src/testing/server';

const api = (path: string) => `${location.origin}/api/${path}`;

afterEach(() => {
  vi.useRealTimers();
});

describe('the connection state', () => {
  it('goes offline when a call gets no answer, and back online with the next answer', async () => {
    server.use(http.get(api('things'), () => HttpResponse.error()));
    await expect(apiGet('things')).rejects.toBeInstanceOf(ApiError);
    expect(getConnectionState()).toBe('offline');

    server.use(http.get(api('things'), () => HttpResponse.json(makeEnvelope([]))));
    await apiGet('things');
    expect(getConnectionState()).toBe('online');
  });

  it('stays online when the server answers with an error: it is reachable', async () => {
    server.use(http.get(api('things'), () => HttpResponse.json({ message: 'internal_error' }, { status: 500 })));
    await expect(apiGet('things')).rejects.toBeInstanceOf(ApiError);
    expect(getConnectionState()).toBe('online');
  });

  it('treats a gateway that cannot reach the server as offline', async () => {
    server.use(http.get(api('things'), () => new HttpResponse('Bad gateway', { status: 502 })));
    await expect(apiGet('things')).rejects.toBeInstanceOf(ApiError);
    expect(getConnectionState()).toBe('offline');
  });

  it('is poor after a slow answer and online after a prompt one', () => {
    reportRequest({ status: 200, durationMs: SLOW_REQUEST_MS + 1 });
    expect(getConnectionState()).toBe('poor');
    reportRequest({ status: 200, durationMs: 50 });
    expect(getConnectionState()).toBe('online');
  });

  it('probes with a growing delay until the server answers', async () => {
    vi.useFakeTimers();
    const probe = vi.fn<() => Promise<unknown>>().mockRejectedValue(new ApiError(0, { message: 'communication_error' }));
    const stop = startConnectivityMonitor(probe);
    try {
      reportRequest({ durationMs: 10 });
      expect(getConnectionState()).toBe('offline');

      await vi.advanceTimersByTimeAsync(PROBE_INITIAL_DELAY_MS);
      expect(probe).toHaveBeenCalledTimes(1);
      // The next try waits twice as long.
      await vi.advanceTimersByTimeAsync(PROBE_INITIAL_DELAY_MS);
      expect(probe).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(PROBE_INITIAL_DELAY_MS);
      expect(probe).toHaveBeenCalledTimes(2);
      expect(getConnectionState()).toBe('offline');

      probe.mockResolvedValue({ maintenance: false });
      await vi.advanceTimersByTimeAsync(4 * PROBE_INITIAL_DELAY_MS);
      expect(getConnectionState()).toBe('online');
      // Online, nothing probes any more.
      await vi.advanceTimersByTimeAsync(60 * PROBE_INITIAL_DELAY_MS);
      expect(probe).toHaveBeenCalledTimes(3);
    } finally {
      stop();
    }
  });

  it('counts an HTTP error from the probe as the server answering', async () => {
    const probe = vi.fn().mockRejectedValue(new ApiError(503, { message: 'maintenance' }));
    const stop = startConnectivityMonitor(probe);
    try {
      reportRequest({ durationMs: 10 });
      checkConnectionNow();
      await vi.waitFor(() => expect(getConnectionState()).toBe('online'));
    } finally {
      stop();
    }
  });

  it("trusts the browser's offline event and probes on its online event", async () => {
    const probe = vi.fn().mockResolvedValue({ maintenance: false });
    const stop = startConnectivityMonitor(probe);
    try {
      window.dispatchEvent(new Event('offline'));
      expect(getConnectionState()).toBe('offline');
      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(getConnectionState()).toBe('online'));
      expect(probe).toHaveBeenCalled();
    } finally {
      stop();
    }
  });
});

describe('requireNetwork', () => {
  it('lets the action go while the server answers', () => {
    expect(requireNetwork()).toBe(true);
    expect(getToasts()).toEqual([]);
  });

  it('stops the action offline and says why', () => {
    reportRequest({ durationMs: 10 });
    expect(requireNetwork()).toBe(false);
    expect(getToasts().map((toast) => toast.message)).toEqual([
      'This action needs a connection to the server. Try again when the connection is back.',
    ]);
  });
});

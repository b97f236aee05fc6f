import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_CACHE_MS } from '../../../common/constants';
import { ApiError, apiPost, clearRequestCache } from '../../../src/lib/api-client';
import { endSession } from '../../../src/lib/session';
import { setSessionDistrictId } from '../../../src/lib/storage';
import { createRequestCache, stableJson } from '../../../src/lib/request-cache';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const CALL = 'functionalities/getFunctionalityElements';

/** Answers each request with a running number; counts requests and keeps their bodies. */
function countingHandler(path: string, status = 200) {
  const bodies: unknown[] = [];
  server.use(
    http.post(api(path), async ({ request }) => {
      bodies.push(await request.json());
      return status === 200
        ? HttpResponse.json(makeEnvelope({ answer: bodies.length }))
        : HttpResponse.json({ message: 'internal_error' }, { status });
    }),
  );
  return bodies;
}

beforeEach(() => {
  // Only Date is faked: ky and msw keep their real timers, the cache reads the clock.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
  clearRequestCache();
  seedSession();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('cached POST calls through apiPost', () => {
  it('answers an identical call within 5 s from the cache, with one request at the server', async () => {
    const bodies = countingHandler(CALL);
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 1 });
    vi.setSystemTime(Date.now() + REQUEST_CACHE_MS - 1);
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 1 });
    expect(bodies).toHaveLength(1);
  });

  it('asks the server again once 5 s have passed', async () => {
    const bodies = countingHandler(CALL);
    await apiPost(CALL, { feature: 'sites' });
    vi.setSystemTime(Date.now() + REQUEST_CACHE_MS);
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 2 });
    expect(bodies).toHaveLength(2);
  });

  it('shares one request between identical calls in flight', async () => {
    const bodies = countingHandler('functionalities/isElementsOfFeatureAvailable');
    const body = { feature: 'sites', elements: ['siteInfo', 'stages360'] };
    const answers = await Promise.all([
      apiPost('functionalities/isElementsOfFeatureAvailable', body),
      apiPost('functionalities/isElementsOfFeatureAvailable', { elements: ['siteInfo', 'stages360'], feature: 'sites' }),
      apiPost('functionalities/isElementsOfFeatureAvailable', body),
    ]);
    expect(answers).toEqual([{ answer: 1 }, { answer: 1 }, { answer: 1 }]);
    expect(bodies).toHaveLength(1);
  });

  it('does not keep a failure: the next identical call asks again', async () => {
    countingHandler(CALL, 500);
    await expect(apiPost(CALL, { feature: 'sites' })).rejects.toBeInstanceOf(ApiError);
    const bodies = countingHandler(CALL);
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 1 });
    expect(bodies).toHaveLength(1);
  });

  it('does not share answers between different bodies, districts or sessions', async () => {
    const bodies = countingHandler(CALL);
    await apiPost(CALL, { feature: 'sites' });
    expect(await apiPost(CALL, { feature: 'cartography' })).toEqual({ answer: 2 });
    setSessionDistrictId('another-district');
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 3 });
    endSession('logout');
    seedSession();
    expect(await apiPost(CALL, { feature: 'sites' })).toEqual({ answer: 4 });
    expect(bodies).toEqual([{ feature: 'sites' }, { feature: 'cartography' }, { feature: 'sites' }, { feature: 'sites' }]);
  });

  it('leaves every other POST uncached', async () => {
    const bodies = countingHandler('notifications/readAll');
    await apiPost('notifications/readAll', { same: true });
    await apiPost('notifications/readAll', { same: true });
    expect(bodies).toHaveLength(2);
  });

  it('covers the three calls of the spec, under any prefix', async () => {
    for (const name of ['isElementsOfFeatureAvailable', 'getFunctionalityElementPosition', 'getFunctionalityElements']) {
      const bodies = countingHandler(`somewhere/${name}`);
      await apiPost(`somewhere/${name}`, { feature: 'sites', element: 'siteInfo' });
      await apiPost(`somewhere/${name}`, { feature: 'sites', element: 'siteInfo' });
      expect(bodies, name).toHaveLength(1);
    }
  });
});

describe('createRequestCache', () => {
  it('drops a call in flight on clear(): its late answer is not served afterwards', async () => {
    let now = 0;
    const cache = createRequestCache(REQUEST_CACHE_MS, () => now);
    let resolve!: (value: string) => void;
    const first = cache.run('k', () => new Promise<string>((r) => (resolve = r)));
    cache.clear();
    resolve('old');
    expect(await first).toBe('old');
    now = 1;
    expect(await cache.run('k', () => Promise.resolve('new'))).toBe('new');
  });

  it('forgets expired entries as new calls come', async () => {
    let now = 0;
    const cache = createRequestCache(1000, () => now);
    await cache.run('a', () => Promise.resolve(1));
    await cache.run('b', () => Promise.resolve(2));
    expect(cache.size).toBe(2);
    now = 1000;
    await cache.run('c', () => Promise.resolve(3));
    expect(cache.size).toBe(1);
  });

  it('builds one key whatever the order of object keys', () => {
    expect(stableJson({ b: [{ y: 1, x: 2 }], a: null, c: undefined })).toBe(stableJson({ a: null, b: [{ x: 2, y: 1 }] }));
    expect(stableJson({ a: [1, 2] })).not.toBe(stableJson({ a: [2, 1] }));
  });
});

/**
 * The list caches of the module platform (server/src/modules/_platform/list.ts): a page read
 * while a write committed is never kept, a write drops only its own district's pages, and the
 * cache stays bounded, dropping the least recently used page first.
 */
import { describe, expect, it } from 'vitest';
import { PageCache } from '../src/modules/_platform/list.js';

describe('PageCache', () => {
  it('keeps a page until a write in its district, and only in that district', () => {
    const cache = new PageCache<string>();
    cache.set('acme', 'lyon', 'q', 'lyon page', cache.generation('acme', 'lyon'));
    cache.set('acme', 'paris', 'q', 'paris page', cache.generation('acme', 'paris'));
    cache.set('other', 'lyon', 'q', 'other client page', cache.generation('other', 'lyon'));
    expect(cache.get('acme', 'lyon', 'q')).toBe('lyon page');
    cache.invalidate('acme', 'lyon');
    expect(cache.get('acme', 'lyon', 'q')).toBeUndefined();
    expect(cache.get('acme', 'paris', 'q')).toBe('paris page');
    expect(cache.get('other', 'lyon', 'q')).toBe('other client page');
  });

  it('refuses a page read before a write that committed while it was read', () => {
    const cache = new PageCache<string>();
    const before = cache.generation('acme', 'lyon');
    // The write commits between the read's start and its end: the page read may predate it.
    cache.invalidate('acme', 'lyon');
    cache.set('acme', 'lyon', 'q', 'stale page', before);
    expect(cache.get('acme', 'lyon', 'q')).toBeUndefined();
    cache.set('acme', 'lyon', 'q', 'fresh page', cache.generation('acme', 'lyon'));
    expect(cache.get('acme', 'lyon', 'q')).toBe('fresh page');
  });

  it('holds at most MAX_ENTRIES pages, dropping the least recently read', () => {
    const cache = new PageCache<number>();
    const generation = cache.generation('acme', 'lyon');
    for (let i = 0; i < PageCache.MAX_ENTRIES; i += 1) cache.set('acme', 'lyon', `q${i}`, i, generation);
    expect(cache.get('acme', 'lyon', 'q0')).toBe(0);
    cache.set('acme', 'lyon', 'one more', -1, generation);
    expect(cache.get('acme', 'lyon', 'q0')).toBe(0);
    expect(cache.get('acme', 'lyon', 'q1')).toBeUndefined();
    expect(cache.get('acme', 'lyon', 'one more')).toBe(-1);
  });
});

import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { serializeCache } from '../../../src/lib/cache-serialize';

function persisted(client: QueryClient) {
  return { timestamp: 1, buster: 'v1', clientState: dehydrate(client) };
}

describe('serializeCache', () => {
  it('gives what JSON.stringify gives, read back the same', () => {
    const client = new QueryClient();
    client.setQueryData(['sites', 'list', { search: 'Lyon "centre"' }], { pages: [{ items: [{ id: 'a', name: 'Été' }] }], pageParams: [null] });
    client.setQueryData(['count'], 3);
    client.setQueryData(['nothing'], null);
    const snapshot = persisted(client);
    expect(JSON.parse(serializeCache(snapshot))).toEqual(JSON.parse(JSON.stringify(snapshot)));
  });

  it("turns a query's data into JSON again only when it changes", () => {
    const client = new QueryClient();
    client.setQueryData(['big'], { rows: [1, 2, 3] });
    client.setQueryData(['small'], { rows: [4] });
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      serializeCache(persisted(client));
      const first = stringify.mock.calls.filter(([value]) => (value as { rows?: unknown } | null)?.rows !== undefined).length;
      expect(first).toBe(2);
      stringify.mockClear();
      client.setQueryData(['small'], { rows: [5] });
      const text = serializeCache(persisted(client));
      expect(stringify.mock.calls.filter(([value]) => (value as { rows?: unknown } | null)?.rows !== undefined)).toEqual([[{ rows: [5] }]]);
      expect(JSON.parse(text).clientState.queries.map((query: { state: { data: unknown } }) => query.state.data)).toEqual([{ rows: [1, 2, 3] }, { rows: [5] }]);
    } finally {
      stringify.mockRestore();
    }
  });
});

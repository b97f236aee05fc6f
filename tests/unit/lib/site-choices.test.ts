/**
 * Every module's site picker (lib/site-choices.ts): a search or a position never asked online
 * has no answer of its own on the device; without an answer from the server the picker offers
 * the module's kept choices, filtered on the device as the server filters them.
 */
import { QueryClient, onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteChoice } from '../../../common/schemas/site-choices';
import { siteChoicesOnDevice, siteChoicesQueryOptions } from '../../../src/lib/site-choices';
import { makeEnvelope } from '../../../src/testing/fixtures';
import { api } from '../../../src/testing/handlers';
import { server } from '../../../src/testing/server';
import { seedSession } from '../../../src/testing/session';

const KEPT: SiteChoice[] = [
  { id: 'a', name: 'Entrepôt de Vénissieux', address: '12 avenue de la Division Leclerc', distance: null },
  { id: 'b', name: 'Bureaux Part-Dieu', address: '5 rue Garibaldi', distance: null },
  { id: 'c', name: 'Atelier Gerland', address: '40 allée d’Italie', distance: null },
];
const keptKey = ['things', 'sites', null, ''];
const query = (near: string | null, search: string) =>
  siteChoicesQueryOptions({ queryKey: ['things', 'sites', near, search], keptKey, path: 'things/sites', near, search });

afterEach(() => onlineManager.setOnline(true));

describe('a module’s site picker', () => {
  it('without an answer, offers the kept choices filtered as the server filters (folded, name and address)', async () => {
    seedSession();
    server.use(http.get(api('things/sites'), () => HttpResponse.error()));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(keptKey, KEPT);
    // A position never asked online: every kept choice, no distance.
    expect((await client.fetchQuery(query('45.76,4.83', ''))).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    // A search typed without accents finds the name, another the address.
    expect((await client.fetchQuery(query('45.76,4.83', 'ENTREPOT'))).map((s) => s.id)).toEqual(['a']);
    expect((await client.fetchQuery(query(null, 'garibaldi'))).map((s) => s.id)).toEqual(['b']);
    // Offline (no request at all): the same.
    onlineManager.setOnline(false);
    expect((await client.fetchQuery(query(null, 'gerland'))).map((s) => s.id)).toEqual(['c']);
  });

  it('online, the server’s answer; without kept choices and without answer, the failure', async () => {
    seedSession();
    server.use(http.get(api('things/sites'), () => HttpResponse.json(makeEnvelope([{ ...KEPT[1]!, distance: 80 }]))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await client.fetchQuery(query('45.76,4.83', ''))).toEqual([{ ...KEPT[1]!, distance: 80 }]);
    server.use(http.get(api('things/sites'), () => HttpResponse.error()));
    await expect(new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(query(null, 'x'))).rejects.toMatchObject({ status: 0 });
  });

  it('filters at most the server’s number of choices', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: String(i), name: `Site ${i}`, address: '', distance: 3 }));
    expect(siteChoicesOnDevice(many, 'site')).toHaveLength(30);
    expect(siteChoicesOnDevice(many, '')[0]?.distance).toBeNull();
  });
});

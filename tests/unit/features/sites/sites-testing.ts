/**
 * The Sites API as the component tests see it (msw, the contract's shapes): a district with a
 * few sites, two types, one site's history; every list request is recorded with its search
 * params, so a test sees what the list asked for.
 */
import { http, HttpResponse } from 'msw';
import type { Site, SiteSummary, SiteType } from '../../../../common/modules/sites/schemas';
import type { HistoryEntry, Page } from '../../../../common/schemas/platform';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { server } from '../../../../src/testing/server';

export const READER = ['sites.read', 'notifications.access'];
export const MANAGER = ['sites.admin', 'notifications.access'];

export const TYPE_OFFICE: SiteType = { id: '11111111-1111-4111-8111-111111111111', name: 'Bureaux', version: 1, siteCount: 2, deletedAt: null };
export const TYPE_WAREHOUSE: SiteType = { id: '22222222-2222-4222-8222-222222222222', name: 'Entrepôt', version: 1, siteCount: 1, deletedAt: null };
const ACTOR = { id: '99999999-9999-4999-8999-999999999999', name: 'Claire Martin' };

export const summary = (n: number, extra: Partial<SiteSummary> = {}): SiteSummary => ({
  id: `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Site ${String(n).padStart(3, '0')}`,
  address: `${n} rue de la République, 69002 Lyon`,
  ownerName: 'Ville de Lyon',
  siteTypeId: TYPE_OFFICE.id,
  siteTypeName: TYPE_OFFICE.name,
  gps: { lat: 45.76, lng: 4.83 },
  thumbnailUrl: null,
  version: 1,
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  ...extra,
});

export const SITE: Site = {
  id: 'bbbbbbbb-0000-4000-8000-000000000001',
  districtId: 'cccccccc-0000-4000-8000-000000000001',
  version: 3,
  createdAt: '2026-10-01T08:00:00.000Z',
  createdBy: ACTOR,
  updatedAt: '2026-11-02T09:30:00.000Z',
  updatedBy: ACTOR,
  deletedAt: null,
  name: 'Entrepôt de Vénissieux',
  description: 'Stockage des équipements',
  address: '12 avenue de la Division Leclerc, 69200 Vénissieux',
  gps: { lat: 45.7, lng: 4.88 },
  ownerName: 'Métropole de Lyon',
  siteTypeId: TYPE_WAREHOUSE.id,
  siteTypeName: TYPE_WAREHOUSE.name,
  stages: [
    { id: 'dddddddd-0000-4000-8000-000000000002', kind: 'threeSixty', name: 'Quai de chargement', position: 1, imageUrl: '/api/attachments/x2', thumbnailUrl: '/api/attachments/x2/thumbnail' },
    { id: 'dddddddd-0000-4000-8000-000000000001', kind: 'threeSixty', name: 'Hall d’entrée', position: 0, imageUrl: '/api/attachments/x1', thumbnailUrl: '/api/attachments/x1/thumbnail' },
    { id: 'dddddddd-0000-4000-8000-000000000003', kind: 'threeD', name: 'Maquette du bâtiment', position: 0, imageUrl: null, thumbnailUrl: null },
  ],
  attachments: [],
};

export const HISTORY: HistoryEntry[] = [
  {
    id: 'eeeeeeee-0000-4000-8000-000000000002',
    at: '2026-11-02T09:30:00.000Z',
    by: ACTOR,
    action: 'update',
    version: 3,
    changes: [{ field: 'address', before: '10 avenue de la Division Leclerc', after: '12 avenue de la Division Leclerc, 69200 Vénissieux' }],
  },
  {
    id: 'eeeeeeee-0000-4000-8000-000000000001',
    at: '2026-10-01T08:00:00.000Z',
    by: { id: ACTOR.id, name: 'Paul Durand' },
    action: 'create',
    version: 1,
    // A type since deleted: the device's list of types no longer has it, the server names it.
    changes: [
      { field: 'siteTypeId', before: null, after: 'dddddddd-0000-4000-8000-00000000000d' },
      { field: 'gps', before: null, after: { lat: 45.7284, lng: 4.8322 } },
    ],
    names: { 'dddddddd-0000-4000-8000-00000000000d': 'Ancien entrepôt' },
  },
];

export interface SitesApi {
  /** The search params of every list request, in order. */
  listRequests: URLSearchParams[];
}

/** Pages of `total` sites, `pageSize` a page (keyset: the cursor is the next index). */
export function serveSites({ rights, total = 3, pageSize = 100 }: { rights: string[]; total?: number; pageSize?: number }): SitesApi {
  const state: SitesApi = { listRequests: [] };
  const all = Array.from({ length: total }, (_, i) => summary(i + 1));
  server.use(
    http.get(api('sites/types'), () => HttpResponse.json(makeEnvelope([TYPE_OFFICE, TYPE_WAREHOUSE], { rights }))),
    http.get(api('sites'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      state.listRequests.push(params);
      const search = params.get('search')?.toLowerCase() ?? '';
      const matching = all.filter((s) => s.name.toLowerCase().includes(search) || s.address.toLowerCase().includes(search));
      const start = Number(params.get('cursor') ?? 0);
      const items = matching.slice(start, start + pageSize);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      const page: Page<SiteSummary> = { items, nextCursor: next, total: matching.length };
      return HttpResponse.json(makeEnvelope(page, { rights }));
    }),
    http.get(api(`sites/${SITE.id}`), () => HttpResponse.json(makeEnvelope(SITE, { rights }))),
    http.get(api(`sites/${SITE.id}/history`), () => HttpResponse.json(makeEnvelope(HISTORY, { rights }))),
    http.get(api('sites/:id/history'), () => HttpResponse.json({ message: 'record.not_found' }, { status: 404 })),
    http.get(api('sites/:id'), () => HttpResponse.json({ message: 'record.not_found' }, { status: 404 })),
  );
  return state;
}

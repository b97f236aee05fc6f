/** GET /api/emergency/sites: the sites of the session's district, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { EmergencySite } from '../../../../common/api-types';
import { apiGetIfChanged, type IfChanged } from '../../../lib/api-client';
import { withRevalidatedCopy } from '../../../lib/offline-copy';

/** The same list, unless the server's is still `etag` (304): `{ changed: false }`. */
export function getEmergencySitesIfChanged(etag: string | undefined): Promise<IfChanged<EmergencySite[]>> {
  return apiGetIfChanged<EmergencySite[]>('emergency/sites', etag);
}

const SITES_KEY = ['emergency', 'sites'] as const;

/**
 * Offline, the device's copy (kept by offline-data.ts, not restored at start: read when the
 * dialog asks); without one the query pauses until the network is back. Online, the request
 * names the list it holds (its ETag): an unchanged list (every start and reconnection, usually)
 * is a 304, not downloaded, parsed and written to the device again (megabytes in a large district).
 */
export const emergencySitesQueryOptions = () =>
  queryOptions({
    queryKey: SITES_KEY,
    queryFn: withRevalidatedCopy(SITES_KEY, getEmergencySitesIfChanged),
    staleTime: 60_000,
    networkMode: 'offlineFirst',
    // The data in memory is the answer's own object: it carries the answer's ETag (lib/offline-copy.ts).
    structuralSharing: false,
  });

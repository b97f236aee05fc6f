/** GET /api/sites/:id/history: every write of the site, newest first. */
import { queryOptions } from '@tanstack/react-query';
import type { HistoryEntry } from '../../../../common/schemas/platform';
import { apiGet } from '../../../lib/api-client';
import { sitesKeys } from './keys';

export function getSiteHistoryRequest(id: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return apiGet<HistoryEntry[]>(`sites/${encodeURIComponent(id)}/history`, signal === undefined ? {} : { signal });
}

export const siteHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: sitesKeys.history(id), queryFn: ({ signal }) => getSiteHistoryRequest(id, signal), staleTime: 30_000 });

/** GET /api/sites/types: the district's site types (the list's filter, the form's choice). Kept offline. */
import { queryOptions } from '@tanstack/react-query';
import type { SiteType } from '../../../../common/modules/sites/schemas';
import { apiGet } from '../../../lib/api-client';
import { sitesKeys } from './keys';

export function getSiteTypesRequest(signal?: AbortSignal): Promise<SiteType[]> {
  return apiGet<SiteType[]>('sites/types', signal === undefined ? {} : { signal });
}

export const siteTypesQueryOptions = () =>
  queryOptions({ queryKey: sitesKeys.types(), queryFn: ({ signal }) => getSiteTypesRequest(signal), staleTime: 60_000, meta: { offline: true } });

/** GET /api/auth/district: the session's district and its client. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DistrictData } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getDistrictRequest(): Promise<DistrictData> {
  return apiGet<DistrictData>('auth/district');
}

export const districtQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'district'],
    queryFn: getDistrictRequest,
    staleTime: 5 * 60_000,
  });

export const useDistrict = () => useQuery(districtQueryOptions());

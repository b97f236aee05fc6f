/** GET /api/admin/availableDistricts (opteamum.districts or opteamum.clients): the account's districts of the current client, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getAvailableDistrictsRequest(): Promise<DistrictRef[]> {
  return apiGet<DistrictRef[]>('admin/availableDistricts');
}

export const availableDistrictsQueryOptions = () =>
  queryOptions({ queryKey: ['tenancy', 'availableDistricts'], queryFn: getAvailableDistrictsRequest, staleTime: 0 });

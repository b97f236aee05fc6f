/** GET /api/admin/districtNames?database= (opteamum.clients): the account's districts of a client database, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getDistrictNamesRequest(database: string): Promise<DistrictRef[]> {
  return apiGet<DistrictRef[]>('admin/districtNames', { searchParams: { database } });
}

export const districtNamesQueryOptions = (database: string) =>
  queryOptions({ queryKey: ['tenancy', 'districtNames', database], queryFn: () => getDistrictNamesRequest(database), staleTime: 0 });

/** GET /api/districts (district.admin): the districts of the session's client, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getDistrictsRequest(): Promise<DistrictRef[]> {
  return apiGet<DistrictRef[]>('districts');
}

export const districtsQueryOptions = () => queryOptions({ queryKey: ['admin', 'districts'], queryFn: getDistrictsRequest });

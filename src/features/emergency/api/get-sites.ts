/** GET /api/emergency/sites: the sites of the session's district, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { EmergencySite } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getEmergencySites(): Promise<EmergencySite[]> {
  return apiGet<EmergencySite[]>('emergency/sites');
}

export const emergencySitesQueryOptions = () =>
  queryOptions({ queryKey: ['emergency', 'sites'], queryFn: getEmergencySites, staleTime: 60_000 });

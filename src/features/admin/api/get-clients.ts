/** GET /api/clients (opteamum.admin): every client with its districts, by name. */
import { queryOptions } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export interface ClientEntry {
  name: string;
  database: string;
  districts: DistrictRef[];
}

export function getClientsRequest(): Promise<ClientEntry[]> {
  return apiGet<ClientEntry[]>('clients');
}

export const clientsQueryOptions = () => queryOptions({ queryKey: ['admin', 'clients'], queryFn: getClientsRequest });

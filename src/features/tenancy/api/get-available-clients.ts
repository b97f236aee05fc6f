/** GET /api/admin/availableClients (opteamum.clients): the clients the account can move to, by name. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface AvailableClient {
  name: string;
  database: { name: string };
}

export function getAvailableClientsRequest(): Promise<AvailableClient[]> {
  return apiGet<AvailableClient[]>('admin/availableClients');
}

// staleTime 0: a dialog opened again must show the memberships of now, not of its last opening.
export const availableClientsQueryOptions = () =>
  queryOptions({ queryKey: ['tenancy', 'availableClients'], queryFn: getAvailableClientsRequest, staleTime: 0 });

/** POST /api/clients { name, database, district } (opteamum.admin): registers the client and creates its database. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { clientsQueryOptions, type ClientEntry } from './get-clients';

export interface CreateClientPayload {
  name: string;
  database: string;
  district: string;
}

export function createClientRequest(payload: CreateClientPayload): Promise<ClientEntry> {
  return apiPost<ClientEntry>('clients', payload);
}

export function useCreateClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClientRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
  });
}

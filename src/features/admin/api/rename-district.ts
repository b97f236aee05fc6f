/** PATCH /api/districts/:id { name } (district.admin). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { requestEnvelope } from '../../../lib/api-client';
import { districtsQueryOptions } from './get-districts';

export async function renameDistrictRequest({ id, name }: { id: string; name: string }): Promise<DistrictRef> {
  return (await requestEnvelope<DistrictRef>('patch', `districts/${encodeURIComponent(id)}`, { json: { name } })).data;
}

export function useRenameDistrictMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameDistrictRequest,
    // The toolbar shows the current district's name: it may be the renamed one.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: districtsQueryOptions().queryKey }), queryClient.invalidateQueries({ queryKey: ['auth', 'district'] })]),
  });
}

/** POST /api/districts { name } (district.admin). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DistrictRef } from '../../../../common/api-types';
import { apiPost } from '../../../lib/api-client';
import { districtsQueryOptions } from './get-districts';

export function createDistrictRequest(name: string): Promise<DistrictRef> {
  return apiPost<DistrictRef>('districts', { name });
}

export function useCreateDistrictMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDistrictRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: districtsQueryOptions().queryKey }),
  });
}

/** GET /api/config: the app configuration (support and help addresses among others). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '../../../../common/api-types';
import { apiGet } from '../../../lib/api-client';

export function getConfigRequest(): Promise<AppConfig> {
  return apiGet<AppConfig>('config');
}

export const configQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfigRequest, staleTime: Infinity });

export const useConfig = (enabled = true) => useQuery({ ...configQueryOptions(), enabled });

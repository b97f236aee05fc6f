/**
 * POST /api/functionalities/getFunctionalityElements { feature }: the district module's
 * elements in order, each with whether this member can open it here. A cached POST call (spec
 * section 7): identical calls within REQUEST_CACHE_MS share one request (api-client.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { FunctionalityElementsData } from '../../../../common/functionalities';
import { apiPost } from '../../../lib/api-client';

export function getFunctionalityElements(feature: string): Promise<FunctionalityElementsData> {
  return apiPost<FunctionalityElementsData>('functionalities/getFunctionalityElements', { feature });
}

export const functionalityElementsQueryOptions = (feature: string) =>
  queryOptions({
    queryKey: ['functionalities', 'elements', feature],
    // No abort signal passed on: the request may be shared with other callers (request cache).
    queryFn: () => getFunctionalityElements(feature),
  });

/**
 * POST /api/functionalities/getFunctionalityElementPosition { feature, element }: the
 * element's order in its module, among the available elements, and the module's place in the
 * district's menu. A cached POST call (spec section 7).
 */
import { queryOptions } from '@tanstack/react-query';
import type { FunctionalityElementPositionData } from '../../../../common/functionalities';
import { apiPost } from '../../../lib/api-client';

export function getFunctionalityElementPosition(feature: string, element: string): Promise<FunctionalityElementPositionData> {
  return apiPost<FunctionalityElementPositionData>('functionalities/getFunctionalityElementPosition', { feature, element });
}

export const functionalityElementPositionQueryOptions = (feature: string, element: string) =>
  queryOptions({
    queryKey: ['functionalities', 'position', feature, element],
    queryFn: () => getFunctionalityElementPosition(feature, element),
  });

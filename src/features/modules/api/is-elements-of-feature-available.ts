/**
 * POST /api/functionalities/isElementsOfFeatureAvailable { feature, elements }: which of the
 * named elements this member can open in the session's district, in the order asked. A cached
 * POST call (spec section 7): identical calls within REQUEST_CACHE_MS share one request.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ElementsAvailabilityData } from '../../../../common/functionalities';
import { apiPost } from '../../../lib/api-client';

export function isElementsOfFeatureAvailable(feature: string, elements: readonly string[]): Promise<ElementsAvailabilityData> {
  return apiPost<ElementsAvailabilityData>('functionalities/isElementsOfFeatureAvailable', { feature, elements });
}

export const elementsAvailabilityQueryOptions = (feature: string, elements: readonly string[]) =>
  queryOptions({
    queryKey: ['functionalities', 'available', feature, elements],
    queryFn: () => isElementsOfFeatureAvailable(feature, elements),
  });

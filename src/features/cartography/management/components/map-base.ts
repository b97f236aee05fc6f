/**
 * What a management page's map needs before it draws: the base map's style (null when it could
 * not be read: the map says so), its attribution and the district's extent (the first view).
 * Undefined while the base map is being read.
 */
import { useQuery } from '@tanstack/react-query';
import type { BBox } from '../../../../../common/modules/cartography/schemas';
import { basemapQueryOptions, featuresQueryOptions } from '../../api/reads';

export interface MapBase {
  styleUrl: string | null;
  attribution: string;
  extent: BBox | null;
}

export function useMapBase(): MapBase | undefined {
  const basemap = useQuery(basemapQueryOptions());
  const features = useQuery(featuresQueryOptions());
  const styleUrl = basemap.data?.styleUrl ?? (basemap.isError ? null : undefined);
  return styleUrl === undefined ? undefined : { styleUrl, attribution: basemap.data?.attribution ?? '', extent: features.data?.extent ?? null };
}

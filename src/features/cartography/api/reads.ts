/**
 * The map's reads: its features (the whole district, one GeoJSON FeatureCollection), the
 * district's layers (names, colours, order, visibility by default) and the basemap (the style's
 * address and its attribution). All three are kept for offline reading (offline.ts), and each
 * answers from the device's copy when the network is gone: a read that failed offline would
 * leave the query in error, and an error is not what the device keeps (without the basemap's
 * address, the next offline start had no map at all).
 */
import { queryOptions } from '@tanstack/react-query';
import type { BasemapInfo, FeatureCollection, Layer, Place } from '../../../../common/modules/cartography/schemas';
import { apiGet, apiGetIfChanged, withSignal } from '../../../lib/api-client';
import { withOfflineCopy, withRevalidatedCopy } from '../../../lib/offline-copy';
import { cartographyKeys } from './keys';

/**
 * The request names the features it holds (their ETag): a map reopened on unchanged data is a
 * 304, not downloaded and parsed again (lib/offline-copy.ts).
 */
export const featuresQueryOptions = () =>
  queryOptions({
    queryKey: cartographyKeys.features(),
    queryFn: withRevalidatedCopy(cartographyKeys.features(), (etag) => apiGetIfChanged<FeatureCollection>('cartography/features', etag)),
    staleTime: 30_000,
    meta: { offline: true },
    // The data in memory is the answer's own object: it carries the answer's ETag.
    structuralSharing: false,
  });

export const layersQueryOptions = () =>
  queryOptions({
    queryKey: cartographyKeys.layers(),
    queryFn: withOfflineCopy(cartographyKeys.layers(), () => apiGet<Layer[]>('cartography/layers')),
    staleTime: 60_000,
    meta: { offline: true },
  });

export const basemapQueryOptions = () =>
  queryOptions({
    queryKey: cartographyKeys.basemap(),
    queryFn: withOfflineCopy(cartographyKeys.basemap(), () => apiGet<BasemapInfo>('cartography/basemap')),
    staleTime: 10 * 60_000,
    meta: { offline: true },
  });

/** The operator's geocoder (GET /places): online only, not retried (a 503 says why places are missing). */
export const placesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: cartographyKeys.places(q),
    queryFn: ({ signal }) => apiGet<Place[]>(`cartography/places?${new URLSearchParams({ q }).toString()}`, withSignal(signal)),
    staleTime: 10 * 60_000,
    retry: false,
  });

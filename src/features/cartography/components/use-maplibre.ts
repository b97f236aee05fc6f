/**
 * One MapLibre map in a container, for every screen that draws one (the reader's map,
 * MapView; the management editors): MapLibre imported on demand (lib/map/maplibre.ts: its code,
 * its worker and its stylesheet load with the screen that draws a map), the basemap's
 * style (or a plain background), the attribution, the zoom buttons, the markers drawn on the
 * device (marker-images.ts), and the district's extent as the first view. `setup` runs once the
 * style is loaded (add sources, layers and listeners there); the map is rebuilt when the
 * basemap's address changes. Without WebGL the state says so and no map is built.
 */
import type { Map as MaplibreMap, StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { BBox } from '../../../../common/modules/cartography/schemas';
import { loadMaplibre, type Maplibre } from '../../../lib/map/maplibre';
import { hasWebGl } from '../../../lib/webgl';
import { markerImage } from './marker-images';

// The library's loading is shared with the 2D plans (lib/map/maplibre.ts).
export { loadMaplibre, type Maplibre };

/** Drawn when the basemap cannot be read (offline before any visit): the features still show. */
const PLAIN_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef2' } }] };

/** France, when the district has no extent yet. */
const DEFAULT_VIEW = { center: [2.35, 46.6] as [number, number], zoom: 4 };
export const EXTENT_PADDING = { padding: 48, maxZoom: 15 };

export const absoluteUrl = (url: string) => new URL(url, window.location.href).href;

export type MapState = 'loading' | 'ready' | 'no-webgl' | 'failed';

export interface MapOptions {
  /** The basemap's style address; null: the plain background. */
  styleUrl: string | null;
  attribution: string;
  /** The first view (read when the map is built). */
  extent: BBox | null;
  /** Called once the style is loaded, with the map and the MapLibre module. */
  setup: (map: MaplibreMap, maplibre: Maplibre) => void;
}

export interface MapHandle {
  state: MapState;
  /** The map once its style is loaded (after `setup`), else null. */
  map: MaplibreMap | null;
}

export function useMaplibre(container: RefObject<HTMLDivElement | null>, options: MapOptions): MapHandle {
  // The map's listeners read the latest options (the map is built once per basemap).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [state, setState] = useState<MapState>(() => (hasWebGl() ? 'loading' : 'no-webgl'));
  const [map, setMap] = useState<MaplibreMap | null>(null);

  useEffect(() => {
    if (state === 'no-webgl' || container.current === null) return undefined;
    let destroyed = false;
    let built: MaplibreMap | null = null;
    void loadMaplibre()
      .then((maplibre) => {
        if (destroyed || container.current === null) return;
        const { styleUrl, attribution, extent } = latest.current;
        const current = new maplibre.Map({
          container: container.current,
          style: styleUrl === null ? PLAIN_STYLE : absoluteUrl(styleUrl),
          attributionControl: false,
          transformRequest: (url) => ({ url: absoluteUrl(url) }),
          ...(extent === null ? DEFAULT_VIEW : { bounds: extent, fitBoundsOptions: EXTENT_PADDING }),
        });
        built = current;
        current.addControl(new maplibre.AttributionControl({ compact: false, ...(attribution === '' ? {} : { customAttribution: attribution }) }));
        current.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        // Markers and cluster counts are drawn when a tile first needs them (MapLibre waits for
        // the resolver; an image added from the `styleimagemissing` event came a tile too late).
        current.setMissingStyleImageResolver((id) => {
          const image = markerImage(id);
          if (image !== null && !current.hasImage(id)) current.addImage(id, image, { pixelRatio: 2 });
        });
        // A failing basemap (a tile offline that was never kept) must not stop the features.
        current.on('error', () => undefined);
        current.on('load', () => {
          if (destroyed) return;
          latest.current.setup(current, maplibre);
          setMap(current);
          setState('ready');
        });
      })
      .catch(() => {
        if (!destroyed) setState('failed');
      });
    return () => {
      destroyed = true;
      built?.remove();
      setMap(null);
    };
    // The map is built once per basemap; the rest is given to it by the caller's effects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.styleUrl]);

  // The district's extent arrives after the map (first visit): the first view goes there once.
  const framed = useRef(options.extent !== null);
  useEffect(() => {
    if (map === null || framed.current || options.extent === null) return;
    framed.current = true;
    map.fitBounds(options.extent, { ...EXTENT_PADDING, duration: 0 });
  }, [map, options.extent]);

  return { state, map };
}

/**
 * MapLibre, loaded on demand by every screen that draws a map (the cartography's maps, the 2D
 * plans): the library, its stylesheet and its worker load with that screen, never in the app's
 * entry. The worker comes from the app's own origin (the CSP's worker-src 'self'), not a blob,
 * and once loaded the whole library is kept on the device so a map draws offline.
 */
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { linkStylesheet } from '../stylesheet';
import { keepMapCode } from '../sw-bridge';

export type Maplibre = typeof import('maplibre-gl');

let loading: Promise<Maplibre> | null = null;

/** The MapLibre module, its stylesheet linked and its worker set (loaded once). */
export function loadMaplibre(): Promise<Maplibre> {
  loading ??= Promise.all([import('maplibre-gl'), import('maplibre-gl/dist/maplibre-gl.css?url').then(({ default: href }) => linkStylesheet(href))]).then(([module]) => {
    module.setWorkerUrl(workerUrl);
    keepMapCode();
    return module;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * The element a map is drawn in (use-maplibre.ts builds the map in `containerRef`), with what
 * the user is told when it cannot be: no WebGL, or MapLibre failed to load; and, over the map,
 * when the server has only its coarse built-in basemap (no street beyond a region's scale: a
 * point placed at a district's zoom is placed blind until an operator sets VIGIE_BASEMAP). The
 * region is named (`label`) and says its state (`data-state`: what the browser tests wait
 * for). Shared by the reader's map and the management editors.
 */
import { useQuery } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapQueryOptions } from '../api/reads';
import type { MapState } from './use-maplibre';

export interface MapFrameProps {
  containerRef: RefObject<HTMLDivElement | null>;
  state: MapState;
  label: string;
  /** A crosshair while the next tap picks a place (report here, drawing). */
  picking?: boolean;
  /** Extra data attributes of the region (a drawing's mode). */
  data?: Record<`data-${string}`, string>;
}

export function MapFrame({ containerRef, state, label, picking = false, data = {} }: MapFrameProps) {
  const { t } = useTranslation('cartography');
  // The map screens' own read of the basemap (the same query: no second request).
  const coarse = useQuery(basemapQueryOptions()).data?.source === 'builtin';
  return (
    <div className={`carto-map${picking ? ' carto-map-picking' : ''}`}>
      {state === 'no-webgl' && <p className="carto-map-message" role="status">{t('map.no_webgl')}</p>}
      {state === 'failed' && <p className="carto-map-message" role="alert">{t('map.failed')}</p>}
      <div ref={containerRef} className="carto-map-canvas" role="region" aria-label={label} data-state={state} {...data} />
      {coarse && state === 'ready' && (
        <p className="carto-map-coarse" role="note">
          {t('map.coarse_basemap')}
        </p>
      )}
    </div>
  );
}

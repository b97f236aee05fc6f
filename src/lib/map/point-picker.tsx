/**
 * A point on the map, picked by a tap: a dialog with a MapLibre map, for the forms of any module
 * whose record has a place (an item of equipment's point). MapLibre, its worker and stylesheet
 * are imported when the dialog first opens, never with the form. The map draws the server's
 * basemap as the map screens do: the basemap's description (GET /api/cartography/basemap, the
 * read the map screens keep on the device under the same key), else, for a reader without the
 * map's right or before any visit, the server's own style (/api/cartography/basemap/style.json,
 * public world data). Offline the service worker answers the style and the tiles from the area
 * kept with "Make this area available offline" (sw/sw.ts, the `vigie-basemap` cache) and the
 * library from its own cache (keepMapCode): a point is placed over the kept area.
 *
 * The first view is the current point, else the given centre (the record's site), else France.
 * A tap (or a click) places the marker, Enter on the focused map places it at the map's centre,
 * "Use this point" hands it back. Texts come from the caller (its namespace).
 */
import { IonButton, IonModal } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import type { Map as MaplibreMap, Marker, StyleSpecification } from 'maplibre-gl';
import { useEffect, useId, useRef, useState } from 'react';
import type { BasemapInfo } from '../../../common/modules/cartography/schemas';
import { useBackClosesDialog } from '../../hooks/use-back-closes-dialog';
import { apiGet } from '../api-client';
import { formatPosition } from '../numbers';
import { withOfflineCopy } from '../offline-copy';
import { linkStylesheet } from '../stylesheet';
import { keepMapCode } from '../sw-bridge';
import { hasWebGl } from '../webgl';
import '../../components/dialog.css';

export interface LatLng {
  lat: number;
  lng: number;
}

export interface PointPickerTexts {
  title: string;
  /** Under the title: how to pick. */
  hint: string;
  confirm: string;
  cancel: string;
  /** The map's region name. */
  map: string;
  /** Shown when the device cannot draw the map (no WebGL) or the library did not load. */
  failed: string;
  /** The chosen point's line ("Point: {{point}}"): given the formatted position. */
  chosen: (point: string) => string;
  /** Before any tap. */
  none: string;
}

export interface PointPickerProps {
  isOpen: boolean;
  /** The point already chosen (first view and marker). */
  value: LatLng | null;
  /** Where to look without a point (the record's site). */
  center: LatLng | null;
  texts: PointPickerTexts;
  language: string;
  onPick: (point: LatLng) => void;
  onDismiss: () => void;
}

/** The basemap's description: the map screens' query (same key, same device copy). */
const BASEMAP_KEY = ['cartography', 'basemap'] as const;
/** The server's own basemap, public: what a reader without the map's right draws. */
const SERVER_STYLE = '/api/cartography/basemap/style.json';
const PLAIN_STYLE: StyleSpecification = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef2' } }] };
const FRANCE = { center: [2.35, 46.6] as [number, number], zoom: 4.5 };
/** A site's or a point's surroundings: streets where the basemap has them. */
const CLOSE_ZOOM = 16;

const absoluteUrl = (url: string) => new URL(url, window.location.href).href;

/** MapLibre, its worker (from the app's origin: the CSP's worker-src 'self') and its stylesheet, at the dialog's first opening. */
const loadMaplibre = () =>
  Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css?url').then(({ default: href }) => linkStylesheet(href)),
  ]).then(([module, { default: workerUrl }]) => {
    module.setWorkerUrl(workerUrl);
    keepMapCode();
    return module;
  });

const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function PointPicker({ isOpen, value, center, texts, language, onPick, onDismiss }: PointPickerProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const hintId = useId();
  const container = useRef<HTMLDivElement | null>(null);
  const [presented, setPresented] = useState(false);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [point, setPoint] = useState<LatLng | null>(value);
  useBackClosesDialog(isOpen, onDismiss);

  useEffect(() => {
    if (isOpen) setPoint(value);
    else setPresented(false);
    // The dialog starts from the form's point each time it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  // The map is built once the dialog is on screen (its size known), and removed as it closes.
  useEffect(() => {
    if (!presented || container.current === null) return undefined;
    if (!hasWebGl()) {
      setState('failed');
      return undefined;
    }
    let destroyed = false;
    let map: MaplibreMap | null = null;
    let marker: Marker | null = null;
    const basemap = queryClient
      .fetchQuery({
        queryKey: BASEMAP_KEY,
        queryFn: withOfflineCopy(BASEMAP_KEY, () => apiGet<BasemapInfo>('cartography/basemap')),
        staleTime: 10 * 60_000,
        meta: { offline: true },
        retry: false,
      })
      .then((info) => info.styleUrl)
      .catch(() => SERVER_STYLE);
    setState('loading');
    void Promise.all([loadMaplibre(), basemap])
      .then(([maplibre, styleUrl]) => {
        if (destroyed || container.current === null) return;
        const first = value ?? center;
        const built = new maplibre.Map({
          container: container.current,
          style: absoluteUrl(styleUrl),
          attributionControl: false,
          transformRequest: (url) => ({ url: absoluteUrl(url) }),
          ...(first === null ? FRANCE : { center: [first.lng, first.lat] as [number, number], zoom: CLOSE_ZOOM }),
        });
        map = built;
        built.addControl(new maplibre.AttributionControl({ compact: true }));
        built.addControl(new maplibre.NavigationControl({ showCompass: false }), 'top-right');
        const place = (at: LatLng) => {
          const chosen = { lat: round(at.lat), lng: round(at.lng) };
          marker ??= new maplibre.Marker().setLngLat([chosen.lng, chosen.lat]).addTo(built);
          marker.setLngLat([chosen.lng, chosen.lat]);
          setPoint(chosen);
        };
        if (value !== null) place(value);
        built.on('click', (event) => place({ lat: event.lngLat.lat, lng: event.lngLat.lng }));
        // Keyboard: the arrows pan (MapLibre's), Enter places the point at the centre.
        built.getCanvas().addEventListener('keydown', (event) => {
          if (event.key !== 'Enter') return;
          const middle = built.getCenter();
          place({ lat: middle.lat, lng: middle.lng });
        });
        // A basemap that cannot be read (offline outside the kept area) leaves the map plain, not broken.
        let styled = false;
        built.on('style.load', () => {
          styled = true;
        });
        built.on('error', () => {
          if (!styled) built.setStyle(PLAIN_STYLE);
        });
        built.once('load', () => {
          if (!destroyed) setState('ready');
        });
      })
      .catch(() => {
        if (!destroyed) setState('failed');
      });
    return () => {
      destroyed = true;
      map?.remove();
    };
    // Built once per opening: the first view is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presented]);

  return (
    <IonModal isOpen={isOpen} onDidPresent={() => setPresented(true)} onDidDismiss={onDismiss} className="app-dialog" aria-label={texts.title} aria-labelledby={titleId} aria-describedby={hintId}>
      <div className="app-dialog-body">
        <h2 id={titleId}>{texts.title}</h2>
        <p id={hintId}>{texts.hint}</p>
        {state === 'failed' && <p role="alert">{texts.failed}</p>}
        <div
          ref={container}
          role="region"
          aria-label={texts.map}
          data-state={state}
          style={{ height: 'min(55vh, 420px)', width: '100%', borderRadius: 8, overflow: 'hidden' }}
        />
        <p role="status">{point === null ? texts.none : texts.chosen(formatPosition(point, language))}</p>
        <div className="app-dialog-actions">
          <IonButton fill="outline" onClick={onDismiss}>
            {texts.cancel}
          </IonButton>
          <IonButton disabled={point === null} onClick={() => point !== null && onPick(point)}>
            {texts.confirm}
          </IonButton>
        </div>
      </div>
    </IonModal>
  );
}

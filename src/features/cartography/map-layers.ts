/**
 * The map's own sources and layers, drawn over the basemap (MapLibre style objects, no code of
 * MapLibre here: its types only). Sites and points of interest share one clustered source,
 * incidents have theirs (clustered too), areas are fills with outlines, the device's position
 * a dot in its accuracy circle. No text layer anywhere: the basemap serves no glyphs, so cluster
 * counts and markers are images drawn on the device (components/marker-images.ts, named here).
 */
import type { FeatureCollection as GeoJsonCollection, Feature, Polygon } from 'geojson';
import type { LayerSpecification } from 'maplibre-gl';
import { AREA_FALLBACK_COLOUR, SEVERITY_COLOURS, INCIDENT_COLOUR } from './layers';

export const SOURCES = { points: 'vigie-points', incidents: 'vigie-incidents', areas: 'vigie-areas', me: 'vigie-me' } as const;
export const CLUSTER_MAX_ZOOM = 14;
export const CLUSTER_RADIUS = 44;

/** The images the markers use (made on the device when the map asks for them). */
export const IMAGE_PREFIX = { pointsCluster: 'vigie-cluster-', incidentsCluster: 'vigie-icluster-', site: 'vigie-site', poi: 'vigie-poi-' } as const;

const isCluster = ['has', 'point_count'] as const;
const notCluster = ['!', ['has', 'point_count']] as const;

/** The layers a tap and the in-view list read (the clusters expand to their features). */
export const INTERACTIVE_LAYERS = {
  areas: 'vigie-areas-fill',
  pointsClusters: 'vigie-points-clusters',
  sites: 'vigie-sites',
  pois: 'vigie-pois',
  incidentsClusters: 'vigie-incidents-clusters',
  incidents: 'vigie-incidents',
} as const;

export const CLUSTER_LAYERS: ReadonlyMap<string, string> = new Map([
  [INTERACTIVE_LAYERS.pointsClusters, SOURCES.points],
  [INTERACTIVE_LAYERS.incidentsClusters, SOURCES.incidents],
]);

export function overlayLayers(): LayerSpecification[] {
  const colour = ['coalesce', ['get', 'colour'], AREA_FALLBACK_COLOUR];
  return [
    { id: INTERACTIVE_LAYERS.areas, type: 'fill', source: SOURCES.areas, paint: { 'fill-color': colour, 'fill-opacity': 0.18 } },
    { id: 'vigie-areas-line', type: 'line', source: SOURCES.areas, paint: { 'line-color': colour, 'line-width': 2 } },
    { id: 'vigie-me-accuracy', type: 'fill', source: SOURCES.me, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#1d6fd6', 'fill-opacity': 0.15, 'fill-outline-color': '#1d6fd6' } },
    {
      id: INTERACTIVE_LAYERS.pointsClusters,
      type: 'symbol',
      source: SOURCES.points,
      filter: isCluster,
      layout: { 'icon-image': ['concat', IMAGE_PREFIX.pointsCluster, ['get', 'point_count_abbreviated']], 'icon-allow-overlap': true },
    },
    {
      id: INTERACTIVE_LAYERS.sites,
      type: 'symbol',
      source: SOURCES.points,
      filter: ['all', notCluster, ['==', ['get', 'kind'], 'site']],
      layout: { 'icon-image': IMAGE_PREFIX.site, 'icon-allow-overlap': true },
    },
    {
      id: INTERACTIVE_LAYERS.pois,
      type: 'symbol',
      source: SOURCES.points,
      filter: ['all', notCluster, ['==', ['get', 'kind'], 'poi']],
      layout: {
        'icon-image': ['concat', IMAGE_PREFIX.poi, ['coalesce', ['get', 'icon'], 'pin'], ['coalesce', ['get', 'colour'], AREA_FALLBACK_COLOUR]],
        'icon-allow-overlap': true,
      },
    },
    {
      id: INTERACTIVE_LAYERS.incidentsClusters,
      type: 'symbol',
      source: SOURCES.incidents,
      filter: isCluster,
      layout: { 'icon-image': ['concat', IMAGE_PREFIX.incidentsCluster, ['get', 'point_count_abbreviated']], 'icon-allow-overlap': true },
    },
    {
      id: INTERACTIVE_LAYERS.incidents,
      type: 'circle',
      source: SOURCES.incidents,
      filter: notCluster,
      paint: {
        'circle-radius': 8,
        'circle-color': ['match', ['get', 'severity'], ...Object.entries(SEVERITY_COLOURS).flat(), INCIDENT_COLOUR],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    { id: 'vigie-me-dot', type: 'circle', source: SOURCES.me, filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 7, 'circle-color': '#1d6fd6', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 } },
  ] as LayerSpecification[];
}

/** A circle of `metres` around a position, as a 64-sided polygon (the accuracy of "locate me"). */
export function accuracyCircle(lng: number, lat: number, metres: number, sides = 64): Feature<Polygon> {
  const earth = 6_371_008.8;
  const dLat = (metres / earth) * (180 / Math.PI);
  const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
  const ring: [number, number][] = [];
  for (let i = 0; i <= sides; i += 1) {
    const angle = (i / sides) * 2 * Math.PI;
    ring.push([lng + dLng * Math.cos(angle), lat + dLat * Math.sin(angle)]);
  }
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
}

export const collection = (features: Feature[]): GeoJsonCollection => ({ type: 'FeatureCollection', features });

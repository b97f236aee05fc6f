/**
 * The pins' layers (one per kind of record) with their colours on the plan, and the features
 * the map draws: pins (those on the server and those waiting in the outbox) and zones, as
 * GeoJSON in the plan's frame (frame.ts).
 */
import type { Pin, PinKind, PlanPoint, Zone } from '../../../common/modules/plan2d/schemas';
import { toLngLat, type PlanFrame } from './frame';

/** The layers in the order the legend lists them, each with its colour (drawn by MapLibre, not CSS). */
export const LAYERS: readonly { kind: PinKind; colour: string }[] = [
  { kind: 'equipment', colour: '#1565c0' },
  { kind: 'poi', colour: '#6a1b9a' },
  { kind: 'declaration', colour: '#c62828' },
  { kind: 'action', colour: '#ef6c00' },
  { kind: 'stage', colour: '#00838f' },
  { kind: 'contact', colour: '#2e7d32' },
];
export const colourOf = (kind: PinKind): string => LAYERS.find((l) => l.kind === kind)?.colour ?? '#455a64';

/** A pin as the plan shows it: the server's, or one waiting to be sent. */
export interface ShownPin extends Pick<Pin, 'id' | 'kind' | 'recordId' | 'x' | 'y' | 'title'> {
  version: number;
  pending: boolean;
}
export interface ShownZone extends Pick<Zone, 'id' | 'type' | 'name' | 'colour' | 'points'> {
  version: number;
  pending: boolean;
}

type Feature = { type: 'Feature'; id?: number; properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } };
export interface Collection {
  type: 'FeatureCollection';
  features: Feature[];
}

export function pinFeatures(pins: readonly ShownPin[], frame: PlanFrame, visible: ReadonlySet<PinKind>): Collection {
  return {
    type: 'FeatureCollection',
    features: pins
      .filter((pin) => visible.has(pin.kind))
      .map((pin) => ({
        type: 'Feature',
        properties: { id: pin.id, kind: pin.kind, colour: colourOf(pin.kind), pending: pin.pending },
        geometry: { type: 'Point', coordinates: toLngLat(pin, frame) },
      })),
  };
}

export function zoneFeatures(zones: readonly ShownZone[], frame: PlanFrame): Collection {
  const at = (points: readonly PlanPoint[]) => points.map((p) => toLngLat(p, frame));
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => {
      const properties = { id: zone.id, type: zone.type, colour: zone.colour, pending: zone.pending };
      if (zone.type === 'risk') return { type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [[...at(zone.points), toLngLat(zone.points[0]!, frame)]] } };
      if (zone.type === 'route') return { type: 'Feature', properties, geometry: { type: 'LineString', coordinates: at(zone.points) } };
      return { type: 'Feature', properties, geometry: { type: 'Point', coordinates: toLngLat(zone.points[0]!, frame) } };
    }),
  };
}

/** What is being drawn (a zone's points, the calibration's two points): a line through them and their dots. */
export function draftFeatures(points: readonly PlanPoint[], frame: PlanFrame): Collection {
  const coordinates = points.map((p) => toLngLat(p, frame));
  return {
    type: 'FeatureCollection',
    features: [
      ...(coordinates.length > 1 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString', coordinates } }] : []),
      ...coordinates.map((c) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point', coordinates: c } })),
    ],
  };
}

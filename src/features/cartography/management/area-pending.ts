/**
 * The areas written on this device and not yet sent, laid over what the server said (MODULES.md
 * "Writes, offline first"): in the list (withPendingList, told here which areas match its
 * search and filters), on the map (an area drawn offline is drawn at once), and on the sheet.
 */
import type { Area, AreaCreate, Layer, AreaGroup, MapFeature } from '../../../../common/modules/cartography/schemas';
import { areaSquareMetres, boundsOf } from '../../../../common/modules/cartography/geometry';
import type { PendingWrite, WithPending } from '../../../lib/outbox';
import { withPending } from '../../../lib/outbox';
import { matchesSearch } from '../../../lib/text-fold';
import { AREA_FALLBACK_COLOUR } from '../layers';
import type { AreaListSearch } from './area-search';

/** The colour an area is drawn in: its own, else its group's, else its layer's (as the server's features say). */
export const areaColour = (layers: readonly Pick<Layer, 'id' | 'colour'>[] | undefined, groups: readonly Pick<AreaGroup, 'id' | 'colour'>[] | undefined) =>
  (area: Pick<Area, 'colour' | 'groupId' | 'layerId'>): string =>
    area.colour ?? groups?.find((group) => group.id === area.groupId)?.colour ?? layers?.find((layer) => layer.id === area.layerId)?.colour ?? AREA_FALLBACK_COLOUR;

const NOBODY = { id: '00000000-0000-4000-8000-000000000000', name: '' };

/** Whether an area belongs in the list as filtered, as the server decides it (its name, folded; its layer and group). */
export const areaMatches =
  (search: AreaListSearch) =>
  (area: Pick<Area, 'name' | 'layerId' | 'groupId'>): boolean =>
    matchesSearch(search.search, [area.name]) && (search.layer === undefined || area.layerId === search.layer) && (search.group === undefined || area.groupId === search.group);

/**
 * An area touched by pending writes made whole: one created here is its create payload,
 * with its layer's and group's names, its bounds and its surface computed here.
 */
export function completeArea(layers: readonly Pick<Layer, 'id' | 'name'>[] | undefined, groups: readonly Pick<AreaGroup, 'id' | 'name'>[] | undefined) {
  return (row: WithPending<Area>): WithPending<Area> => {
    const now = new Date().toISOString();
    const geometry = row.geometry;
    return {
      ...row,
      districtId: row.districtId ?? '',
      version: row.version ?? 1,
      createdAt: row.createdAt ?? now,
      createdBy: row.createdBy ?? NOBODY,
      updatedAt: row.updatedAt ?? now,
      updatedBy: row.updatedBy ?? NOBODY,
      deletedAt: row.deletedAt ?? null,
      description: row.description ?? '',
      groupId: row.groupId ?? null,
      colour: row.colour ?? null,
      layerName: layers?.find((layer) => layer.id === row.layerId)?.name ?? row.layerName ?? '',
      groupName: row.groupId === null || row.groupId === undefined ? null : (groups?.find((group) => group.id === row.groupId)?.name ?? row.groupName ?? null),
      bbox: geometry === undefined ? row.bbox : boundsOf(geometry),
      areaSquareMetres: geometry === undefined ? row.areaSquareMetres : areaSquareMetres(geometry),
    };
  };
}

/** An area created on this device and not yet on the server, as its sheet shows it. */
export function pendingCreatedArea(id: string, writes: readonly PendingWrite[], complete: (row: WithPending<Area>) => WithPending<Area>): WithPending<Area> | undefined {
  const created = writes.find((write) => write.item.recordId === id && write.item.kind === 'map_areas.create' && write.item.state !== 'sent');
  if (created === undefined) return undefined;
  const [record] = withPending<Area>([], writes.filter((write) => write.item.recordId === id));
  return record === undefined ? undefined : complete({ ...(created.payload as AreaCreate), ...record });
}

/**
 * The map's areas (the district's features of kind area) with this device's pending area
 * writes over them: drawn or reshaped here, shown at once; deleted here, gone; restored here,
 * back (from the written payload or the sheet's copy when known).
 */
export function areaFeaturesWithPending(features: readonly MapFeature[], writes: readonly PendingWrite[], colourOf: (area: Pick<Area, 'colour' | 'groupId' | 'layerId'>) => string): MapFeature[] {
  const live = writes.filter((write) => write.item.state !== 'sent' && write.item.kind.startsWith('map_areas.'));
  if (live.length === 0) return [...features];
  const byId = new Map(features.map((feature) => [feature.id, feature]));
  const out = new Map<string, MapFeature | null>();
  for (const { item, payload } of live) {
    const action = item.kind.split('.')[1];
    const current = out.get(item.recordId) ?? byId.get(item.recordId) ?? null;
    if (action === 'delete') out.set(item.recordId, null);
    else if (action === 'create' || action === 'update') {
      const fields = payload as Partial<AreaCreate>;
      const base = current ?? (action === 'create' ? null : undefined);
      if (base === undefined) continue;
      const properties = base?.properties;
      const merged = {
        name: fields.name ?? properties?.name ?? '',
        layerId: fields.layerId ?? properties?.layer ?? '',
        groupId: fields.groupId === undefined ? (properties?.typeId ?? null) : fields.groupId,
        colour: fields.colour === undefined ? null : fields.colour,
      };
      const geometry = fields.geometry ?? base?.geometry;
      if (geometry === undefined) continue;
      const feature: MapFeature = {
        type: 'Feature',
        id: item.recordId,
        geometry,
        properties: {
          ...(properties ?? { kind: 'area', id: item.recordId, typeName: null, version: 1 }),
          kind: 'area',
          id: item.recordId,
          layer: merged.layerId,
          name: merged.name,
          typeId: merged.groupId,
          // Recomputed when what decides it changed here (an own colour kept on the server is not known from a feature).
          colour: properties?.colour !== undefined && fields.colour === undefined && fields.groupId === undefined && fields.layerId === undefined ? properties.colour : colourOf(merged),
        },
      };
      out.set(item.recordId, feature);
    }
  }
  const result = features.filter((feature) => !out.has(feature.id));
  for (const feature of out.values()) if (feature !== null) result.push(feature);
  return result;
}

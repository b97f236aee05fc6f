/**
 * The points of interest as plain data (no React; tested directly): the list's address (its
 * search, filters and the selected point), the form's rules (the contract's schema, plus the
 * latitude and longitude typed as text, a comma accepted as the decimal mark) and the pending
 * writes laid over the list (a point written on this device shows at once).
 */
import { PoiCreate, type Layer, type Poi, type PoiCategory, type PoiFields } from '../../../../common/modules/cartography/schemas';
import type { Problems } from '../../../components/module/validation';
import { schemaProblems } from '../../../components/module/validation';
import type { WithPending } from '../../../lib/outbox';
import { matchesSearch } from '../../../lib/text-fold';
import { isUuid } from '../../../../common/uuid';

export const SEARCH_LIMIT = 200;

/** The points list's address: the API's filters (sent) and the selected point (not sent). */
export interface PointListSearch {
  search?: string;
  category?: string;
  layer?: string;
  site?: string;
  deleted?: 'true';
}
export interface PointsPageSearch extends PointListSearch {
  point?: string;
  /** The phone's pane: the list (default) or the map. */
  view?: 'map';
}

export function validatePointsSearch(raw: Record<string, unknown>): PointsPageSearch {
  const out: PointsPageSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  for (const key of ['category', 'layer', 'site', 'point'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && isUuid(value)) out[key] = value;
  }
  if (raw.deleted === true || raw.deleted === 'true') out.deleted = 'true';
  if (raw.view === 'map') out.view = 'map';
  return out;
}

/** What the API filters on (the list's query key): the page's search without its selection. */
export function listSearch({ point: _point, view: _view, ...rest }: PointsPageSearch): PointListSearch {
  return rest;
}

// ---------------------------------------------------------------- the form

/** The form as typed: the coordinates as text (a keyboard's way to place and move a point). */
export interface PointDraft {
  name: string;
  description: string;
  categoryId: string;
  layerId: string;
  siteId: string | null;
  lat: string;
  lng: string;
}

/** A coordinate typed by a user: a dot or a comma as decimal mark, spaces ignored; null if it is not a number. */
export function parseCoordinate(text: string): number | null {
  const cleaned = text.replace(/\s+/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A coordinate as the form shows it: six decimals (about 10 cm), no trailing zeros. */
export const formatCoordinate = (value: number): string => String(Number(value.toFixed(6)));

export const draftPosition = (draft: Pick<PointDraft, 'lat' | 'lng'>): { lat: number; lng: number } | null => {
  const lat = parseCoordinate(draft.lat);
  const lng = parseCoordinate(draft.lng);
  return lat === null || lng === null ? null : { lat, lng };
};

export function emptyDraft(defaults: { categoryId?: string; layerId?: string; siteId?: string | null; position?: { lat: number; lng: number } | null }): PointDraft {
  return {
    name: '',
    description: '',
    categoryId: defaults.categoryId ?? '',
    layerId: defaults.layerId ?? '',
    siteId: defaults.siteId ?? null,
    lat: defaults.position === null || defaults.position === undefined ? '' : formatCoordinate(defaults.position.lat),
    lng: defaults.position === null || defaults.position === undefined ? '' : formatCoordinate(defaults.position.lng),
  };
}

export function draftOf(point: Pick<Poi, 'name' | 'description' | 'categoryId' | 'layerId' | 'siteId' | 'position'>): PointDraft {
  return {
    name: point.name,
    description: point.description,
    categoryId: point.categoryId,
    layerId: point.layerId,
    siteId: point.siteId,
    lat: formatCoordinate(point.position.lat),
    lng: formatCoordinate(point.position.lng),
  };
}

/** The fields the API takes, from the draft (a coordinate that is not a number is NaN: the schema refuses it). */
export function draftFields(draft: PointDraft): PoiFields {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    categoryId: draft.categoryId,
    layerId: draft.layerId,
    siteId: draft.siteId,
    position: { lat: parseCoordinate(draft.lat) ?? Number.NaN, lng: parseCoordinate(draft.lng) ?? Number.NaN },
  };
}

/**
 * The form's problems, by the form's own fields: the contract's (PoiCreate: a name, a
 * category, a layer, a position within range), a coordinate that is not a number, and a layer
 * that holds areas (the server would refuse it: 400 cartography.layer_kind).
 */
export function pointProblems(draft: PointDraft, layers: readonly Pick<Layer, 'id' | 'kind'>[] = []): Problems {
  const found = schemaProblems(PoiCreate, { id: '00000000-0000-4000-8000-000000000000', ...draftFields(draft) });
  const problems: Problems = {};
  for (const [path, problem] of Object.entries(found)) {
    const field = path === 'position.lat' ? 'lat' : path === 'position.lng' ? 'lng' : path;
    problems[field] = problem;
  }
  if (draft.categoryId === '') problems.categoryId = { key: 'module.error.required' };
  if (draft.layerId === '') problems.layerId = { key: 'module.error.required' };
  for (const field of ['lat', 'lng'] as const) {
    if (draft[field].trim() === '') problems[field] = { key: 'module.error.required' };
    else if (parseCoordinate(draft[field]) === null) problems[field] = { key: 'module.error.invalid' };
  }
  const layer = layers.find((candidate) => candidate.id === draft.layerId);
  if (layer !== undefined && layer.kind !== 'points') problems.layerId = { key: 'module.error.invalid' };
  return problems;
}

// ---------------------------------------------------------------- the pending writes

/** Whether a point, as this device's writes make it, belongs in the list as filtered (as the server decides). */
export function pointMatches(search: PointListSearch): (point: Pick<Poi, 'name' | 'description' | 'categoryId' | 'layerId' | 'siteId'>) => boolean {
  return (point) =>
    matchesSearch(search.search, [point.name, point.description]) &&
    (search.category === undefined || point.categoryId === search.category) &&
    (search.layer === undefined || point.layerId === search.layer) &&
    (search.site === undefined || point.siteId === search.site);
}

/**
 * A point touched by pending writes made whole: its category's name, icon and colour and its
 * layer's name from the lists (a point created here is its create payload, a category changed
 * offline shows its new icon).
 */
export function completePoint(
  categories: readonly Pick<PoiCategory, 'id' | 'name' | 'icon' | 'colour'>[] | undefined,
  layers: readonly Pick<Layer, 'id' | 'name'>[] | undefined,
): (point: WithPending<Poi>) => WithPending<Poi> {
  return (point) => {
    const category = categories?.find((candidate) => candidate.id === point.categoryId);
    const layer = layers?.find((candidate) => candidate.id === point.layerId);
    const now = new Date().toISOString();
    return {
      ...point,
      description: point.description ?? '',
      siteId: point.siteId ?? null,
      siteName: point.siteId === null || point.siteId === undefined ? null : (point.siteName ?? null),
      categoryName: category?.name ?? point.categoryName ?? '',
      icon: category?.icon ?? point.icon ?? 'pin',
      colour: category?.colour ?? point.colour ?? '#5b4a9e',
      layerName: layer?.name ?? point.layerName ?? '',
      version: point.version ?? 0,
      createdAt: point.createdAt ?? now,
      updatedAt: point.updatedAt ?? now,
      deletedAt: point.deletedAt ?? null,
    };
  };
}

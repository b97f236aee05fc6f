/**
 * The areas page's address (MODULES.md "Lists": filters in the search params, so a reload or a
 * shared link shows the same page): the list's search and filters, the open area, and on a
 * phone which pane shows (the list or the map). Validated here without TypeBox: anything the
 * contract (AreaListQuery) would refuse is dropped rather than sent.
 */
import { isUuid } from '../../../../common/uuid';

/** The contract's SEARCH_MAX. */
const SEARCH_LIMIT = 200;

export interface AreaListSearch {
  search?: string;
  layer?: string;
  group?: string;
  deleted?: 'true';
}

export interface AreaPageSearch extends AreaListSearch {
  /** The open area's sheet. */
  area?: string;
  /** The phone's pane (a wide screen shows both). */
  pane?: 'map';
}

const uuid = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : undefined);

export function validateAreaSearch(raw: Record<string, unknown>): AreaPageSearch {
  const out: AreaPageSearch = {};
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  const layer = uuid(raw.layer);
  if (layer !== undefined) out.layer = layer;
  const group = uuid(raw.group);
  if (group !== undefined) out.group = group;
  if (raw.deleted === true || raw.deleted === 'true') out.deleted = 'true';
  const area = uuid(raw.area);
  if (area !== undefined) out.area = area;
  if (raw.pane === 'map') out.pane = 'map';
  return out;
}

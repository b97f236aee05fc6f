/**
 * The incidents' page's address and filters, as plain data (tested directly): the map's own
 * filters (status, period: ../cartography/search.ts) plus the severity, the open incident and
 * the phone's pane; the incidents those filters keep; the steps the declarations' workflow
 * allows from each status.
 */
import type { MapFeature } from '../../../../common/modules/cartography/schemas';
import type { Severity, Status } from '../../../../common/modules/declarations/schemas';
import { SEVERITY_COLOURS, shownFeatures } from '../layers';
import { validateMapSearch, type MapSearch } from '../search';
import { isUuid } from '../../../../common/uuid';

export const SEVERITIES = Object.keys(SEVERITY_COLOURS) as Severity[];
/** The declarations' STATUS_TRANSITIONS (common/modules/declarations/schemas.ts builds TypeBox schemas when loaded; a unit test checks they agree). */
export const NEXT_STATUSES: Readonly<Record<Status, readonly Status[]>> = {
  new: ['acknowledged', 'investigating', 'closed'],
  acknowledged: ['investigating', 'closed'],
  investigating: ['closed'],
  closed: [],
};

export interface IncidentSearch extends MapSearch {
  severity?: Severity;
  incident?: string;
  pane?: 'map';
}

export function validateIncidentSearch(raw: Record<string, unknown>): IncidentSearch {
  const { type: _type, ...out }: IncidentSearch = validateMapSearch(raw);
  if (typeof raw.severity === 'string' && (SEVERITIES as string[]).includes(raw.severity)) out.severity = raw.severity as Severity;
  if (typeof raw.incident === 'string' && isUuid(raw.incident)) out.incident = raw.incident;
  if (raw.pane === 'map') out.pane = 'map';
  return out;
}

/** The incidents the filters keep (status and period as the map reads them; the severity here). */
export function filterIncidents(features: readonly MapFeature[], search: IncidentSearch): MapFeature[] {
  const incidents = features.filter((feature) => feature.properties.kind === 'incident');
  const { status, from, to } = search;
  return shownFeatures(incidents, new Set(['incidents']), { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) }).filter(
    (feature) => search.severity === undefined || feature.properties.severity === search.severity,
  );
}

/**
 * The map's filters in the address (as the other lists keep theirs: a reload, back or a shared
 * link shows the same map): `type` (a site type, declaration template or point category id),
 * `status` (a declaration status), `from` / `to` (days, both inclusive), validated by the route
 * without TypeBox (this file is in the entry): anything else is dropped.
 */
import type { Status } from '../../../common/modules/declarations/schemas';
import { isUuid } from '../../../common/uuid';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The contract's declaration statuses (checked both ways by type). */
export const INCIDENT_STATUSES = ['new', 'acknowledged', 'investigating', 'closed'] as const satisfies readonly Status[];
const everyStatus: Exclude<Status, (typeof INCIDENT_STATUSES)[number]> extends never ? true : never = true;
void everyStatus;

export interface MapSearch {
  type?: string;
  status?: Status;
  from?: string;
  to?: string;
}

const day = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

export function validateMapSearch(raw: Record<string, unknown>): MapSearch {
  const out: MapSearch = {};
  if (typeof raw.type === 'string' && isUuid(raw.type)) out.type = raw.type;
  if (typeof raw.status === 'string' && (INCIDENT_STATUSES as readonly string[]).includes(raw.status)) out.status = raw.status as Status;
  const from = day(raw.from);
  if (from !== undefined) out.from = from;
  const to = day(raw.to);
  if (to !== undefined) out.to = to;
  return out;
}

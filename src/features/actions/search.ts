/**
 * The actions list's search params (the address holds the scope, the search, the filters and
 * the sort: a reload, back or a shared link shows the same list), and the new action form's
 * prefill, validated by the routes without TypeBox (this file is in the entry): anything the
 * contract (ActionListQuery) would refuse is dropped.
 */
import type { ActionSort, ActionStatus, DuePeriod, Priority, SourceKind } from '../../../common/modules/actions/schemas';
import type { ActionSource } from '../../lib/module-parts';
import { isUuid } from '../../../common/uuid';

// Checked against the contract's unions by type, both ways, so they cannot drift.
export const ACTION_SORT_NAMES = ['dueOn', '-dueOn', '-priority', '-updatedAt'] as const satisfies readonly ActionSort[];
export const STATUS_NAMES = ['todo', 'inProgress', 'done', 'verified', 'cancelled'] as const satisfies readonly ActionStatus[];
export const PRIORITY_NAMES = ['low', 'normal', 'high', 'critical'] as const satisfies readonly Priority[];
export const DUE_NAMES = ['overdue', 'today', 'week', 'month', 'none'] as const satisfies readonly DuePeriod[];
const everySort: Exclude<ActionSort, (typeof ACTION_SORT_NAMES)[number]> extends never ? true : never = true;
const everyStatus: Exclude<ActionStatus, (typeof STATUS_NAMES)[number]> extends never ? true : never = true;
const everyPriority: Exclude<Priority, (typeof PRIORITY_NAMES)[number]> extends never ? true : never = true;
const everyDue: Exclude<DuePeriod, (typeof DUE_NAMES)[number]> extends never ? true : never = true;
void [everySort, everyStatus, everyPriority, everyDue];

export const SEARCH_LIMIT = 200;
const KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** The "open" choice of the status filter: the statuses of work still to do. */
export const OPEN_FILTER = 'todo,inProgress';
export type SourceFilter = SourceKind | 'none';

export interface ActionListSearch {
  /** 'all': the district's (managers); absent: the caller's own ("My actions"). */
  scope?: 'all';
  search?: string;
  sort?: ActionSort;
  /** One status, or OPEN_FILTER. */
  status?: string;
  priority?: Priority;
  assignee?: string;
  site?: string;
  plan?: string;
  template?: string;
  source?: SourceFilter;
  due?: DuePeriod;
  /** Managers: the deleted actions instead of the live ones (each restorable from its sheet). */
  deleted?: true;
}

const oneOf = <T extends string>(names: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (names as readonly string[]).includes(value) ? (value as T) : undefined;
const id = (value: unknown) => (typeof value === 'string' && isUuid(value) ? value : undefined);

export function validateActionSearch(raw: Record<string, unknown>): ActionListSearch {
  const out: ActionListSearch = {};
  if (raw.scope === 'all') out.scope = 'all';
  const text = typeof raw.search === 'number' ? String(raw.search) : raw.search;
  if (typeof text === 'string' && text.trim() !== '' && text.length <= SEARCH_LIMIT) out.search = text;
  const sort = oneOf(ACTION_SORT_NAMES, raw.sort);
  if (sort !== undefined) out.sort = sort;
  const status = raw.status === OPEN_FILTER ? OPEN_FILTER : oneOf(STATUS_NAMES, raw.status);
  if (status !== undefined) out.status = status;
  const priority = oneOf(PRIORITY_NAMES, raw.priority);
  if (priority !== undefined) out.priority = priority;
  for (const key of ['assignee', 'site', 'plan', 'template'] as const) {
    const value = id(raw[key]);
    if (value !== undefined) out[key] = value;
  }
  const source = oneOf<SourceFilter>(['declaration', 'inspection', 'equipment', 'none'], raw.source);
  if (source !== undefined) out.source = source;
  const due = oneOf(DUE_NAMES, raw.due);
  if (due !== undefined) out.due = due;
  if (isDeleted(raw.deleted)) out.deleted = true;
  return out;
}

/** `deleted=true` in an address (parsed as a boolean by the router; the string too, as the Sites list writes it). */
const isDeleted = (value: unknown) => value === 'true' || value === true;

/** The plans' and the templates' lists: only the deleted view in the address (managers'). */
export interface DeletedSearch {
  deleted?: true;
}

export function validateDeletedSearch(raw: Record<string, unknown>): DeletedSearch {
  return isDeleted(raw.deleted) ? { deleted: true } : {};
}

/** The new action form's prefill: a template, or a source (`declaration:<id>`, `inspection:<id>:<questionKey>`). */
export interface NewActionSearch {
  template?: string;
  source?: string;
  plan?: string;
}

/** The record a new action may be made from (the platform's type, but an item of equipment: its actions come from its failed checks only). */
export type ParsedSource = Exclude<ActionSource, { kind: 'equipment' }>;

export function parseSource(value: string | undefined): ParsedSource | null {
  if (value === undefined) return null;
  const [kind, sourceId, questionKey] = value.split(':');
  if (kind === 'declaration' && id(sourceId) !== undefined && questionKey === undefined) return { kind, id: sourceId as string };
  if (kind === 'inspection' && id(sourceId) !== undefined && questionKey !== undefined && KEY.test(questionKey)) return { kind, id: sourceId as string, questionKey };
  return null;
}

export function validateNewActionSearch(raw: Record<string, unknown>): NewActionSearch {
  const out: NewActionSearch = {};
  const template = id(raw.template);
  if (template !== undefined) out.template = template;
  if (typeof raw.source === 'string' && parseSource(raw.source) !== null) out.source = raw.source;
  const plan = id(raw.plan);
  if (plan !== undefined) out.plan = plan;
  return out;
}

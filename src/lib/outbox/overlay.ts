/**
 * Records written offline shown at once: the server's data (a list page, a record) with the
 * writes still in the outbox laid over it, in the order the user made them. The kind's last
 * word says what a write does (MODULES.md kinds: '<module>.create', '.update', '.delete',
 * '.restore'; any other, such as 'sites.stage.create', only marks its record as waiting):
 *
 * - create: the payload is the new record (its id is the client's); shown first in a list
 *   until the server's list holds it, then the server's copy is overlaid;
 * - update: the payload is the change set, applied over the record;
 * - delete / restore: the record is marked deleted, or no longer.
 *
 * Every record touched carries `pending` (what the waiting mark shows); nothing else changes.
 */
import type { OutboxItem } from './types';

export interface PendingMark {
  /** Writes of this record not delivered yet. */
  count: number;
  /** One of them waits for the user to choose (a conflict). */
  conflict: boolean;
  /** One of them failed (the server refused it). */
  failed: boolean;
  /** Created on this device and not yet on the server. */
  created: boolean;
  /** Deleted on this device, not yet on the server. */
  deleted: boolean;
}

export type WithPending<T> = T & { pending?: PendingMark };

type Action = 'create' | 'update' | 'delete' | 'restore' | 'other';

/**
 * A record's own write is '<module>.<action>' of its module; a longer kind ('sites.stage.create')
 * writes a part of it, and another module's kind ('attachments.delete' of a site's file) too.
 */
export function actionOf(item: Pick<OutboxItem, 'kind'> & { module?: string }): Action {
  const parts = item.kind.split('.');
  const last = parts.length === 2 && (item.module === undefined || parts[0] === item.module) ? parts[1] : undefined;
  return last === 'create' || last === 'update' || last === 'delete' || last === 'restore' ? last : 'other';
}

const isFields = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the overlay needs of an item: its kind, record, state, and the payload it sends. */
export interface PendingWrite {
  /** `module` when known: a kind of another module only marks the record (see actionOf). */
  item: Pick<OutboxItem, 'kind' | 'recordId' | 'state'> & { module?: string };
  payload: unknown;
}

function apply<T extends { id: string }>(record: T | undefined, writes: readonly PendingWrite[]): WithPending<T> | undefined {
  if (writes.length === 0) return record;
  let current: Record<string, unknown> | undefined = record;
  const mark: PendingMark = { count: 0, conflict: false, failed: false, created: false, deleted: false };
  for (const { item, payload } of writes) {
    if (item.state === 'sent') continue;
    mark.count += 1;
    if (item.state === 'conflict') mark.conflict = true;
    if (item.state === 'failed') mark.failed = true;
    const action = actionOf(item);
    if (action === 'create' && isFields(payload)) {
      mark.created = record === undefined;
      current = { ...payload, ...current, id: item.recordId };
    } else if (action === 'update' && isFields(payload) && current !== undefined) {
      current = { ...current, ...payload };
    } else if (action === 'delete') {
      mark.deleted = true;
    } else if (action === 'restore') {
      mark.deleted = false;
    }
  }
  if (current === undefined || mark.count === 0) return record;
  return { ...(current as T), pending: mark };
}

/**
 * Whether a record is deleted once its pending writes are sent: the last delete or restore
 * waiting decides, else the server's copy (a record's page offering Restore or Delete).
 */
export function deletedOnceSent(record: { deletedAt: string | null } | undefined, writes: readonly PendingWrite[]): boolean {
  const toggle = writes.filter((w) => w.item.state !== 'sent').map((w) => actionOf(w.item)).filter((a) => a === 'delete' || a === 'restore').at(-1);
  return toggle === undefined ? (record?.deletedAt ?? null) !== null : toggle === 'delete';
}

/** One record (undefined: not on the server, or not loaded) with its pending writes over it. */
export function withPendingRecord<T extends { id: string }>(
  record: T | undefined,
  writes: readonly PendingWrite[],
): WithPending<T> | undefined {
  const id = record?.id ?? writes[0]?.item.recordId;
  return apply(record, writes.filter((w) => w.item.recordId === id));
}

/**
 * A list with its pending writes over it: records created here and not in `list` first
 * (newest first), then the list's records, updated or marked.
 */
export function withPending<T extends { id: string }>(list: readonly T[], writes: readonly PendingWrite[]): WithPending<T>[] {
  const byRecord = new Map<string, PendingWrite[]>();
  for (const write of writes) {
    const group = byRecord.get(write.item.recordId);
    if (group === undefined) byRecord.set(write.item.recordId, [write]);
    else group.push(write);
  }
  const present = new Set(list.map((r) => r.id));
  const created: WithPending<T>[] = [];
  for (const [id, group] of byRecord) {
    if (present.has(id) || !group.some((w) => actionOf(w.item) === 'create')) continue;
    const record = apply<T>(undefined, group);
    if (record !== undefined) created.unshift(record);
  }
  return [...created, ...list.map((r) => apply(r, byRecord.get(r.id) ?? []) ?? r)];
}

export interface PendingListOptions<T> {
  /**
   * Whether a record, as the pending writes make it, belongs in the list as the user filtered
   * it (its search, its filters), decided on the device the way the server would decide it.
   * Asked of records created here and of listed records an update changed.
   */
  matches: (record: WithPending<T>) => boolean;
  /** The list shows deleted records only (a manager's "deleted" view). */
  deletedView?: boolean;
  /**
   * Makes a record touched by pending writes whole for the list's rows: a created record is
   * its create payload (what the user typed), without what only the server fills in.
   */
  complete?: (record: WithPending<T>) => WithPending<T>;
}

export interface PendingListView<T> {
  rows: WithPending<T>[];
  /** The server's count, with the records the pending writes add to the list or take from it. */
  total: number;
}

/**
 * A page list (a module's RecordList) with this device's pending writes over it, as the user
 * expects to see it before they are sent:
 *
 * - records created here and not yet listed by the server come first, newest first, when
 *   they match the list's search and filters (never in the deleted view: a new record is not
 *   deleted);
 * - listed records with pending updates show their new values; one an update takes out of
 *   the search or the filters leaves the list, as it will once sent;
 * - a record deleted here leaves the active view (the user asked it gone; its sheet still
 *   shows it, marked deleted and waiting), and one restored here leaves the deleted view;
 * - the count follows: plus the records shown, minus the records taken out.
 *
 * Records the list does not hold (later pages, another view) cannot be shown from here.
 */
export function withPendingList<T extends { id: string }>(
  list: readonly T[],
  total: number,
  writes: readonly PendingWrite[],
  options: PendingListOptions<T>,
): PendingListView<T> {
  const live = writes.filter((w) => w.item.state !== 'sent');
  if (live.length === 0) return { rows: [...list], total };
  const complete = options.complete ?? ((record: WithPending<T>) => record);
  const deletedView = options.deletedView === true;
  const rows: WithPending<T>[] = [];
  let count = total;
  for (const overlaid of withPending(list, live)) {
    const mark = overlaid.pending;
    if (mark === undefined) {
      rows.push(overlaid);
      continue;
    }
    const record = complete(overlaid);
    if (mark.created) {
      if (!deletedView && !mark.deleted && options.matches(record)) {
        rows.push(record);
        count += 1;
      }
      continue;
    }
    const actions = live.filter((w) => w.item.recordId === record.id).map((w) => actionOf(w.item));
    // The last delete or restore decides where the record will be once sent.
    const toggle = actions.filter((a) => a === 'delete' || a === 'restore').at(-1);
    const gone = deletedView ? toggle === 'restore' : toggle === 'delete';
    const updated = actions.includes('update');
    if (gone || (updated && !options.matches(record))) {
      count -= 1;
      continue;
    }
    rows.push(record);
  }
  return { rows, total: Math.max(count, 0) };
}

/**
 * Every write of Cartography management's records, queued in the outbox (never sent from a
 * screen): the five kinds (layers, point categories, points, area groups, areas) share the
 * server's record routes (create with the client's id, edit from a version, delete, restore),
 * so one table names them and one set of functions queues them. The outbox module of each kind
 * is the server's history name (the `records:changed` module of its socket events), so an
 * item's kind is '<module>.create' etc. and the overlay (lib/outbox/overlay.ts) reads it.
 *
 * An update carries only the changed fields and, as `base`, the values the user started from
 * (a version conflict merges field by field); a delete or a restore is sent again on the
 * current version (reversible, and in the history).
 */
import { changedFields, enqueueWrite, registerSender, sendWrite, type OutboxItem, type SenderOptions } from '../../../lib/outbox';

/** Each kind's outbox module (the server's CARTOGRAPHY_MODULES) and its API path. */
export const MAP_RECORDS = {
  layers: { module: 'map_layers', path: 'cartography/layers' },
  categories: { module: 'poi_categories', path: 'cartography/categories' },
  points: { module: 'points_of_interest', path: 'cartography/points' },
  groups: { module: 'map_area_groups', path: 'cartography/area-groups' },
  areas: { module: 'map_areas', path: 'cartography/areas' },
} as const;
export type MapRecordKind = keyof typeof MAP_RECORDS;

const ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
type Action = (typeof ACTIONS)[number];

const kindOf = (kind: MapRecordKind, action: Action) => `${MAP_RECORDS[kind].module}.${action}`;
const recordPath = (kind: MapRecordKind, id: string, rest = '') => `${MAP_RECORDS[kind].path}/${encodeURIComponent(id)}${rest}`;


/** Queues a new record of `kind` with an id made here (shown at once, sent when it can be). Returns the id. */
export async function queueCreate<F extends object>(kind: MapRecordKind, fields: F): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: kindOf(kind, 'create'), module: MAP_RECORDS[kind].module, recordId: id, baseVersion: null, payload: { id, ...fields } });
  return id;
}

/** Queues the changed fields of a record; false (nothing queued) when nothing changed. */
export async function queueUpdate<F extends object>(kind: MapRecordKind, record: F & { id: string; version: number }, next: Partial<F>): Promise<boolean> {
  const { changes, base } = changedFields<F>(record, next);
  if (Object.keys(changes).length === 0) return false;
  await enqueueWrite({ kind: kindOf(kind, 'update'), module: MAP_RECORDS[kind].module, recordId: record.id, baseVersion: record.version, payload: changes, base });
  return true;
}

export const queueDelete = (kind: MapRecordKind, record: { id: string; version: number }) =>
  enqueueWrite({ kind: kindOf(kind, 'delete'), module: MAP_RECORDS[kind].module, recordId: record.id, baseVersion: record.version, payload: null });
export const queueRestore = (kind: MapRecordKind, record: { id: string; version: number }) =>
  enqueueWrite({ kind: kindOf(kind, 'restore'), module: MAP_RECORDS[kind].module, recordId: record.id, baseVersion: record.version, payload: null });

const version = (item: OutboxItem): number => item.baseVersion ?? 1;

const SEND: Record<Action, (kind: MapRecordKind) => (item: OutboxItem, payload: unknown, key: string) => Promise<unknown>> = {
  create: (kind) => (_item, payload, key) => sendWrite('post', MAP_RECORDS[kind].path, payload, key),
  update: (kind) => (item, payload, key) => sendWrite('patch', recordPath(kind, item.recordId), { baseVersion: version(item), changes: payload }, key),
  delete: (kind) => (item, _payload, key) => sendWrite('delete', recordPath(kind, item.recordId), { baseVersion: version(item) }, key),
  restore: (kind) => (item, _payload, key) => sendWrite('post', recordPath(kind, item.recordId, '/restore'), { baseVersion: version(item) }, key),
};
const ON_CONFLICT: Record<Action, SenderOptions['onConflict']> = { create: 'fail', update: 'merge', delete: 'rebase', restore: 'rebase' };

let registered = false;

/** The senders of every kind's four writes; registering twice is harmless. */
export function registerMapRecordSenders(): void {
  if (registered) return;
  registered = true;
  for (const kind of Object.keys(MAP_RECORDS) as MapRecordKind[]) {
    for (const action of ACTIONS) {
      const send = SEND[action](kind);
      registerSender(kindOf(kind, action), async (item, ctx) => ({ result: await send(item, ctx.payload, ctx.idempotencyKey) }), { onConflict: ON_CONFLICT[action] });
    }
  }
}

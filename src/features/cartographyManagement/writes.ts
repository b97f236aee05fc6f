/**
 * Every write of Cartography management's points, categories and layers, queued in the outbox
 * (never sent from a screen), so it works offline and shows at once, marked waiting
 * (MODULES.md "Writes, offline first"). One outbox module per record kind, named as the server
 * names it in `records:changed` (its history name), its kinds `<module>.create|update|delete|
 * restore`, which the outbox's overlay reads. An update carries only the changed fields and,
 * as `base`, the values the user started from (as shown, pending writes included), so a
 * version conflict merges field by field; a delete or a restore is sent again on the current
 * version (both are reversible and in the history).
 */
import { enqueueWrite } from '../../lib/outbox';
import { sameValue } from '../../lib/outbox/merge';

export const MANAGED_KINDS = {
  points: { module: 'points_of_interest', path: 'cartography/points' },
  categories: { module: 'poi_categories', path: 'cartography/categories' },
  layers: { module: 'map_layers', path: 'cartography/layers' },
} as const;
export type ManagedKind = keyof typeof MANAGED_KINDS;
export const WRITE_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;
export type WriteAction = (typeof WRITE_ACTIONS)[number];

export const writeKind = (kind: ManagedKind, action: WriteAction) => `${MANAGED_KINDS[kind].module}.${action}`;

export interface Versioned {
  id: string;
  version: number;
}

/** The fields of `next` that differ from `current`, each with the value the user started from. */
export function fieldChanges<T extends object>(current: T, next: Partial<T>): { changes: Partial<T>; base: Partial<T> } {
  const changes: Partial<T> = {};
  const base: Partial<T> = {};
  for (const field of Object.keys(next) as (keyof T)[]) {
    if (!sameValue(current[field], next[field])) {
      changes[field] = next[field];
      base[field] = current[field];
    }
  }
  return { changes, base };
}

/** Queues a creation; resolves with the new record's id (the client's). */
export async function queueCreate<T extends object>(kind: ManagedKind, fields: T): Promise<string> {
  const id = crypto.randomUUID();
  await enqueueWrite({ kind: writeKind(kind, 'create'), module: MANAGED_KINDS[kind].module, recordId: id, baseVersion: null, payload: { id, ...fields } });
  return id;
}

/** Queues the changed fields only; false (nothing queued) when nothing changed. */
export async function queueUpdate<T extends object>(kind: ManagedKind, record: Versioned & T, next: Partial<T>): Promise<boolean> {
  const { changes, base } = fieldChanges<T>(record, next);
  if (Object.keys(changes).length === 0) return false;
  await enqueueWrite({ kind: writeKind(kind, 'update'), module: MANAGED_KINDS[kind].module, recordId: record.id, baseVersion: record.version, payload: changes, base });
  return true;
}

export const queueDelete = (kind: ManagedKind, record: Versioned) =>
  enqueueWrite({ kind: writeKind(kind, 'delete'), module: MANAGED_KINDS[kind].module, recordId: record.id, baseVersion: record.version, payload: null });

export const queueRestore = (kind: ManagedKind, record: Versioned) =>
  enqueueWrite({ kind: writeKind(kind, 'restore'), module: MANAGED_KINDS[kind].module, recordId: record.id, baseVersion: record.version, payload: null });

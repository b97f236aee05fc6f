/**
 * The platform record layer every module's repository is built on (MODULES.md, "Records"):
 * the scope a repository is constructed with (one client database, the session's district,
 * the acting account), field-by-field change lists, the history table, version conflicts and
 * the display names of actors. A repository never takes a district from its caller's
 * arguments: the scope is fixed when it is built from the session, so no handler can ask
 * for another district's rows.
 */
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import type { ApiErrorBody } from '../../../../common/api-types.js';
import { VERSION_CONFLICT } from '../../../../common/constants.js';
import type { Actor, HistoryEntry, RecordMeta } from '../../../../common/schemas/platform.js';
import { isUuid } from '../../../../common/uuid.js';

/** A database time as the API writes it (ISO 8601, UTC). */
export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

export interface RecordScope {
  /** The session's client database, or the transaction a write runs in. */
  db: Queryable;
  /** The control database, where actors' display names live. */
  control: Queryable;
  districtId: string;
  actor: { id: string };
}

export type RecordAction = HistoryEntry['action'];

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The id shown for writes made before records had authors (rows of older versions). */
export const UNKNOWN_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `after` whose value differs from `before`, in `fields` order. */
export function changesBetween<T extends object>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]): FieldChange[] {
  return fields
    .filter((field) => field in after && !same(before[field], after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

export async function writeHistory(
  scope: RecordScope,
  entry: { module: string; recordId: string; version: number; action: RecordAction; changes: FieldChange[] },
): Promise<void> {
  await scope.db.query(
    `insert into record_history (module, record_id, district_id, version, action, changes, actor_id) values ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.module, entry.recordId, scope.districtId, entry.version, entry.action, JSON.stringify(entry.changes), scope.actor.id],
  );
}

/**
 * A record's own write beyond its plain fields (a status move, a comment, a stage, a merge):
 * `set` its columns (SQL over `$4` on, given `values`; `$1` is the record's id), a new version
 * by the scope's actor and the history entry of `changes` (given the columns named in
 * `returning` when they come from the write: a lock's time). Answers those columns.
 */
export async function writeVersion<W extends object = Record<string, never>>(
  scope: RecordScope,
  record: { table: string; module: string; id: string; version: number },
  changes: FieldChange[] | ((written: W) => FieldChange[]),
  columns: { set?: string; values?: readonly unknown[]; returning?: string; action?: RecordAction } = {},
): Promise<W> {
  const { rows } = await scope.db.query<W>(
    `update ${record.table} set ${columns.set ? `${columns.set}, ` : ''}version = version + 1, updated_at = now(), updated_by = $3
      where id = $1 and district_id = $2${columns.returning ? ` returning ${columns.returning}` : ''}`,
    [record.id, scope.districtId, scope.actor.id, ...(columns.values ?? [])],
  );
  const written = (rows[0] ?? {}) as W;
  await writeHistory(scope, {
    module: record.module,
    recordId: record.id,
    version: record.version + 1,
    action: columns.action ?? 'update',
    changes: typeof changes === 'function' ? changes(written) : changes,
  });
  return written;
}

/**
 * The creation entries of many records at once (the bench data sets, `tasks.js seed-bench`):
 * version 1, `create`, one row per id with its changes (JSON) and time, in one statement.
 */
export async function writeCreationHistories(
  db: Queryable,
  entries: { module: string; districtId: string; actorId: string; ids: string[]; changes: string[]; at: string[] },
): Promise<void> {
  await db.query(
    `insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at)
     select $1, id, $2, 1, 'create', changes, $3, at from unnest($4::uuid[], $5::jsonb[], $6::timestamptz[]) as t(id, changes, at)`,
    [entries.module, entries.districtId, entries.actorId, entries.ids, entries.changes, entries.at],
  );
}

/** Display names of accounts (their e-mail: accounts carry no other name), by id. */
export async function actorNames(control: Queryable, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => id !== null && id !== UNKNOWN_ACTOR_ID))];
  if (wanted.length === 0) return new Map();
  const { rows } = await control.query<{ id: string; email: string }>('select id, email from accounts where id = any($1::uuid[])', [wanted]);
  return new Map(rows.map((r) => [r.id, r.email]));
}

export const actorOf = (names: Map<string, string>, id: string | null): Actor => ({ id: id ?? UNKNOWN_ACTOR_ID, name: (id && names.get(id)) ?? '' });

/**
 * A table of the client database whose records a history may name by id: a site, a type, a
 * template, a layer… (`name` is its column read as the record's name). Each module registers
 * its own (modules/index.ts); accounts are named from the control database.
 */
export interface NamedTable {
  table: string;
  name: string;
}
const namedTables: NamedTable[] = [];
export function registerNamedTables(tables: readonly NamedTable[]): void {
  for (const table of tables) if (!namedTables.some((known) => known.table === table.table)) namedTables.push(table);
}


/** Every id (a UUID) in a change's values, nested ones too (a template's `{ id, version }`, a list of people). */
function collectIds(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (isUuid(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectIds(item, into);
  }
}

/**
 * The names of the ids a history's changes hold, as they are now (a deleted record keeps its
 * name): the records of the district's registered tables and the accounts (their e-mail).
 * Written into the history answer so that the app shows names, offline too, wherever it keeps
 * the history, without holding every list the ids come from.
 */
async function namesOf(scope: RecordScope, ids: ReadonlySet<string>): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.size === 0) return names;
  const wanted = [...ids];
  if (namedTables.length > 0) {
    const selects = namedTables.map((t) => `select id::text as id, ${t.name} as name from ${t.table} where district_id = $1 and id = any($2::uuid[])`);
    const { rows } = await scope.db.query<{ id: string; name: string }>(selects.join(' union all '), [scope.districtId, wanted]);
    for (const row of rows) names.set(row.id, row.name);
  }
  for (const [id, email] of await actorNames(scope.control, wanted.filter((id) => !names.has(id)))) names.set(id, email);
  return names;
}

/** A record's history in the scope's district, newest first, with the names of the ids its changes hold. */
export async function readHistory(scope: RecordScope, module: string, recordId: string): Promise<HistoryEntry[]> {
  const { rows } = await scope.db.query<{ id: string; at: Date; actor_id: string; action: RecordAction; version: number; changes: FieldChange[] }>(
    `select id, at, actor_id, action, version, changes from record_history
      where module = $1 and record_id = $2 and district_id = $3 order by at desc, version desc`,
    [module, recordId, scope.districtId],
  );
  const actors = await actorNames(scope.control, rows.map((r) => r.actor_id));
  const idsOf = (changes: FieldChange[]): Set<string> => {
    const ids = new Set<string>();
    for (const change of changes) {
      collectIds(change.before, ids);
      collectIds(change.after, ids);
    }
    return ids;
  };
  const names = await namesOf(scope, new Set(rows.flatMap((r) => [...idsOf(r.changes)])));
  return rows.map((r) => {
    const held = idsOf(r.changes);
    const named = [...held].filter((id) => names.has(id)).map((id) => [id, names.get(id)!] as const);
    return {
      id: r.id,
      at: new Date(r.at).toISOString(),
      by: actorOf(actors, r.actor_id),
      action: r.action,
      version: r.version,
      changes: r.changes,
      names: Object.fromEntries(named),
    };
  });
}

/** 409 of a write whose baseVersion is not the record's: the record as it is now (MODULES.md, "Conflicts"). */
export const versionConflict = (current: unknown): ApiError => new ApiError(409, { message: VERSION_CONFLICT, current } as ApiErrorBody);

/** 409 of a write to a deleted record (restore it first), with the record as it is now. */
export const deletedRecord = (current: unknown): ApiError => new ApiError(409, { message: 'record.deleted', current } as ApiErrorBody);

/** A live record of `table` in the district, or a 404 `notFoundKey` (another district's is not found); none given passes. */
export async function requireLiveRecord(db: Queryable, table: string, districtId: string, id: string | null | undefined, notFoundKey: string): Promise<void> {
  if (!id) return;
  const { rows } = await db.query(`select 1 from ${table} where id = $1 and district_id = $2 and deleted_at is null`, [id, districtId]);
  if (rows.length === 0) throw ApiError.notFound(notFoundKey);
}

/** A live site of the district, or a 404 `notFoundKey` (another district's site is not found); none given passes. */
export const requireLiveSite = (db: Queryable, districtId: string, siteId: string | null | undefined, notFoundKey: string): Promise<void> =>
  requireLiveRecord(db, 'sites', districtId, siteId, notFoundKey);

/** A record's row as every module stores its metadata (MODULES.md, "Records"). */
export interface RecordMetaRow {
  id: string;
  district_id: string;
  version: number;
  created_at: Date;
  created_by: string | null;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
}

/** The metadata of a record as the API shows it, its actors named from `names` (actorNames). */
export function recordMetaOf(row: RecordMetaRow, names: Map<string, string>): RecordMeta {
  return {
    id: row.id,
    districtId: row.district_id,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: actorOf(names, row.created_by),
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: actorOf(names, row.updated_by),
    deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at).toISOString(),
  };
}

/**
 * The check before an edit of a record whose row the caller has locked: a 409 with the record
 * as it is now when the caller started from another version, or when it is deleted.
 */
export async function requireEditable(row: { version: number; deleted_at: Date | null }, baseVersion: number, current: () => Promise<unknown>): Promise<void> {
  if (row.version !== baseVersion) throw versionConflict(await current());
  if (row.deleted_at) throw deletedRecord(await current());
}

/** Every id a member of the district, or a 400 `errorKey` naming `what`. */
export async function requireMembers(db: Queryable, districtId: string, ids: readonly string[], errorKey: string, what: string): Promise<void> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return;
  const { rows } = await db.query('select account_id from memberships where district_id = $1 and account_id = any($2::uuid[])', [districtId, wanted]);
  if (rows.length !== wanted.length) throw ApiError.badRequest(errorKey, what);
}

/**
 * The district's members by name (their e-mail), optionally those whose name contains
 * `search` (folded: case and accents ignored), at most `limit`: the people pickers of every
 * module (an assignee, a schedule's people, a template's recipients, a plan's owner).
 */
export async function districtMembers(scope: Pick<RecordScope, 'db' | 'control' | 'districtId'>, options: { search?: string; limit?: number } = {}): Promise<Actor[]> {
  const { rows } = await scope.db.query<{ account_id: string }>('select account_id from memberships where district_id = $1', [scope.districtId]);
  const names = await actorNames(scope.control, rows.map((r) => r.account_id));
  const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const search = options.search?.trim() ? fold(options.search.trim()) : null;
  const members = rows
    .filter((r) => names.has(r.account_id))
    .map((r) => actorOf(names, r.account_id))
    .filter((m) => search === null || fold(m.name).includes(search))
    .sort((a, b) => a.name.localeCompare(b.name));
  return options.limit === undefined ? members : members.slice(0, options.limit);
}

/**
 * Deletes (reversibly) or restores a record of `table` whose row the caller has locked, with its
 * history entry: a 409 with the record as it is now on a stale base version, or when deleting a
 * deleted one; restoring a live one changes nothing. The caller then reads the record again.
 */
export async function setRecordDeleted(
  scope: RecordScope,
  record: { table: string; module: string; id: string; version: number; deletedAt: Date | null; current: () => Promise<unknown> },
  baseVersion: number,
  deleted: boolean,
): Promise<void> {
  if (record.version !== baseVersion) throw versionConflict(await record.current());
  if ((record.deletedAt !== null) === deleted) {
    if (deleted) throw deletedRecord(await record.current());
    return;
  }
  await writeVersion<{ deleted_at: Date | null }>(
    scope,
    record,
    (written) => [{ field: 'deletedAt', before: isoOrNull(record.deletedAt), after: isoOrNull(written.deleted_at ?? null) }],
    { set: `deleted_at = ${deleted ? 'now()' : 'null'}`, returning: 'deleted_at', action: deleted ? 'delete' : 'restore' },
  );
}

/**
 * The demo seeds' history writer for one district: an entry at a chosen time, by `actorId`
 * unless another actor is named (a seed writes a year of records, each with its past).
 */
export function seedHistory(db: Queryable, districtId: string, actorId: string) {
  return (module: string, recordId: string, version: number, action: RecordAction, changes: unknown[], at: Date, actor = actorId) =>
    db.query(`insert into record_history (module, record_id, district_id, version, action, changes, actor_id, at) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
      module,
      recordId,
      districtId,
      version,
      action,
      JSON.stringify(changes),
      actor,
      at,
    ]);
}

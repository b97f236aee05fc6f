/**
 * The generic record core (docs/records.md): a kind of record is described once (its table,
 * how its row reads as fields and as the API's record, its history fields, its checks, its
 * search and filters) and a `RecordStore` built from the session's scope gives it the behaviour
 * every module's records share:
 *
 * - creation with the caller's id (the app makes ids offline; a second create of the same id is
 *   409 `record.exists`, so a replayed write never makes a second record);
 * - edits from a base version, only the changed fields (409 `record.version_conflict` with the
 *   record as it is now, which the app merges field by field);
 * - the changed fields in the history, read back with the names of the ids they hold;
 * - reversible deletion and restore (409 `record.deleted` on a deleted record, the kind's
 *   `inUse` 409 while live records depend on it);
 * - lists: the whole of a small kind in its order, or keyset pages by folded name with search,
 *   filters and the filtered count; deleted records listed for managers only.
 *
 * Every query is scoped to the district the scope was built with: another district's id is
 * not found (404). The routes of a kind come from `recordRoutes` (./record-routes.ts).
 */
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import { listRecordAttachments } from '../../attachments/index.js';
import { ApiError } from '../../lib/errors.js';
import { onRecordChanged } from './events.js';
import { containsPattern, CountCache, filterValues, namePage } from './list.js';
import {
  actorNames,
  changesBetween,
  readHistory,
  requireEditable,
  setRecordDeleted,
  writeCreationHistories,
  writeHistory,
  writeVersion,
  type RecordMetaRow,
  type RecordScope,
} from './records.js';
import { isUuid } from '../../../../common/uuid.js';

/** A list filter of a kind: the query parameter's comma-separated values matched against a column. */
export interface KindFilter {
  /** The matched SQL expression over `t` (`t.trade_id`). */
  column: string;
  /** How a value is checked and cast: an id, or one of `values`. */
  type: 'uuid' | 'text';
  /** The accepted values of a `text` filter (a status, a type). */
  values?: readonly string[];
  /** `equals` (default): the column is one of the values; `overlaps`: the column, an array, holds one of them. */
  match?: 'equals' | 'overlaps';
}

/** The query every page of a kind takes (the common part of its list query schema). */
export interface KindListQuery {
  search?: string;
  cursor?: string;
  limit?: number;
  deleted?: 'true' | 'false';
  [filter: string]: string | number | undefined;
}

/** One kind of record: its table, how its row reads as fields and as the API's record, its checks and its list. */
export interface RecordKind<Row extends RecordMetaRow, F extends object, R> {
  /** The history's and the socket event's module name of the kind (a table-like name: `suppliers`). */
  module: string;
  table: string;
  /** The 404 key of an unknown id (`suppliers.not_found`). */
  notFound: string;
  /** `select … from <table> t …`: the row with what its answer needs (joined names, counts). */
  select: string;
  /** The fields compared and written in the history, in the order a sheet shows them. */
  historyFields: readonly (keyof F & string)[];
  fieldsOf: (row: Row) => F;
  /**
   * The table's columns of the fields (derived ones included: an area's bounds, a folded name).
   * `before`: the fields before an update (none on a create), for the columns a create alone
   * writes or that move only with a change (a reminder set again when the due day moves).
   */
  columns: (fields: F, before?: F | null) => Record<string, unknown>;
  toRecord: (row: Row, names: Map<string, string>) => R;
  /** More accounts of a row to name in `names` than its author and last editor (an owner, an assignee). */
  actors?: (row: Row) => (string | null)[];
  /** A record read alone when it holds more than its row (a site's stages and files): replaces `toRecord` there. */
  readOne?: (row: Row, names: Map<string, string>) => Promise<R>;
  /** The values of the fields a create may leave out (CreateBody's optional ones). */
  defaults?: Partial<F>;
  /** Fields cleaned as they are stored (trimmed names). */
  clean?: (fields: F) => F;
  /**
   * Before a create, an update or a restore (of record `id`, `restoring` then): the references
   * exist, the rules hold (4xx otherwise). On a restore `before` is null, so a rule on a value
   * that must stay unique among live records is checked again.
   */
  check?: (fields: F, before: F | null, id: string, restoring: boolean) => Promise<void>;
  /**
   * After a create or an update, in the write's transaction: what the kind keeps beside its row
   * (a template's revision at `version`, a search text over joined rows).
   */
  written?: (id: string, version: number, fields: F) => Promise<void>;
  /** Before a delete: why it may not be deleted, if it may not (the key of a 409). */
  inUse?: (row: Row) => string | null;
  /**
   * Searched text of a row: an SQL expression over `t` folded by the store for each row (default
   * `t.name`: a small kind), or, for a large one, `folded`, a stored column already folded (a
   * generated `vigie_fold(…)`, indexed with trigrams where pg_trgm is installed) and `or`, more
   * matches given the folded pattern's SQL (a contact found by its company's name).
   */
  search?: string | { folded: string; or?: (pattern: string) => string };
  /** List filters by query parameter. */
  filters?: Readonly<Record<string, KindFilter>>;
  /** More list conditions from the query (a date window, "documents expiring"): SQL over `t`, pushing its values to `params`. */
  where?: (query: KindListQuery, params: unknown[]) => string[];
  /** The 400 key of an invalid filter value. */
  invalidFilter?: string;
  /** The attachments' module name of the kind's records that take files: a record read alone carries them as `files`. */
  attachments?: string;
}

/** The fields of a create body (its `id` apart). */
export function splitCreate<C extends { id: string }>(body: C): { id: string; fields: Omit<C, 'id'> } {
  const { id, ...fields } = body;
  return { id, fields };
}

/**
 * The lists' filtered counts, kept a few seconds per district and list query (CountCache): the
 * pages of one list share one count instead of counting every row again for each page. Any
 * write announced in the district drops its counts (a district's id is unique across clients);
 * another server's write shows within CountCache.TTL_MS.
 */
const PAGE_COUNTS = new CountCache();
onRecordChanged((_clientDb, districtId) => PAGE_COUNTS.invalidate('', districtId));


/** Trimmed name: the usual `clean` of a named kind. */
export const trimmedName = <F extends { name: string }>(fields: F): F => ({ ...fields, name: fields.name.trim() });

/** The records of every kind in one scope (a session's district, or the transaction of a write). */
export class RecordStore {
  constructor(readonly scope: RecordScope) {}

  private async rowOr404<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, lock = false): Promise<Row> {
    const { rows } = await this.scope.db.query<Row>(`${kind.select} where t.id = $1 and t.district_id = $2${lock ? ' for update of t' : ''}`, [id, this.scope.districtId]);
    if (!rows[0]) throw ApiError.notFound(kind.notFound);
    return rows[0];
  }

  private async one<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, row: Row): Promise<R> {
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by, ...(kind.actors?.(row) ?? [])]);
    if (kind.readOne) return kind.readOne(row, names);
    const record = kind.toRecord(row, names);
    if (!kind.attachments) return record;
    return { ...record, files: await listRecordAttachments(this.scope.db, this.scope.districtId, kind.attachments, row.id) };
  }

  /** The rows of `select` as records, their actors named. */
  async records<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, rows: Row[]): Promise<R[]> {
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.updated_by, ...(kind.actors?.(r) ?? [])]));
    return rows.map((row) => kind.toRecord(row, names));
  }

  async get<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<R> {
    return this.one(kind, await this.rowOr404(kind, id));
  }

  async history<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(kind, id);
    return readHistory(this.scope, kind.module, id);
  }

  /** The deleted records are for the kind's managers, who may restore them (403 `forbiddenKey` otherwise). */
  static deletedFilter(deleted: 'true' | 'false' | undefined, manage: boolean, forbiddenKey: string): string {
    if (deleted !== 'true') return 't.deleted_at is null';
    if (!manage) throw ApiError.forbidden(forbiddenKey);
    return 't.deleted_at is not null';
  }

  /** Every record of a small kind (layers, categories, trades), in `order`. */
  async all<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, order: string, deletedFilter: string): Promise<R[]> {
    const { rows } = await this.scope.db.query<Row>(`${kind.select} where t.district_id = $1 and ${deletedFilter} order by ${order}`, [this.scope.districtId]);
    return this.records(kind, rows);
  }

  /** A page of a large kind by folded name (`select` reads `vigie_fold(t.name) as sort_value`), with its search and filters. */
  async page<Row extends RecordMetaRow & { sort_value: string }, F extends object, R>(kind: RecordKind<Row, F, R>, query: KindListQuery, deletedFilter: string): Promise<Page<R>> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const params: unknown[] = [this.scope.districtId];
    const where = ['t.district_id = $1', deletedFilter];
    for (const [name, filter] of Object.entries(kind.filters ?? {})) {
      const text = query[name];
      if (text === undefined || typeof text !== 'string') continue;
      const valid = filter.type === 'uuid' ? (v: string) => isUuid(v) : (v: string) => filter.values === undefined || filter.values.includes(v);
      const values = filterValues(text, name, valid, kind.invalidFilter ?? 'validation.invalid_filter');
      if (!values) continue;
      params.push(values);
      where.push(filter.match === 'overlaps' ? `${filter.column} && $${params.length}::${filter.type}[]` : `${filter.column} = any($${params.length}::${filter.type}[])`);
    }
    where.push(...(kind.where?.(query, params) ?? []));
    const search = query.search?.trim();
    if (search) {
      params.push(containsPattern(search));
      const pattern = `vigie_fold($${params.length})`;
      const by = kind.search;
      where.push(typeof by === 'object' ? `(${by.folded} like ${pattern}${by.or ? ` or ${by.or(pattern)}` : ''})` : `vigie_fold(${by ?? 't.name'}) like ${pattern}`);
    }
    const { rows, nextCursor, total } = await namePage<Row>(
      this.scope.db,
      { select: kind.select, table: kind.table, where, params, cursor: query.cursor, limit },
      { cache: PAGE_COUNTS, districtId: this.scope.districtId },
    );
    return { items: await this.records(kind, rows), nextCursor, total };
  }

  async create<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, given: F): Promise<R> {
    const raw = { ...kind.defaults, ...given };
    const fields = kind.clean ? kind.clean(raw) : raw;
    await kind.check?.(fields, null, id, false);
    const columns = Object.entries(kind.columns(fields, null));
    const names = columns.map(([column]) => column);
    const values = columns.map(([, value]) => value);
    const { rows } = await this.scope.db.query(
      `insert into ${kind.table} (id, district_id, ${names.join(', ')}, created_by, updated_by)
       values ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')}, $${names.length + 3}, $${names.length + 3})
       on conflict (id) do nothing returning id`,
      [id, this.scope.districtId, ...values, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await kind.written?.(id, 1, fields);
    await writeHistory(this.scope, { module: kind.module, recordId: id, version: 1, action: 'create', changes: creationChanges(kind, fields) });
    return this.get(kind, id);
  }

  async update<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, body: { baseVersion: number; changes: Partial<F> }): Promise<R> {
    const row = await this.rowOr404(kind, id, true);
    await requireEditable(row, body.baseVersion, () => this.one(kind, row));
    const before = kind.fieldsOf(row);
    const asked = Object.fromEntries(Object.entries(body.changes).filter(([, value]) => value !== undefined)) as Partial<F>;
    const merged = { ...before, ...asked };
    const next = kind.clean ? kind.clean(merged) : merged;
    const changes = changesBetween(before, next, kind.historyFields);
    if (changes.length === 0) return this.one(kind, row);
    await kind.check?.(next, before, id, false);
    const columns = Object.entries(kind.columns(next, before));
    await writeVersion(this.scope, { table: kind.table, module: kind.module, id, version: row.version }, changes, {
      set: columns.map(([column], i) => `${column} = $${i + 4}`).join(', '),
      values: columns.map(([, value]) => value),
    });
    await kind.written?.(id, row.version + 1, next);
    return this.get(kind, id);
  }

  async setDeleted<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, id: string, baseVersion: number, deleted: boolean): Promise<R> {
    const row = await this.rowOr404(kind, id, true);
    if (deleted && row.version === baseVersion && row.deleted_at === null) {
      const reason = kind.inUse?.(row);
      if (reason) throw new ApiError(409, { message: reason });
    }
    if (!deleted && row.deleted_at !== null) await kind.check?.(kind.fieldsOf(row), null, id, true);
    await setRecordDeleted(
      this.scope,
      { table: kind.table, module: kind.module, id, version: row.version, deletedAt: row.deleted_at, current: () => this.one(kind, row) },
      baseVersion,
      deleted,
    );
    return this.get(kind, id);
  }

  /** The creation entries of many records written at once (an import), one statement. */
  async creationHistories<Row extends RecordMetaRow, F extends object, R>(kind: RecordKind<Row, F, R>, records: (F & { id: string })[]): Promise<void> {
    const at = new Date().toISOString();
    await writeCreationHistories(this.scope.db, {
      module: kind.module,
      districtId: this.scope.districtId,
      actorId: this.scope.actor.id,
      ids: records.map((r) => r.id),
      changes: records.map((r) => JSON.stringify(creationChanges(kind, r))),
      at: records.map(() => at),
    });
  }
}

/** A creation's history: the fields given a value. */
function creationChanges<F extends object>(kind: { historyFields: readonly (keyof F & string)[] }, fields: F) {
  return changesBetween({} as F, fields, kind.historyFields).filter((c) => c.after !== null && c.after !== '');
}

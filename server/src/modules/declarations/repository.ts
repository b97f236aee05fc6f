/**
 * Every query of the Declarations module's tables (declaration_templates and their revisions,
 * declarations, declaration_comments), scoped to one district in one place: a repository is
 * built from the session (client database, district, acting account) and never takes a
 * district as an argument, so an id of another district finds nothing (404). Writes check the
 * version the caller started from (409 `record.version_conflict` with the current record),
 * bump it and record the changed fields in the history; deletion is reversible.
 *
 * Who may do what is decided here with the caller's `manager` flag (can(…, 'manage') from the
 * routes): a reader reports, comments, and edits its own declaration while it is new and
 * unassigned (docs/rights.md, "Own work"); a manager edits any, assigns, investigates, moves
 * the workflow forward. A closed declaration is locked: every write is a 423.
 */
import {
  STATUS_TRANSITIONS,
  type Comment,
  type CommentCreate,
  type Declaration,
  type DeclarationCreate,
  type DeclarationFields,
  type DeclarationListQuery,
  type DeclarationSort,
  type DeclarationSummary,
  type DeclarationUpdate,
  type FieldValues,
  type Severity,
  type Status,
  type StatusChange,
  type Template,
  type TemplateCreate,
  type TemplateField,
  type TemplateFields,
  type TemplateUpdate,
} from '../../../../common/modules/declarations/schemas.js';
import { LIST_LIMIT_DEFAULT, type Actor, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import { attachmentThumbnailUrl, listRecordAttachments, requireRecordAttachments } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, CountCache, decodeCursor, encodeCursor, filterValues, INVALID_CURSOR, PageCache, timeKey, type SortSpec } from '../_platform/list.js';
import { actorNames, actorOf, changesBetween, deletedRecord, districtMembers, type FieldChange, iso, readHistory, type RecordScope, requireLiveSite, requireMembers, versionConflict, writeHistory } from '../_platform/records.js';
import { appendLock, verifyLocks, type BrokenLock } from '../_platform/lock-chain.js';
import { checkTemplateFields, checkValues } from './values.js';

export const DECLARATIONS_MODULE = 'declarations';
/** The history's module name of templates. */
export const TEMPLATES_HISTORY = 'declaration_templates';

export const DECLARATION_NOT_FOUND = 'declarations.not_found';
export const TEMPLATE_NOT_FOUND = 'declarations.template_not_found';
export const SITE_NOT_FOUND = 'declarations.site_not_found';
export const LOCKED = 'declarations.locked';
export const INVALID_TRANSITION = 'declarations.invalid_transition';
export const NOT_YOURS = 'declarations.not_yours';
export const MANAGERS_ONLY = 'declarations.managers_only';
export const NOT_MEMBER = 'declarations.not_member';
export const INVALID_FILTER = 'declarations.invalid_filter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEVERITY_NAMES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];
const STATUS_NAMES: readonly Status[] = ['new', 'acknowledged', 'investigating', 'closed'];

// ---------------------------------------------------------------- rows

interface TemplateRow {
  id: string;
  district_id: string;
  name: string;
  icon: Template['icon'];
  default_severity: Severity;
  fields: TemplateField[];
  notify: string[];
  version: number;
  created_at: Date;
  created_by: string | null;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
}

interface DeclarationRow {
  id: string;
  district_id: string;
  template_id: string;
  template_version: number;
  template_name: string;
  template_icon: Template['icon'];
  template_fields: TemplateField[];
  site_id: string | null;
  site_name: string | null;
  position: DeclarationFields['position'];
  occurred_at: Date;
  captured_at: Date;
  severity: Severity;
  title: string;
  description: string;
  field_values: FieldValues;
  photos: string[];
  status: Status;
  assignee_id: string | null;
  cause: string;
  measures: string;
  locked_at: Date | null;
  version: number;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
}

const DECLARATION_COLUMNS = `d.id, d.district_id, d.template_id, d.template_version, v.name as template_name, v.icon as template_icon,
  v.fields as template_fields, d.site_id, s.name as site_name, d.position, d.occurred_at, d.captured_at, d.severity, d.title,
  d.description, d.field_values, d.photos, d.status, d.assignee_id, d.cause, d.measures, d.locked_at, d.version, d.created_at,
  d.created_by, d.updated_at, d.updated_by, d.deleted_at`;
const DECLARATION_FROM = `declarations d
  join declaration_template_versions v on v.template_id = d.template_id and v.version = d.template_version
  left join sites s on s.id = d.site_id`;

/** The fields of a declaration the history names, as the API names them. */
const HISTORY_FIELDS = ['siteId', 'position', 'occurredAt', 'severity', 'title', 'description', 'values', 'photos', 'assigneeId', 'cause', 'measures'] as const;
type Editable = DeclarationFields & { assigneeId: string | null; cause: string; measures: string };

const editableOf = (row: DeclarationRow): Editable => ({
  siteId: row.site_id,
  position: row.position,
  occurredAt: iso(row.occurred_at),
  severity: row.severity,
  title: row.title,
  description: row.description,
  values: row.field_values,
  photos: row.photos,
  assigneeId: row.assignee_id,
  cause: row.cause,
  measures: row.measures,
});

const TEMPLATE_FIELD_NAMES = ['name', 'icon', 'defaultSeverity', 'fields', 'notify'] as const;
const templateFieldsOf = (row: Pick<TemplateRow, 'name' | 'icon' | 'default_severity' | 'fields' | 'notify'>): TemplateFields => ({
  name: row.name,
  icon: row.icon,
  defaultSeverity: row.default_severity,
  fields: row.fields,
  notify: row.notify,
});

// ---------------------------------------------------------------- sorts

const SORTS: Record<'occurredAt' | 'severity' | 'title' | 'updatedAt', SortSpec> = {
  occurredAt: timeKey('d.occurred_at'),
  severity: { column: 'd.severity_rank', value: 'd.severity_rank::text', bound: (param) => `${param}::smallint`, valid: (v) => /^[1-4]$/.test(v) },
  title: { column: 'd.title_key', value: 'd.title_key', bound: (param) => `${param}::text`, valid: () => true },
  updatedAt: timeKey('d.updated_at'),
};

/** A comma-separated filter's values (the platform's check, this module's 400). */
const several = (text: string | undefined, name: string, valid: (v: string) => boolean) => filterValues(text, name, valid, INVALID_FILTER);

/** The list's WHERE clause of a query (search and filters), with its parameters after the district's. */
export function listFilter(districtId: string, query: DeclarationListQuery): { where: string[]; params: unknown[] } {
  const params: unknown[] = [districtId];
  const where = ['d.district_id = $1', 'd.deleted_at is null'];
  const add = (sql: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const templates = several(query.template, 'template', (v) => UUID.test(v));
  if (templates) add((p) => `d.template_id = any(${p}::uuid[])`, templates);
  const sites = several(query.site, 'site', (v) => UUID.test(v));
  if (sites) add((p) => `d.site_id = any(${p}::uuid[])`, sites);
  const severities = several(query.severity, 'severity', (v) => (SEVERITY_NAMES as readonly string[]).includes(v));
  if (severities) add((p) => `d.severity = any(${p}::text[])`, severities);
  const statuses = several(query.status, 'status', (v) => (STATUS_NAMES as readonly string[]).includes(v));
  if (statuses) add((p) => `d.status = any(${p}::text[])`, statuses);
  if (query.author) add((p) => `d.created_by = ${p}::uuid`, query.author);
  if (query.assignee) add((p) => `d.assignee_id = ${p}::uuid`, query.assignee);
  if (query.from) add((p) => `d.occurred_at >= ${p}::timestamptz`, query.from);
  if (query.to) add((p) => `d.occurred_at < ${p}::timestamptz`, query.to);
  const search = query.search?.trim();
  if (search) add((p) => `d.search_text like vigie_fold(${p})`, containsPattern(search));
  return { where, params };
}

/** What the routes keep between requests (per server): counts, and on the embedded database the list pages. */
export interface DeclarationsCaches {
  counts: CountCache;
  pages: PageCache<Page<DeclarationSummary>> | null;
}

/** What a write tells the routes besides the record: who to notify once it is committed. */
export interface Notice {
  kind: 'created' | 'status' | 'assigned';
  declaration: Declaration;
  recipients: string[];
  /** For a status change: the step made and its reason. */
  status?: Status;
  reason?: string;
}

/**
 * What a closed declaration's lock covers (_platform/lock-chain.ts): its fields as stored, its
 * comments and the hashes of its files; null when it is gone. Changed afterwards, it no longer
 * matches the hash taken when it was closed.
 */
export async function lockedContent(db: Queryable, districtId: string, id: string): Promise<unknown> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select id, template_id, template_version, captured_at, site_id, position, occurred_at, severity, title, description, field_values, photos,
            status, assignee_id, cause, measures, locked_at, created_at, created_by
       from declarations where id = $1 and district_id = $2`,
    [id, districtId],
  );
  const row = rows[0];
  if (!row) return null;
  const { rows: comments } = await db.query('select id, text, created_at, created_by from declaration_comments where declaration_id = $1 order by created_at, id', [id]);
  const { rows: files } = await db.query('select id, sha256 from attachments where district_id = $1 and module = $2 and record_id = $3 order by id', [
    districtId,
    DECLARATIONS_MODULE,
    id,
  ]);
  return { ...row, comments, files };
}

export class DeclarationsRepository {
  private readonly db: RecordScope['db'];
  private readonly districtId: string;

  constructor(
    private readonly scope: RecordScope & { dbName: string },
    private readonly caches: DeclarationsCaches | null = null,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
  }

  // ================================================================ templates

  private async templateRow(id: string, lock = false): Promise<TemplateRow> {
    const { rows } = await this.db.query<TemplateRow>(
      `select * from declaration_templates where id = $1 and district_id = $2${lock ? ' for update' : ''}`,
      [id, this.districtId],
    );
    if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return rows[0];
  }

  private async toTemplate(row: TemplateRow, revision?: Pick<TemplateRow, 'name' | 'icon' | 'default_severity' | 'fields' | 'notify'> & { version: number }): Promise<Template> {
    const fields = templateFieldsOf(revision ?? row);
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by, ...fields.notify]);
    return {
      id: row.id,
      districtId: row.district_id,
      version: revision?.version ?? row.version,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      updatedAt: iso(row.updated_at),
      updatedBy: actorOf(names, row.updated_by),
      deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
      ...fields,
      notifyNames: fields.notify.map((id) => actorOf(names, id)),
    };
  }

  /** The district's live templates at their current revision, by name. */
  async listTemplates(deleted = false): Promise<Template[]> {
    const { rows } = await this.db.query<TemplateRow>(
      `select * from declaration_templates where district_id = $1 and deleted_at is ${deleted ? 'not ' : ''}null order by vigie_fold(name), id`,
      [this.districtId],
    );
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.updated_by, ...r.notify]));
    return rows.map((row) => ({
      id: row.id,
      districtId: row.district_id,
      version: row.version,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      updatedAt: iso(row.updated_at),
      updatedBy: actorOf(names, row.updated_by),
      deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
      ...templateFieldsOf(row),
      notifyNames: row.notify.map((id) => actorOf(names, id)),
    }));
  }

  /** A template at its current revision, or at revision `version` (404 when it has none such). */
  async getTemplate(id: string, version?: number): Promise<Template> {
    const row = await this.templateRow(id);
    if (version === undefined || version === row.version) return this.toTemplate(row);
    const { rows } = await this.db.query<TemplateRow>('select * from declaration_template_versions where template_id = $1 and version = $2', [id, version]);
    if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return this.toTemplate(row, rows[0]);
  }

  async templateHistory(id: string): Promise<HistoryEntry[]> {
    await this.templateRow(id);
    return readHistory(this.scope, TEMPLATES_HISTORY, id);
  }

  /**
   * The district's members, by name (their e-mail): whom a template may name to be told and a
   * declaration may be assigned to (the managers' pickers).
   */
  async members(): Promise<Actor[]> {
    return districtMembers(this.scope);
  }

  /** The members of the district among `ids`; 400 when one is not. */
  private checkMembers(ids: readonly string[], what: string): Promise<void> {
    return requireMembers(this.db, this.districtId, ids, NOT_MEMBER, what);
  }

  private async writeRevision(id: string, version: number, fields: TemplateFields): Promise<void> {
    await this.db.query(
      `insert into declaration_template_versions (template_id, version, name, icon, default_severity, fields, notify, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, version, fields.name, fields.icon, fields.defaultSeverity, JSON.stringify(fields.fields), fields.notify, this.scope.actor.id],
    );
  }

  private normalise(fields: TemplateFields): TemplateFields {
    return { ...fields, name: fields.name.trim(), notify: [...new Set(fields.notify.map((id) => id.toLowerCase()))] };
  }

  async createTemplate(body: TemplateCreate): Promise<Template> {
    const { id, ...raw } = body;
    const fields = this.normalise(raw);
    checkTemplateFields(fields.fields);
    await this.checkMembers(fields.notify, 'notify');
    const { rows } = await this.db.query(
      `insert into declaration_templates (id, district_id, name, icon, default_severity, fields, notify, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) on conflict (id) do nothing returning id`,
      [id, this.districtId, fields.name, fields.icon, fields.defaultSeverity, JSON.stringify(fields.fields), fields.notify, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await this.writeRevision(id, 1, fields);
    const changes = changesBetween({} as TemplateFields, fields, TEMPLATE_FIELD_NAMES);
    await writeHistory(this.scope, { module: TEMPLATES_HISTORY, recordId: id, version: 1, action: 'create', changes });
    return this.getTemplate(id);
  }

  /** A new revision: declarations made on the older ones keep theirs. */
  async updateTemplate(id: string, body: TemplateUpdate): Promise<Template> {
    const row = await this.templateRow(id, true);
    if (row.version !== body.baseVersion) throw versionConflict(await this.toTemplate(row));
    if (row.deleted_at) throw deletedRecord(await this.toTemplate(row));
    const before = templateFieldsOf(row);
    const next = this.normalise({ ...before, ...body.changes });
    const changes = changesBetween(before, next, TEMPLATE_FIELD_NAMES);
    if (changes.length === 0) return this.toTemplate(row);
    checkTemplateFields(next.fields);
    await this.checkMembers(next.notify, 'notify');
    const version = row.version + 1;
    await this.db.query(
      `update declaration_templates set name = $3, icon = $4, default_severity = $5, fields = $6, notify = $7,
              version = $8, updated_at = now(), updated_by = $9
        where id = $1 and district_id = $2`,
      [id, this.districtId, next.name, next.icon, next.defaultSeverity, JSON.stringify(next.fields), next.notify, version, this.scope.actor.id],
    );
    await this.writeRevision(id, version, next);
    await writeHistory(this.scope, { module: TEMPLATES_HISTORY, recordId: id, version, action: 'update', changes });
    return this.getTemplate(id);
  }

  /**
   * Deleted (no new declaration offers it) or restored. Like every write it makes a version, so
   * a revision (the same fields) is kept under it too: a template's version always names one.
   */
  async setTemplateDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Template> {
    const row = await this.templateRow(id, true);
    if (row.version !== baseVersion) throw versionConflict(await this.toTemplate(row));
    if ((row.deleted_at !== null) === deleted) {
      if (deleted) throw deletedRecord(await this.toTemplate(row));
      return this.toTemplate(row);
    }
    const version = row.version + 1;
    const { rows } = await this.db.query<{ deleted_at: Date | null }>(
      `update declaration_templates set deleted_at = ${deleted ? 'now()' : 'null'}, version = $3, updated_at = now(), updated_by = $4
        where id = $1 and district_id = $2 returning deleted_at`,
      [id, this.districtId, version, this.scope.actor.id],
    );
    await this.writeRevision(id, version, templateFieldsOf(row));
    await writeHistory(this.scope, {
      module: TEMPLATES_HISTORY,
      recordId: id,
      version,
      action: deleted ? 'delete' : 'restore',
      changes: [{ field: 'deletedAt', before: row.deleted_at ? iso(row.deleted_at) : null, after: rows[0]!.deleted_at ? iso(rows[0]!.deleted_at) : null }],
    });
    return this.getTemplate(id);
  }

  // ================================================================ declarations: reads

  async list(query: DeclarationListQuery & { limit?: number }): Promise<Page<DeclarationSummary>> {
    const pages = this.caches?.pages;
    if (!pages) return this.readPage(query);
    const key = JSON.stringify([
      query.sort ?? '-occurredAt',
      query.template ?? null,
      query.site ?? null,
      query.severity ?? null,
      query.status ?? null,
      query.author ?? null,
      query.assignee ?? null,
      query.from ?? null,
      query.to ?? null,
      query.search?.trim() ?? null,
      query.cursor ?? null,
      query.limit ?? LIST_LIMIT_DEFAULT,
    ]);
    const cached = pages.get(this.scope.dbName, this.districtId, key);
    if (cached) return cached;
    const generation = pages.generation(this.scope.dbName, this.districtId);
    const page = await this.readPage(query);
    pages.set(this.scope.dbName, this.districtId, key, page, generation);
    return page;
  }

  private async readPage(query: DeclarationListQuery & { limit?: number }): Promise<Page<DeclarationSummary>> {
    const sort: DeclarationSort = query.sort ?? '-occurredAt';
    const desc = sort.startsWith('-');
    const spec = SORTS[(desc ? sort.slice(1) : sort) as keyof typeof SORTS];
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const { where, params } = listFilter(this.districtId, query);
    const filtered = where.join(' and ');
    const filterParams = params.length;
    const pageWhere = [...where];
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, sort);
      if (!spec.valid(cursor.value)) throw ApiError.badRequest(INVALID_CURSOR);
      params.push(cursor.value, cursor.id);
      pageWhere.push(`(${spec.column}, d.id) ${desc ? '<' : '>'} (${spec.bound(`$${params.length - 1}`)}, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const direction = desc ? 'desc' : 'asc';
    const countKey = JSON.stringify(params.slice(1, filterParams));
    const cachedTotal = this.counts()?.get(this.scope.dbName, this.districtId, countKey);
    const { rows } = await this.db.query<DeclarationRow & { sort_value: string; total: number | null }>(
      `select d.id, d.title, d.template_id, t.name as template_name, t.icon as template_icon, d.site_id, s.name as site_name, d.severity,
              d.status, d.occurred_at, d.created_by, d.assignee_id, d.photos, d.position, d.version, d.updated_at,
              ${spec.value} as sort_value,
              ${cachedTotal === undefined ? `(select count(*) from declarations d where ${filtered})::int` : 'null::int'} as total
         from declarations d
         join declaration_templates t on t.id = d.template_id
         left join sites s on s.id = d.site_id
        where ${pageWhere.join(' and ')}
        order by ${spec.column} ${direction}, d.id ${direction}
        limit $${params.length}`,
      params,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    let total = cachedTotal ?? rows[0]?.total ?? undefined;
    if (total === undefined || total === null) {
      const counted = await this.db.query<{ total: number }>(`select count(*)::int as total from declarations d where ${filtered}`, params.slice(0, filterParams));
      total = counted.rows[0]?.total ?? 0;
    }
    if (cachedTotal === undefined) this.counts()?.set(this.scope.dbName, this.districtId, countKey, total);
    const names = await actorNames(this.scope.control, page.flatMap((r) => [r.created_by, r.assignee_id]));
    const last = page[page.length - 1];
    return {
      items: page.map((row) => summaryOf(row, names)),
      nextCursor: more && last ? encodeCursor(sort, last.sort_value, last.id) : null,
      total,
    };
  }

  private counts(): CountCache | null {
    return this.caches?.counts ?? null;
  }

  /** Every row of a filtered list in its sort order, for the CSV export (at most `max`). */
  async exportRows(query: DeclarationListQuery, max: number): Promise<(DeclarationSummary & { description: string; templateVersion: number })[]> {
    const sort: DeclarationSort = query.sort ?? '-occurredAt';
    const desc = sort.startsWith('-');
    const spec = SORTS[(desc ? sort.slice(1) : sort) as keyof typeof SORTS];
    const { where, params } = listFilter(this.districtId, query);
    params.push(max);
    const direction = desc ? 'desc' : 'asc';
    const { rows } = await this.db.query<DeclarationRow>(
      `select d.id, d.title, d.description, d.template_id, d.template_version, t.name as template_name, t.icon as template_icon, d.site_id,
              s.name as site_name, d.severity, d.status, d.occurred_at, d.created_by, d.assignee_id, d.photos, d.position, d.version, d.updated_at
         from declarations d
         join declaration_templates t on t.id = d.template_id
         left join sites s on s.id = d.site_id
        where ${where.join(' and ')}
        order by ${spec.column} ${direction}, d.id ${direction}
        limit $${params.length}`,
      params,
    );
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.assignee_id]));
    return rows.map((row) => ({ ...summaryOf(row, names), description: row.description, templateVersion: row.template_version }));
  }

  private async row(id: string, lock = false): Promise<DeclarationRow | null> {
    const { rows } = await this.db.query<DeclarationRow>(
      `select ${DECLARATION_COLUMNS} from ${DECLARATION_FROM} where d.id = $1 and d.district_id = $2${lock ? ' for update of d' : ''}`,
      [id, this.districtId],
    );
    return rows[0] ?? null;
  }

  private async rowOr404(id: string, lock = false): Promise<DeclarationRow> {
    const row = await this.row(id, lock);
    if (!row) throw ApiError.notFound(DECLARATION_NOT_FOUND);
    return row;
  }

  private async toDeclaration(row: DeclarationRow): Promise<Declaration> {
    const [{ rows: comments }, attachments] = await Promise.all([
      this.db.query<{ id: string; text: string; created_at: Date; created_by: string }>(
        'select id, text, created_at, created_by from declaration_comments where declaration_id = $1 order by created_at, id',
        [row.id],
      ),
      listRecordAttachments(this.db, this.districtId, DECLARATIONS_MODULE, row.id),
    ]);
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by, row.assignee_id, ...comments.map((c) => c.created_by)]);
    return {
      id: row.id,
      districtId: row.district_id,
      version: row.version,
      createdAt: iso(row.created_at),
      createdBy: actorOf(names, row.created_by),
      updatedAt: iso(row.updated_at),
      updatedBy: actorOf(names, row.updated_by),
      deletedAt: row.deleted_at ? iso(row.deleted_at) : null,
      siteId: row.site_id,
      position: row.position,
      occurredAt: iso(row.occurred_at),
      severity: row.severity,
      title: row.title,
      description: row.description,
      values: row.field_values,
      photos: row.photos,
      templateId: row.template_id,
      templateVersion: row.template_version,
      template: { name: row.template_name, icon: row.template_icon, fields: row.template_fields },
      capturedAt: iso(row.captured_at),
      siteName: row.site_name,
      status: row.status,
      assignee: row.assignee_id ? actorOf(names, row.assignee_id) : null,
      cause: row.cause,
      measures: row.measures,
      lockedAt: row.locked_at ? iso(row.locked_at) : null,
      comments: comments.map((c): Comment => ({ id: c.id, text: c.text, at: iso(c.created_at), by: actorOf(names, c.created_by) })),
      attachments,
      actionIds: [],
    };
  }

  /** A declaration of the district, deleted or not; 404 otherwise. */
  async get(id: string): Promise<Declaration> {
    return this.toDeclaration(await this.rowOr404(id));
  }

  async history(id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(id);
    return readHistory(this.scope, DECLARATIONS_MODULE, id);
  }

  // ================================================================ declarations: writes

  /** A live site of the district, or 404 (another district's site is not found). */
  private checkSite(siteId: string | null | undefined): Promise<void> {
    return requireLiveSite(this.db, this.districtId, siteId, SITE_NOT_FOUND);
  }

  /** The attachment ids a declaration names (its photos, its photo and signature fields) must be its own files. */
  private checkAttachments(declarationId: string, ids: readonly string[], field: string): Promise<void> {
    return requireRecordAttachments(this.db, { districtId: this.districtId, module: DECLARATIONS_MODULE, recordId: declarationId }, ids, field);
  }

  private async checkContent(declarationId: string, fields: readonly TemplateField[], values: FieldValues, photos: readonly string[]): Promise<void> {
    const named = checkValues(fields, values);
    await this.checkAttachments(declarationId, named, 'values');
    await this.checkAttachments(declarationId, photos, 'photos');
  }

  private async updateSearch(id: string): Promise<void> {
    await this.db.query(
      `update declarations d set search_text = vigie_fold(d.title || ' ' || d.description || ' ' || coalesce((select s.name from sites s where s.id = d.site_id), ''))
        where d.id = $1`,
      [id],
    );
  }

  /** A report (any reader may make one): validated against the named template revision. */
  async create(body: DeclarationCreate): Promise<{ declaration: Declaration; notice: Notice }> {
    const { rows: revisions } = await this.db.query<{ fields: TemplateField[]; notify: string[] }>(
      `select v.fields, v.notify from declaration_template_versions v join declaration_templates t on t.id = v.template_id
        where v.template_id = $1 and v.version = $2 and t.district_id = $3`,
      [body.templateId, body.templateVersion, this.districtId],
    );
    // A form filled offline on an older revision, or on a template deleted since, is still
    // taken: what was seen in the field is not thrown away.
    const revision = revisions[0];
    if (!revision) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    await this.checkSite(body.siteId);
    const photos = body.photos.map((id) => id.toLowerCase());
    await this.checkContent(body.id, revision.fields, body.values, photos);
    const title = body.title.trim();
    const { rows } = await this.db.query(
      `insert into declarations (id, district_id, template_id, template_version, site_id, position, occurred_at, captured_at, severity,
                                 title, description, field_values, photos, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) on conflict (id) do nothing returning id`,
      [
        body.id,
        this.districtId,
        body.templateId,
        body.templateVersion,
        body.siteId,
        body.position === null ? null : JSON.stringify(body.position),
        body.occurredAt,
        body.capturedAt,
        body.severity,
        title,
        body.description,
        JSON.stringify(body.values),
        photos,
        this.scope.actor.id,
      ],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await this.updateSearch(body.id);
    const created: Partial<Editable> = {
      siteId: body.siteId,
      position: body.position,
      occurredAt: new Date(body.occurredAt).toISOString(),
      severity: body.severity,
      title,
      description: body.description,
      values: body.values,
      photos,
    };
    const changes = changesBetween({} as Editable, created, HISTORY_FIELDS).filter((c) => c.after !== null && c.after !== '');
    changes.unshift({ field: 'template', before: null, after: { id: body.templateId, version: body.templateVersion } });
    await writeHistory(this.scope, { module: DECLARATIONS_MODULE, recordId: body.id, version: 1, action: 'create', changes });
    const declaration = await this.get(body.id);
    const recipients = revision.notify.filter((id) => id !== this.scope.actor.id);
    return { declaration, notice: { kind: 'created', declaration, recipients } };
  }

  /** The locked live row at `baseVersion`: 404, 409 (stale or deleted) or 423 (closed) otherwise. */
  private async writable(id: string, baseVersion: number): Promise<DeclarationRow> {
    const row = await this.rowOr404(id, true);
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    if (row.version !== baseVersion) throw versionConflict(await this.toDeclaration(row));
    if (row.deleted_at) throw deletedRecord(await this.toDeclaration(row));
    return row;
  }

  /** The author's own while new and unassigned; a manager's always (until closed). */
  private ownOrManaged(row: DeclarationRow, manager: boolean): void {
    if (manager) return;
    if (row.created_by !== this.scope.actor.id || row.status !== 'new' || row.assignee_id !== null) throw ApiError.forbidden(NOT_YOURS);
  }

  /** An edit; the new assignee (when it is not the one who assigned) is told. */
  async update(id: string, body: DeclarationUpdate, manager: boolean): Promise<{ declaration: Declaration; notice: Notice | null }> {
    const row = await this.writable(id, body.baseVersion);
    this.ownOrManaged(row, manager);
    const asked = body.changes;
    if (!manager && (asked.assigneeId !== undefined || asked.cause !== undefined || asked.measures !== undefined)) throw ApiError.forbidden(MANAGERS_ONLY);
    const next: Partial<Editable> = {
      ...asked,
      ...(asked.title !== undefined ? { title: asked.title.trim() } : {}),
      ...(asked.occurredAt !== undefined ? { occurredAt: new Date(asked.occurredAt).toISOString() } : {}),
      ...(asked.photos !== undefined ? { photos: asked.photos.map((p) => p.toLowerCase()) } : {}),
      ...(asked.assigneeId ? { assigneeId: asked.assigneeId.toLowerCase() } : {}),
    };
    const before = editableOf(row);
    const changes = changesBetween(before, next, HISTORY_FIELDS);
    if (changes.length === 0) return { declaration: await this.toDeclaration(row), notice: null };
    const merged: Editable = { ...before, ...next };
    if ('siteId' in next && next.siteId !== row.site_id) await this.checkSite(next.siteId);
    if ('values' in next || 'photos' in next) await this.checkContent(id, row.template_fields, merged.values, merged.photos);
    if (next.assigneeId) await this.checkMembers([next.assigneeId], 'assigneeId');
    await this.db.query(
      `update declarations set site_id = $3, position = $4, occurred_at = $5, severity = $6, title = $7, description = $8, field_values = $9,
              photos = $10, assignee_id = $11, cause = $12, measures = $13, version = version + 1, updated_at = now(), updated_by = $14
        where id = $1 and district_id = $2`,
      [
        id,
        this.districtId,
        merged.siteId,
        merged.position === null ? null : JSON.stringify(merged.position),
        merged.occurredAt,
        merged.severity,
        merged.title,
        merged.description,
        JSON.stringify(merged.values),
        merged.photos,
        merged.assigneeId,
        merged.cause,
        merged.measures,
        this.scope.actor.id,
      ],
    );
    await this.updateSearch(id);
    await writeHistory(this.scope, { module: DECLARATIONS_MODULE, recordId: id, version: row.version + 1, action: 'update', changes });
    const declaration = await this.get(id);
    const assigned = merged.assigneeId !== null && merged.assigneeId !== before.assigneeId && merged.assigneeId !== this.scope.actor.id;
    return { declaration, notice: assigned ? { kind: 'assigned', declaration, recipients: [merged.assigneeId!] } : null };
  }

  /** Checks the district's chain of locked records (closed declarations, submitted inspections…). */
  verifyLocks(): Promise<{ checked: number; broken: BrokenLock[] }> {
    return verifyLocks(this.db, this.districtId);
  }

  /** One step forward of the workflow (managers), with its reason; closed locks the record. */
  async changeStatus(id: string, body: StatusChange): Promise<{ declaration: Declaration; notice: Notice | null }> {
    const row = await this.writable(id, body.baseVersion);
    if (!STATUS_TRANSITIONS[row.status].includes(body.status)) throw new ApiError(409, { message: INVALID_TRANSITION });
    const reason = body.reason.trim();
    const closing = body.status === 'closed';
    const { rows } = await this.db.query<{ locked_at: Date | null }>(
      `update declarations set status = $3, locked_at = case when $5 then now() end, version = version + 1, updated_at = now(), updated_by = $4
        where id = $1 and district_id = $2 returning locked_at`,
      [id, this.districtId, body.status, this.scope.actor.id, closing],
    );
    const changes: FieldChange[] = [
      { field: 'status', before: row.status, after: body.status },
      { field: 'reason', before: null, after: reason },
    ];
    if (closing) changes.push({ field: 'lockedAt', before: null, after: iso(rows[0]!.locked_at!) });
    await writeHistory(this.scope, { module: DECLARATIONS_MODULE, recordId: id, version: row.version + 1, action: 'update', changes });
    if (closing) await appendLock(this.db, { districtId: this.districtId, module: DECLARATIONS_MODULE, recordId: id, content: await lockedContent(this.db, this.districtId, id) });
    const declaration = await this.get(id);
    // The author is told, unless the author made the change.
    const notice: Notice | null =
      row.created_by === this.scope.actor.id ? null : { kind: 'status', declaration, recipients: [row.created_by], status: body.status, reason };
    return { declaration, notice };
  }

  /** A comment by anyone who may see the declaration, until it is closed: a write of the record. */
  async addComment(id: string, body: CommentCreate): Promise<Declaration> {
    const row = await this.rowOr404(id, true);
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    if (row.deleted_at) throw deletedRecord(await this.toDeclaration(row));
    const text = body.text.trim();
    const { rows } = await this.db.query(
      `insert into declaration_comments (id, declaration_id, district_id, text, created_by) values ($1, $2, $3, $4, $5) on conflict (id) do nothing returning id`,
      [body.id, id, this.districtId, text, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await this.db.query('update declarations set version = version + 1, updated_at = now(), updated_by = $3 where id = $1 and district_id = $2', [
      id,
      this.districtId,
      this.scope.actor.id,
    ]);
    await writeHistory(this.scope, { module: DECLARATIONS_MODULE, recordId: id, version: row.version + 1, action: 'update', changes: [{ field: 'comment', before: null, after: text }] });
    return this.get(id);
  }

  async remove(id: string, baseVersion: number): Promise<Declaration> {
    await this.writable(id, baseVersion);
    const { rows } = await this.db.query<{ deleted_at: Date }>(
      `update declarations set deleted_at = now(), version = version + 1, updated_at = now(), updated_by = $3 where id = $1 and district_id = $2 returning deleted_at`,
      [id, this.districtId, this.scope.actor.id],
    );
    await writeHistory(this.scope, {
      module: DECLARATIONS_MODULE,
      recordId: id,
      version: baseVersion + 1,
      action: 'delete',
      changes: [{ field: 'deletedAt', before: null, after: iso(rows[0]!.deleted_at) }],
    });
    return this.get(id);
  }

  async restore(id: string, baseVersion: number): Promise<Declaration> {
    const row = await this.rowOr404(id, true);
    if (row.version !== baseVersion) throw versionConflict(await this.toDeclaration(row));
    if (!row.deleted_at) return this.toDeclaration(row);
    await this.db.query(`update declarations set deleted_at = null, version = version + 1, updated_at = now(), updated_by = $3 where id = $1 and district_id = $2`, [
      id,
      this.districtId,
      this.scope.actor.id,
    ]);
    await writeHistory(this.scope, {
      module: DECLARATIONS_MODULE,
      recordId: id,
      version: baseVersion + 1,
      action: 'restore',
      changes: [{ field: 'deletedAt', before: iso(row.deleted_at), after: null }],
    });
    return this.get(id);
  }
}

function summaryOf(
  row: Pick<
    DeclarationRow,
    'id' | 'title' | 'template_id' | 'template_name' | 'template_icon' | 'site_id' | 'site_name' | 'severity' | 'status' | 'occurred_at' | 'created_by' | 'assignee_id' | 'photos' | 'position' | 'version' | 'updated_at'
  >,
  names: Map<string, string>,
): DeclarationSummary {
  return {
    id: row.id,
    title: row.title,
    templateId: row.template_id,
    templateName: row.template_name,
    templateIcon: row.template_icon,
    siteId: row.site_id,
    siteName: row.site_name,
    severity: row.severity,
    status: row.status,
    occurredAt: iso(row.occurred_at),
    author: actorOf(names, row.created_by),
    assignee: row.assignee_id ? actorOf(names, row.assignee_id) : null,
    thumbnailUrl: row.photos[0] ? attachmentThumbnailUrl(row.photos[0]) : null,
    position: row.position ? { lat: row.position.lat, lng: row.position.lng } : null,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

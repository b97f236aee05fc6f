/**
 * Every query of the Declarations module's tables (declaration_templates and their revisions,
 * declarations, declaration_comments), scoped to one district in one place: a repository is
 * built from the session (client database, district, acting account) and never takes a
 * district as an argument, so an id of another district finds nothing (404). Templates and
 * declarations are kinds of the platform's record core (_platform/record-kind.ts: create with
 * the client's id, edits from a base version with a 409 `record.version_conflict`, the history,
 * reversible deletion); what is the module's own is here: a template's revisions, a
 * declaration checked against the revision its form was built from, its workflow, its comments,
 * its lock and its list.
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
import { LIST_LIMIT_DEFAULT, type Actor, type Attachment, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import { attachmentThumbnailUrl, listRecordAttachments, requireRecordAttachments } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, CountCache, decodeCursor, encodeCursor, filterValues, INVALID_CURSOR, PageCache, timeKey, type SortSpec } from '../_platform/list.js';
import { RecordStore, splitCreate, type RecordKind } from '../_platform/record-kind.js';
import {
  actorNames,
  actorOf,
  deletedRecord,
  districtMembers,
  iso,
  recordMetaOf,
  type RecordMetaRow,
  type RecordScope,
  requireEditable,
  requireLiveSite,
  requireMembers,
  writeVersion,
} from '../_platform/records.js';
import { appendLock, verifyLocks, type BrokenLock } from '../_platform/lock-chain.js';
import { checkTemplateFields, checkValues } from './values.js';
import { isUuid } from '../../../../common/uuid.js';

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

const SEVERITY_NAMES: readonly Severity[] = ['low', 'medium', 'high', 'critical'];
const STATUS_NAMES: readonly Status[] = ['new', 'acknowledged', 'investigating', 'closed'];

// ---------------------------------------------------------------- rows

/** A template's fields as a row (or a revision) stores them. */
type TemplateColumns = { name: string; icon: Template['icon']; default_severity: Severity; fields: TemplateField[]; notify: string[] };
type TemplateRow = RecordMetaRow & TemplateColumns;

interface DeclarationRow extends RecordMetaRow {
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
  created_by: string;
}

/** A declaration with its template revision's name, icon and fields and its site's name (alias `t`, as the record core reads it). */
const DECLARATION_SELECT = `select t.id, t.district_id, t.template_id, t.template_version, v.name as template_name, v.icon as template_icon,
  v.fields as template_fields, t.site_id, s.name as site_name, t.position, t.occurred_at, t.captured_at, t.severity, t.title,
  t.description, t.field_values, t.photos, t.status, t.assignee_id, t.cause, t.measures, t.locked_at, t.version, t.created_at,
  t.created_by, t.updated_at, t.updated_by, t.deleted_at
  from declarations t
  join declaration_template_versions v on v.template_id = t.template_id and v.version = t.template_version
  left join sites s on s.id = t.site_id`;

type Editable = DeclarationFields & { assigneeId: string | null; cause: string; measures: string };
/**
 * A declaration's fields as the record core writes them: the editable ones, the template
 * revision its form was built from (first in a creation's history) and, on a create only, the
 * device's capture time (kept as sent, never written again).
 */
type Written = Editable & { template: { id: string; version: number }; capturedAt?: string };

const declarationFieldsOf = (row: DeclarationRow): Written => ({
  template: { id: row.template_id, version: row.template_version },
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

type CommentRow = { id: string; text: string; created_at: Date; created_by: string };

/** A declaration as the API shows it, its people named from `names`. */
const declarationOf = (row: DeclarationRow, names: Map<string, string>, comments: CommentRow[], attachments: Attachment[]): Declaration => ({
  ...recordMetaOf(row, names),
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
});

const templateFieldsOf = (row: TemplateColumns): TemplateFields => ({
  name: row.name,
  icon: row.icon,
  defaultSeverity: row.default_severity,
  fields: row.fields,
  notify: row.notify,
});

/** A template as the API shows it, at its current revision, its people named from `names`. */
const templateOf = (row: TemplateRow, names: Map<string, string>): Template => ({
  ...recordMetaOf(row, names),
  ...templateFieldsOf(row),
  notifyNames: row.notify.map((id) => actorOf(names, id)),
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
  const templates = several(query.template, 'template', (v) => isUuid(v));
  if (templates) add((p) => `d.template_id = any(${p}::uuid[])`, templates);
  const sites = several(query.site, 'site', (v) => isUuid(v));
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
  private readonly store: RecordStore;

  constructor(
    private readonly scope: RecordScope & { dbName: string },
    private readonly caches: DeclarationsCaches | null = null,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
    this.store = new RecordStore(scope);
  }

  // ================================================================ templates

  /** Templates: every write is a new revision (declaration_template_versions), all kept. */
  readonly templates: RecordKind<TemplateRow, TemplateFields, Template> = {
    module: TEMPLATES_HISTORY,
    table: 'declaration_templates',
    notFound: TEMPLATE_NOT_FOUND,
    select: 'select t.* from declaration_templates t',
    historyFields: ['name', 'icon', 'defaultSeverity', 'fields', 'notify'],
    fieldsOf: templateFieldsOf,
    columns: (f) => ({ name: f.name, icon: f.icon, default_severity: f.defaultSeverity, fields: JSON.stringify(f.fields), notify: f.notify }),
    toRecord: templateOf,
    // The people told are named too.
    readOne: async (row) => templateOf(row, await actorNames(this.scope.control, [row.created_by, row.updated_by, ...row.notify])),
    clean: (f) => ({ ...f, name: f.name.trim(), notify: [...new Set(f.notify.map((id) => id.toLowerCase()))] }),
    check: async (f, _before, _id, restoring) => {
      if (restoring) return;
      checkTemplateFields(f.fields);
      await this.checkMembers(f.notify, 'notify');
    },
    written: (id, version, f) => this.writeRevision(id, version, f),
  };

  /** The district's live (or deleted) templates at their current revision, by name. */
  async listTemplates(deleted = false): Promise<Template[]> {
    const { rows } = await this.db.query<TemplateRow>(
      `${this.templates.select} where t.district_id = $1 and t.deleted_at is ${deleted ? 'not ' : ''}null order by vigie_fold(t.name), t.id`,
      [this.districtId],
    );
    const names = await actorNames(this.scope.control, rows.flatMap((r) => [r.created_by, r.updated_by, ...r.notify]));
    return rows.map((row) => templateOf(row, names));
  }

  /** A template at its current revision, or at revision `version` (404 when it has none such). */
  async getTemplate(id: string, version?: number): Promise<Template> {
    const current = await this.store.get(this.templates, id);
    if (version === undefined || version === current.version) return current;
    const { rows } = await this.db.query<TemplateColumns>('select * from declaration_template_versions where template_id = $1 and version = $2', [id, version]);
    const revision = rows[0];
    if (!revision) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    const names = await actorNames(this.scope.control, revision.notify);
    return { ...current, version, ...templateFieldsOf(revision), notifyNames: revision.notify.map((person) => actorOf(names, person)) };
  }

  templateHistory(id: string): Promise<HistoryEntry[]> {
    return this.store.history(this.templates, id);
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

  createTemplate(body: TemplateCreate): Promise<Template> {
    const { id, fields } = splitCreate(body);
    return this.store.create(this.templates, id, fields);
  }

  /** A new revision: declarations made on the older ones keep theirs. */
  updateTemplate(id: string, body: TemplateUpdate): Promise<Template> {
    return this.store.update(this.templates, id, body);
  }

  /**
   * Deleted (no new declaration offers it) or restored. Like every write it makes a version, so
   * a revision (the same fields) is kept under it too: a template's version always names one.
   */
  async setTemplateDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Template> {
    const template = await this.store.setDeleted(this.templates, id, baseVersion, deleted);
    if (template.version !== baseVersion) await this.writeRevision(id, template.version, template);
    return template;
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


  /**
   * Declarations: a create is checked against the template revision its form was built from
   * (taken even when older, or deleted since: what was seen in the field is not thrown away);
   * an edit's site, content and assignee checked when they change; the search text kept.
   */
  readonly declarations: RecordKind<DeclarationRow, Written, Declaration> = {
    module: DECLARATIONS_MODULE,
    table: 'declarations',
    notFound: DECLARATION_NOT_FOUND,
    select: DECLARATION_SELECT,
    historyFields: ['template', 'siteId', 'position', 'occurredAt', 'severity', 'title', 'description', 'values', 'photos', 'assigneeId', 'cause', 'measures'],
    fieldsOf: declarationFieldsOf,
    columns: (f) => ({
      template_id: f.template.id,
      template_version: f.template.version,
      ...(f.capturedAt === undefined ? {} : { captured_at: f.capturedAt }),
      site_id: f.siteId,
      position: f.position === null ? null : JSON.stringify(f.position),
      occurred_at: f.occurredAt,
      severity: f.severity,
      title: f.title,
      description: f.description,
      field_values: JSON.stringify(f.values),
      photos: f.photos,
      assignee_id: f.assigneeId,
      cause: f.cause,
      measures: f.measures,
    }),
    toRecord: (row, names) => declarationOf(row, names, [], []),
    // With its comments and files, everyone in it named.
    readOne: (row) => this.toDeclaration(row),
    defaults: { assigneeId: null, cause: '', measures: '' },
    clean: (f) => ({
      ...f,
      title: f.title.trim(),
      occurredAt: new Date(f.occurredAt).toISOString(),
      photos: f.photos.map((p) => p.toLowerCase()),
      assigneeId: f.assigneeId?.toLowerCase() ?? null,
    }),
    check: async (f, before, id, restoring) => {
      if (restoring) return;
      const content = before === null || JSON.stringify([before.values, before.photos]) !== JSON.stringify([f.values, f.photos]);
      const revision = content ? await this.revision(f.template) : null;
      if (f.siteId !== before?.siteId) await requireLiveSite(this.db, this.districtId, f.siteId, SITE_NOT_FOUND);
      if (revision) {
        // The attachment ids it names (its photos, its photo and signature fields) must be its own files.
        const scope = { districtId: this.districtId, module: DECLARATIONS_MODULE, recordId: id };
        await requireRecordAttachments(this.db, scope, checkValues(revision.fields, f.values), 'values');
        await requireRecordAttachments(this.db, scope, f.photos, 'photos');
      }
      if (f.assigneeId && f.assigneeId !== before?.assigneeId) await this.checkMembers([f.assigneeId], 'assigneeId');
    },
    // The list's search: title, description and the site's name, folded.
    written: async (id) => {
      await this.db.query(
        `update declarations d set search_text = vigie_fold(d.title || ' ' || d.description || ' ' || coalesce((select s.name from sites s where s.id = d.site_id), ''))
          where d.id = $1`,
        [id],
      );
    },
  };

  /** A template revision of the district (404 otherwise): what a declaration's form asked, and whom to tell. */
  private async revision(template: { id: string; version: number }): Promise<{ fields: TemplateField[]; notify: string[] }> {
    const { rows } = await this.db.query<{ fields: TemplateField[]; notify: string[] }>(
      `select v.fields, v.notify from declaration_template_versions v join declaration_templates t on t.id = v.template_id
        where v.template_id = $1 and v.version = $2 and t.district_id = $3`,
      [template.id, template.version, this.districtId],
    );
    if (!rows[0]) throw ApiError.notFound(TEMPLATE_NOT_FOUND);
    return rows[0];
  }

  /** The locked row (404 otherwise); 423 once closed. */
  private async open(id: string): Promise<DeclarationRow> {
    const { rows } = await this.db.query<DeclarationRow>(`${DECLARATION_SELECT} where t.id = $1 and t.district_id = $2 for update of t`, [id, this.districtId]);
    const row = rows[0];
    if (!row) throw ApiError.notFound(DECLARATION_NOT_FOUND);
    if (row.locked_at) throw new ApiError(423, { message: LOCKED });
    return row;
  }

  /** The locked live row at `baseVersion`: 404, 423 (closed) or 409 (stale or deleted) otherwise. */
  private async writable(id: string, baseVersion: number): Promise<DeclarationRow> {
    const row = await this.open(id);
    await requireEditable(row, baseVersion, () => this.toDeclaration(row));
    return row;
  }

  private async toDeclaration(row: DeclarationRow): Promise<Declaration> {
    const [{ rows: comments }, attachments] = await Promise.all([
      this.db.query<CommentRow>('select id, text, created_at, created_by from declaration_comments where declaration_id = $1 order by created_at, id', [row.id]),
      listRecordAttachments(this.db, this.districtId, DECLARATIONS_MODULE, row.id),
    ]);
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by, row.assignee_id, ...comments.map((c) => c.created_by)]);
    return declarationOf(row, names, comments, attachments);
  }

  /** A declaration of the district, deleted or not; 404 otherwise. */
  get(id: string): Promise<Declaration> {
    return this.store.get(this.declarations, id);
  }

  history(id: string): Promise<HistoryEntry[]> {
    return this.store.history(this.declarations, id);
  }

  // ================================================================ declarations: writes

  /** A report (any reader may make one): validated against the named template revision; its template's members are told. */
  async create(body: DeclarationCreate): Promise<{ declaration: Declaration; notice: Notice }> {
    const { id, fields } = splitCreate(body);
    const { templateId, templateVersion, ...rest } = fields;
    const declaration = await this.store.create(this.declarations, id, { ...rest, template: { id: templateId, version: templateVersion } } as Written);
    const recipients = (await this.revision({ id: templateId, version: templateVersion })).notify.filter((person) => person !== this.scope.actor.id);
    return { declaration, notice: { kind: 'created', declaration, recipients } };
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
    const declaration = await this.store.update(this.declarations, id, body);
    const assignee = declaration.assignee?.id ?? null;
    const assigned = assignee !== null && assignee !== row.assignee_id && assignee !== this.scope.actor.id;
    return { declaration, notice: assigned ? { kind: 'assigned', declaration, recipients: [assignee] } : null };
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
    await writeVersion<{ locked_at: Date | null }>(
      this.scope,
      { table: 'declarations', module: DECLARATIONS_MODULE, id, version: row.version },
      (written) => [
        { field: 'status', before: row.status, after: body.status },
        { field: 'reason', before: null, after: reason },
        ...(closing ? [{ field: 'lockedAt', before: null, after: iso(written.locked_at!) }] : []),
      ],
      { set: 'status = $4, locked_at = case when $5 then now() end', values: [body.status, closing], returning: 'locked_at' },
    );
    if (closing) await appendLock(this.db, { districtId: this.districtId, module: DECLARATIONS_MODULE, recordId: id, content: await lockedContent(this.db, this.districtId, id) });
    const declaration = await this.get(id);
    // The author is told, unless the author made the change.
    const notice: Notice | null =
      row.created_by === this.scope.actor.id ? null : { kind: 'status', declaration, recipients: [row.created_by], status: body.status, reason };
    return { declaration, notice };
  }

  /** A comment by anyone who may see the declaration, until it is closed: a write of the record. */
  async addComment(id: string, body: CommentCreate): Promise<Declaration> {
    const row = await this.open(id);
    if (row.deleted_at) throw deletedRecord(await this.toDeclaration(row));
    const text = body.text.trim();
    const { rows } = await this.db.query(
      `insert into declaration_comments (id, declaration_id, district_id, text, created_by) values ($1, $2, $3, $4, $5) on conflict (id) do nothing returning id`,
      [body.id, id, this.districtId, text, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    await writeVersion(this.scope, { table: 'declarations', module: DECLARATIONS_MODULE, id, version: row.version }, [{ field: 'comment', before: null, after: text }]);
    return this.get(id);
  }

  /** Deleted (managers; 423 once closed), reversibly. */
  async remove(id: string, baseVersion: number): Promise<Declaration> {
    await this.open(id);
    return this.store.setDeleted(this.declarations, id, baseVersion, true);
  }

  restore(id: string, baseVersion: number): Promise<Declaration> {
    return this.store.setDeleted(this.declarations, id, baseVersion, false);
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

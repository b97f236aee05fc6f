/**
 * Every query of the actions' tables (actions, action_comments; the plans are plans.ts, the
 * templates templates.ts), scoped to one district in one place: a repository is built from the
 * session (client database, district, acting account) and the caller's powers
 * (common/modules/actions/access.ts, the same `can()` the app asks), and never takes a
 * district as an argument.
 *
 * What the caller sees: a manager (a manage right of either manifest) every action of the
 * district; a member with a read right its own work only, the actions assigned to it or created
 * by it. Any other action is not found (404), like another district's. The plain writes (create,
 * edit, delete, restore) are the platform's record core's (_platform/record-kind.ts): an edit
 * checks the version the caller started from (409 `record.version_conflict` with the current
 * action), bumps it and records the changed fields in the history; deletion is reversible. A
 * status move and a comment are the action's own writes, versioned and in its history too; a
 * move is checked against the workflow (common/modules/actions/workflow.ts) and the status when
 * it arrives (no base version: docs/actions.md).
 */
import { randomUUID } from 'node:crypto';
import { actionPowers, type ActionPowers } from '../../../../common/modules/actions/access.js';
import {
  ACTION_REMIND_DAYS,
  ACTION_STATUSES,
  ACTIONS_MODULE,
  OPEN_STATUSES,
  PRIORITIES,
  type Action,
  type ActionCreate,
  type ActionFields,
  type ActionListQuery,
  type ActionSort,
  type ActionStatus,
  type ActionSummary,
  type ActionTransition,
  type ActionUpdate,
  type Comment,
  type CommentCreate,
  type Priority,
  type Source,
  type StatusChange,
} from '../../../../common/modules/actions/schemas.js';
import { canMove, missingProof, type WorkflowRole } from '../../../../common/modules/actions/workflow.js';
import type { FailedItem, Section } from '../../../../common/modules/questionnaires/schemas.js';
import type { ApiErrorBody } from '../../../../common/api-types.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import { listRecordAttachments } from '../../attachments/index.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, decodeCursor, encodeCursor, filterValues, INVALID_CURSOR } from '../_platform/list.js';
import { actorNames, actorOf, deletedRecord, type FieldChange, iso, isoOrNull, readHistory, recordMetaOf, type RecordMetaRow, type RecordScope, requireLiveRecord, requireLiveSite, requireMembers, writeVersion } from '../_platform/records.js';
import { addDays, districtToday, isRealDay } from '../_platform/dates.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import { isUuid } from '../../../../common/uuid.js';

export const ACTION_NOT_FOUND = 'actions.not_found';
export const SITE_NOT_FOUND = 'actions.site_not_found';
export const PLAN_NOT_FOUND = 'actions.plan_not_found';
export const TEMPLATE_NOT_FOUND = 'actions.template_not_found';
export const NOT_MEMBER = 'actions.not_member';
export const INVALID_FILTER = 'actions.invalid_filter';
export const INVALID_DATE = 'actions.invalid_date';
export const INVALID_SOURCE = 'actions.invalid_source';
export const TRANSITION_NOT_ALLOWED = 'actions.transition_not_allowed';
export const PROOF_REQUIRED = 'actions.proof_required';
export const OWN_WORK_ONLY = 'actions.own_work_only';
export const NOT_ASSIGNEE = 'actions.not_assignee';
export const MANAGERS_ONLY = 'actions.managers_only';


/** A YYYY-MM-DD the schema let through that is no real day (2026-02-30): 400 naming the field. */
export function checkDay(value: string | null | undefined, field: string): void {
  if (value !== null && value !== undefined && !isRealDay(value)) throw ApiError.badRequest(INVALID_DATE, field);
}

/** 409 of a status move the workflow refuses from the action's status now, with the current action. */
const transitionRefused = (current: Action): ApiError => new ApiError(409, { message: TRANSITION_NOT_ALLOWED, current } as ApiErrorBody);

// ---------------------------------------------------------------- rows

interface ActionRow extends RecordMetaRow {
  title: string;
  description: string;
  site_id: string | null;
  site_name: string | null;
  plan_id: string | null;
  plan_name: string | null;
  template_id: string | null;
  source_kind: Source['kind'] | null;
  source_id: string | null;
  source_question: string | null;
  source_label: string | null;
  assignee_id: string | null;
  due_on: string | null;
  priority: Priority;
  status: ActionStatus;
  proof_photo: boolean;
  proof_note: boolean;
  closing_note: string | null;
  done_at: Date | null;
  done_by: string | null;
  verified_at: Date | null;
  verified_by: string | null;
  status_changes: StoredStatusChange[];
  comment_count: number;
  photo_count: number;
  created_by: string;
}

interface CommentRow {
  id: string;
  text: string;
  at: Date;
  created_by: string;
}

/** An action's source as its row keeps it (its label is read with the row). */
interface StoredSource {
  kind: Source['kind'];
  id: string;
  question: string | null;
}

/** An action's fields as the record core writes them: the edited ones, and what its creation alone sets. */
type KindFields = ActionFields & { templateId: string | null; source: StoredSource | null };

interface StoredStatusChange {
  from: ActionStatus;
  to: ActionStatus;
  at: string;
  by: string;
  note: string | null;
}

/** The source's label: the declaration's title, or "<template name> — <question label>" of an inspection's failed item. */
const SOURCE_LABEL = `case t.source_kind
  when 'declaration' then (select d.title from declarations d where d.id = t.source_id)
  when 'inspection' then (
    select v.name || ' — ' || coalesce((select f->>'label' from jsonb_array_elements(i.failed_items) f where f->>'questionKey' = t.source_question limit 1), t.source_question)
      from inspections i join questionnaire_template_versions v on v.template_id = i.template_id and v.version = i.template_version
     where i.id = t.source_id)
  when 'equipment' then (select e.name from inventory_equipment e where e.id = t.source_id)
  end`;

/** The complete photos of an action (what its summary counts). */
const PHOTO_COUNT = `(select count(*)::int from attachments f
  where f.district_id = t.district_id and f.module = '${ACTIONS_MODULE}' and f.record_id = t.id and f.state = 'complete' and f.deleted_at is null and f.type like 'image/%')`;

const ACTION_COLUMNS = `t.id, t.district_id, t.title, t.description, t.site_id, s.name as site_name, t.plan_id, p.name as plan_name, t.template_id,
  t.source_kind, t.source_id, t.source_question, ${SOURCE_LABEL} as source_label, t.assignee_id, t.due_on::text as due_on, t.priority, t.status,
  t.proof_photo, t.proof_note, t.closing_note, t.done_at, t.done_by, t.verified_at, t.verified_by, t.status_changes, t.comment_count,
  ${PHOTO_COUNT} as photo_count, t.version, t.created_at, t.created_by, t.updated_at, t.updated_by, t.deleted_at`;
const ACTION_FROM = `actions t left join sites s on s.id = t.site_id left join action_plans p on p.id = t.plan_id`;

/** The fields of an action the history names, as the API names them. */
const HISTORY_FIELDS = ['title', 'description', 'siteId', 'planId', 'assigneeId', 'dueOn', 'priority', 'proof'] as const;

const fieldsOf = (row: ActionRow): ActionFields => ({
  title: row.title,
  description: row.description,
  siteId: row.site_id,
  planId: row.plan_id,
  assigneeId: row.assignee_id,
  dueOn: row.due_on,
  priority: row.priority,
  proof: { photo: row.proof_photo, note: row.proof_note },
});

const isOpen = (status: ActionStatus) => OPEN_STATUSES.includes(status);

// ---------------------------------------------------------------- sorts

/**
 * The list's orders as keysets: each key a SQL expression, its cursor text and its check; the
 * row's id ends every order. `default` is "my actions": the overdue first, then by due date.
 */
interface Key {
  sql: (today: string) => string;
  bound: (param: string) => string;
  valid: (v: string) => boolean;
}
const dayKey = (sql: string): Key => ({ sql: () => sql, bound: (p) => `${p}::date`, valid: isRealDay });
const intKey = (sql: (today: string) => string): Key => ({ sql, bound: (p) => `${p}::int`, valid: (v) => /^-?\d{1,3}$/.test(v) });
const timeKey = (column: string): Key => ({
  sql: () => `(extract(epoch from ${column}) * 1000000)::bigint`,
  bound: (p) => `${p}::bigint`,
  valid: (v) => /^-?\d{1,17}$/.test(v),
});
type SortName = ActionSort | 'default';
const SORTS: Record<SortName, { keys: Key[]; desc: boolean }> = {
  // Read as index ranges by defaultPage (the keys here give its cursor's form and check).
  default: {
    keys: [intKey((today) => `(case when t.is_open and t.due_key < date '${today}' then 0 else 1 end)`), dayKey('t.due_key')],
    desc: false,
  },
  dueOn: { keys: [dayKey('t.due_key')], desc: false },
  // Latest first, the ones without a due date last.
  '-dueOn': { keys: [intKey(() => '(case when t.due_on is null then 0 else 1 end)'), dayKey('t.due_key')], desc: true },
  // Critical first, then by due date.
  '-priority': { keys: [intKey(() => '(5 - t.priority_rank)'), dayKey('t.due_key')], desc: false },
  '-updatedAt': { keys: [timeKey('t.updated_at')], desc: true },
};

/** A comma-separated filter's values (the platform's check, this module's 400). */
const several = (text: string | undefined, name: string, valid: (v: string) => boolean) => filterValues(text, name, valid, INVALID_FILTER);

/** What the repository needs besides the scope: the caller's powers, and the district's today (overdue, due periods). */
export interface ActionsContext {
  powers: ActionPowers;
  today?: string;
}

export class ActionsRepository {
  private readonly db: Queryable;
  private readonly districtId: string;
  private readonly powers: ActionPowers;
  private readonly store: RecordStore;
  readonly today: string;

  constructor(
    private readonly scope: RecordScope,
    context: ActionsContext,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
    this.powers = context.powers;
    this.today = context.today ?? districtToday();
    this.store = new RecordStore(scope);
  }

  private get actor(): string {
    return this.scope.actor.id;
  }

  /**
   * What this repository's writes moved besides the action itself, for the route to tell once
   * committed: the plans whose progress may have changed (a plan's own `records:changed`), and
   * the assignees, before and after, whose workflow badge may have changed (their cached envelope).
   */
  readonly touched = { plans: new Set<string>(), assignees: new Set<string>() };

  private touch(...rows: { planId: string | null; assigneeId: string | null }[]): void {
    for (const row of rows) {
      if (row.planId !== null) this.touched.plans.add(row.planId);
      if (row.assigneeId !== null) this.touched.assignees.add(row.assigneeId);
    }
  }

  // ================================================================ reads

  /** The list's WHERE (visibility, search and filters), its parameters after the district's. */
  private filter(query: ActionListQuery): { where: string[]; params: unknown[] } {
    const params: unknown[] = [this.districtId];
    const where = ['t.district_id = $1'];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (query.deleted === 'true') {
      if (!this.powers.manage) throw ApiError.forbidden(MANAGERS_ONLY);
      where.push('t.deleted_at is not null');
    } else where.push('t.deleted_at is null');
    if (!this.powers.manage) add((p) => `(t.assignee_id = ${p}::uuid or t.created_by = ${p}::uuid)`, this.actor);
    const statuses = several(query.status, 'status', (v) => (ACTION_STATUSES as readonly string[]).includes(v));
    if (statuses) add((p) => `t.status = any(${p}::text[])`, statuses);
    const priorities = several(query.priority, 'priority', (v) => (PRIORITIES as readonly string[]).includes(v));
    if (priorities) add((p) => `t.priority = any(${p}::text[])`, priorities);
    if (query.assignee) add((p) => `t.assignee_id = ${p}::uuid`, query.assignee);
    if (query.mine === 'true') add((p) => `t.assignee_id = ${p}::uuid`, this.actor);
    const sites = several(query.site, 'site', (v) => isUuid(v));
    if (sites) add((p) => `t.site_id = any(${p}::uuid[])`, sites);
    const plans = several(query.plan, 'plan', (v) => isUuid(v));
    if (plans) add((p) => `t.plan_id = any(${p}::uuid[])`, plans);
    if (query.template) add((p) => `t.template_id = ${p}::uuid`, query.template);
    if (query.source === 'none') where.push('t.source_kind is null');
    else if (query.source) add((p) => `t.source_kind = ${p}`, query.source);
    if (query.sourceId) add((p) => `t.source_id = ${p}::uuid`, query.sourceId);
    checkDay(query.from, 'from');
    checkDay(query.to, 'to');
    if (query.from) add((p) => `t.due_on >= ${p}::date`, query.from);
    if (query.to) add((p) => `t.due_on <= ${p}::date`, query.to);
    const today = this.today;
    switch (query.due) {
      case 'overdue':
        add((p) => `t.status in ('todo', 'inProgress') and t.due_on < ${p}::date`, today);
        break;
      case 'today':
        add((p) => `t.due_on = ${p}::date`, today);
        break;
      // The next seven days (today included), the next thirty-one.
      case 'week':
      case 'month':
        add((p) => `t.due_on >= ${p}::date`, today);
        add((p) => `t.due_on <= ${p}::date`, addDays(today, query.due === 'week' ? 6 : 30));
        break;
      case 'none':
        where.push('t.due_on is null');
        break;
      default:
        break;
    }
    const search = query.search?.trim();
    if (search) add((p) => `t.search_text like vigie_fold(${p})`, containsPattern(search));
    return { where, params };
  }

  private async rows(query: ActionListQuery & { limit?: number }, limit: number): Promise<{ rows: (ActionRow & { sort_value: string })[]; total: number; sort: SortName }> {
    const sort: SortName = query.sort ?? 'default';
    const spec = SORTS[sort];
    const { where, params } = this.filter(query);
    const filtered = where.join(' and ');
    const filterParams = params.length;
    let cursor: { values: string[]; id: string } | null = null;
    if (query.cursor) {
      const decoded = decodeCursor(query.cursor, sort);
      const values = decoded.value.split(',');
      if (values.length !== spec.keys.length || spec.keys.some((k, i) => !k.valid(values[i]!))) throw ApiError.badRequest(INVALID_CURSOR);
      cursor = { values, id: decoded.id };
    }
    const [rows, counted] = await Promise.all([
      sort === 'default' ? this.defaultPage(where, params, cursor, limit) : this.sortedPage(spec, where, params, cursor, limit),
      this.db.query<{ total: number }>(`select count(*)::int as total from actions t where ${filtered}`, params.slice(0, filterParams)),
    ]);
    return { rows, total: counted.rows[0]?.total ?? 0, sort };
  }

  /** A page of a sort whose keys an index orders (the district first, the id last: migrations.ts). */
  private async sortedPage(
    spec: (typeof SORTS)[SortName],
    where: readonly string[],
    filterParams: readonly unknown[],
    cursor: { values: string[]; id: string } | null,
    limit: number,
  ): Promise<(ActionRow & { sort_value: string })[]> {
    const params = [...filterParams];
    const pageWhere = [...where];
    const keys = spec.keys.map((k) => k.sql(this.today));
    if (cursor) {
      const bounds = spec.keys.map((k, i) => {
        params.push(cursor.values[i]);
        return k.bound(`$${params.length}`);
      });
      params.push(cursor.id);
      pageWhere.push(`(${keys.join(', ')}, t.id) ${spec.desc ? '<' : '>'} (${bounds.join(', ')}, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const direction = spec.desc ? 'desc' : 'asc';
    const { rows } = await this.db.query<ActionRow & { sort_value: string }>(
      `select ${ACTION_COLUMNS}, concat_ws(',', ${keys.map((k) => `(${k})::text`).join(', ')}) as sort_value
         from ${ACTION_FROM}
        where ${pageWhere.join(' and ')}
        order by ${keys.map((k) => `${k} ${direction}`).join(', ')}, t.id ${direction}
        limit $${params.length}`,
      params,
    );
    return rows;
  }

  /**
   * A page of the default order (overdue first, then by due day, then id) read as index
   * ranges, not by sorting the caller's actions: the open actions due before today (rank 0),
   * the open ones due from today and the closed ones (rank 1), each a range of
   * actions_mine_idx (one assignee) or actions_open_order_idx (the district) already in
   * (due_key, id) order, read from the cursor on and at most a page each; the two or three
   * short runs are merged. The cursor is the same as the sort's keys (rank, due day, id).
   */
  private async defaultPage(
    where: readonly string[],
    filterParams: readonly unknown[],
    cursor: { values: string[]; id: string } | null,
    limit: number,
  ): Promise<(ActionRow & { sort_value: string })[]> {
    const params = [...filterParams, this.today, limit + 1];
    const today = `$${params.length - 1}::date`;
    const size = `$${params.length}`;
    const ranges = [
      { rank: 0, where: `t.is_open and t.due_key < ${today}` },
      { rank: 1, where: `t.is_open and t.due_key >= ${today}` },
      { rank: 1, where: 'not t.is_open' },
    ];
    let after = '';
    const cursorRank = cursor ? Number(cursor.values[0]) : -1;
    if (cursor) {
      params.push(cursor.values[1], cursor.id);
      after = ` and (t.due_key, t.id) > ($${params.length - 1}::date, $${params.length}::uuid)`;
    }
    // Ranges before the cursor's are read already; the cursor's own resumes after it.
    const branches = ranges
      .filter((r) => r.rank >= cursorRank)
      .map(
        (r) => `(select t.id, ${r.rank} as rank, t.due_key from actions t
                  where ${where.join(' and ')} and ${r.where}${r.rank === cursorRank ? after : ''}
                  order by t.due_key, t.id limit ${size})`,
      );
    if (branches.length === 0) return [];
    const { rows } = await this.db.query<ActionRow & { sort_value: string }>(
      `select ${ACTION_COLUMNS}, k.rank::text || ',' || k.due_key::text as sort_value
         from ${ACTION_FROM} join (${branches.join(' union all ')}) k on k.id = t.id
        order by k.rank, k.due_key, k.id
        limit ${size}`,
      params,
    );
    return rows;
  }

  async list(query: ActionListQuery & { limit?: number }): Promise<Page<ActionSummary>> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const { rows, total, sort } = await this.rows(query, limit);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const names = await actorNames(this.scope.control, page.map((r) => r.assignee_id));
    const last = page[page.length - 1];
    return {
      items: page.map((row) => this.summaryOf(row, names)),
      nextCursor: more && last ? encodeCursor(sort, last.sort_value, last.id) : null,
      total,
    };
  }

  /** The summaries of `ids` the caller may see, in the order of `ids` (the dashboard picks its rows by an indexed query). */
  async summaries(ids: readonly string[]): Promise<ActionSummary[]> {
    if (ids.length === 0) return [];
    const params: unknown[] = [this.districtId, ids];
    const visible = this.powers.manage ? '' : ` and (t.assignee_id = $3 or t.created_by = $3)`;
    if (!this.powers.manage) params.push(this.actor);
    const { rows } = await this.db.query<ActionRow>(`select ${ACTION_COLUMNS} from ${ACTION_FROM} where t.district_id = $1 and t.id = any($2::uuid[])${visible}`, params);
    const names = await actorNames(this.scope.control, rows.map((r) => r.assignee_id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [this.summaryOf(row, names)] : [];
    });
  }

  /** Every row of a filtered list in its order, for the CSV export (at most `max`). */
  async exportRows(query: ActionListQuery, max: number): Promise<(ActionSummary & { description: string; closingNote: string | null; createdAt: string })[]> {
    const { rows } = await this.rows({ ...query, cursor: undefined }, max);
    const page = rows.slice(0, max);
    const names = await actorNames(this.scope.control, page.map((r) => r.assignee_id));
    return page.map((row) => ({ ...this.summaryOf(row, names), description: row.description, closingNote: row.closing_note, createdAt: iso(row.created_at) }));
  }

  private overdue(row: Pick<ActionRow, 'status' | 'due_on'>): boolean {
    return isOpen(row.status) && row.due_on !== null && row.due_on < this.today;
  }

  private sourceOf(row: ActionRow): Source | null {
    if (row.source_kind === null || row.source_id === null) return null;
    return { kind: row.source_kind, id: row.source_id, questionKey: row.source_question, label: row.source_label ?? '' };
  }

  private summaryOf(row: ActionRow, names: Map<string, string>): ActionSummary {
    return {
      id: row.id,
      title: row.title,
      status: row.status,
      priority: row.priority,
      dueOn: row.due_on,
      overdue: this.overdue(row),
      siteId: row.site_id,
      siteName: row.site_name,
      assignee: row.assignee_id ? actorOf(names, row.assignee_id) : null,
      planId: row.plan_id,
      planName: row.plan_name,
      source: this.sourceOf(row),
      proof: { photo: row.proof_photo, note: row.proof_note },
      photoCount: row.photo_count,
      commentCount: row.comment_count,
      version: row.version,
      updatedAt: iso(row.updated_at),
      deletedAt: isoOrNull(row.deleted_at),
    };
  }

  /** The action if the caller may see it (its own work, or any as a manager), else null. */
  private async row(id: string, lock = false): Promise<ActionRow | null> {
    const params: unknown[] = [id, this.districtId];
    let visible = '';
    if (!this.powers.manage) {
      params.push(this.actor);
      visible = ' and (t.assignee_id = $3 or t.created_by = $3)';
    }
    const { rows } = await this.db.query<ActionRow>(`select ${ACTION_COLUMNS} from ${ACTION_FROM} where t.id = $1 and t.district_id = $2${visible}${lock ? ' for update of t' : ''}`, params);
    return rows[0] ?? null;
  }

  private async rowOr404(id: string, lock = false): Promise<ActionRow> {
    const row = await this.row(id, lock);
    if (!row) throw ApiError.notFound(ACTION_NOT_FOUND);
    return row;
  }

  /** An action read alone: its row with its thread, its files and their people named. */
  private async toAction(row: ActionRow): Promise<Action> {
    const [{ rows: comments }, attachments] = await Promise.all([
      this.db.query<CommentRow>('select id, text, at, created_by from action_comments where action_id = $1 order by at, id', [row.id]),
      listRecordAttachments(this.db, this.districtId, ACTIONS_MODULE, row.id),
    ]);
    const names = await actorNames(this.scope.control, [
      row.created_by,
      row.updated_by,
      row.assignee_id,
      row.done_by,
      row.verified_by,
      ...comments.map((c) => c.created_by),
      ...row.status_changes.map((c) => c.by),
    ]);
    return this.actionOf(row, names, comments, attachments);
  }

  private actionOf(row: ActionRow, names: Map<string, string>, comments: CommentRow[], attachments: Action['attachments']): Action {
    return {
      ...recordMetaOf(row, names),
      ...fieldsOf(row),
      status: row.status,
      siteName: row.site_name,
      planName: row.plan_name,
      assignee: row.assignee_id ? actorOf(names, row.assignee_id) : null,
      templateId: row.template_id,
      source: this.sourceOf(row),
      overdue: this.overdue(row),
      closingNote: row.closing_note,
      doneAt: isoOrNull(row.done_at),
      doneBy: row.done_by ? actorOf(names, row.done_by) : null,
      verifiedAt: isoOrNull(row.verified_at),
      verifiedBy: row.verified_by ? actorOf(names, row.verified_by) : null,
      attachments,
      comments: comments.map((c): Comment => ({ id: c.id, text: c.text, at: iso(c.at), by: actorOf(names, c.created_by) })),
      statusChanges: row.status_changes.map((c): StatusChange => ({ from: c.from, to: c.to, at: c.at, by: actorOf(names, c.by), note: c.note })),
    };
  }

  /** An action the caller may see, deleted or not; 404 otherwise. */
  async get(id: string): Promise<Action> {
    return this.toAction(await this.rowOr404(id));
  }

  async history(id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(id);
    return readHistory(this.scope, ACTIONS_MODULE, id);
  }

  // ================================================================ writes

  /** A live plan of the district (404 otherwise); none given passes. */
  private checkPlan(planId: string | null | undefined): Promise<void> {
    return requireLiveRecord(this.db, 'action_plans', this.districtId, planId, PLAN_NOT_FOUND);
  }

  /**
   * The source as written, checked: a live declaration of the district, or a submitted
   * inspection of the district whose failed items include the question (400
   * `actions.invalid_source` otherwise, naming the part that does not hold).
   */
  private async checkSource(source: StoredSource): Promise<void> {
    if (source.kind === 'declaration') {
      const { rows } = await this.db.query('select 1 from declarations where id = $1 and district_id = $2 and deleted_at is null', [source.id, this.districtId]);
      if (rows.length === 0) throw ApiError.badRequest(INVALID_SOURCE, 'source.id');
      return;
    }
    const { rows } = await this.db.query<{ status: string; failed_items: FailedItem[] }>(
      'select status, failed_items from inspections where id = $1 and district_id = $2 and deleted_at is null',
      [source.id, this.districtId],
    );
    const inspection = rows[0];
    if (!inspection || inspection.status !== 'submitted') throw ApiError.badRequest(INVALID_SOURCE, 'source.id');
    if (!inspection.failed_items.some((f) => f.questionKey === source.question)) throw ApiError.badRequest(INVALID_SOURCE, 'source.questionKey');
  }

  /**
   * An action's plain writes on the platform's record core (creation with the client's id, a
   * manager's edit from a base version, reversible deletion) with its history; its status moves
   * and comments are its own writes below. The core reads the row without the own-work filter:
   * its edits, deletions and restores are managers' (the routes' guard), and a creation is the
   * caller's own.
   */
  private readonly kind: RecordKind<ActionRow, KindFields, Action> = {
    module: ACTIONS_MODULE,
    table: 'actions',
    notFound: ACTION_NOT_FOUND,
    select: `select ${ACTION_COLUMNS} from ${ACTION_FROM}`,
    // A creation's template and source are written in its history too (an edit changes neither).
    historyFields: [...HISTORY_FIELDS, 'templateId', 'source'],
    fieldsOf: (row) => ({
      ...fieldsOf(row),
      templateId: row.template_id,
      source: row.source_kind === null || row.source_id === null ? null : { kind: row.source_kind, id: row.source_id, question: row.source_question },
    }),
    columns: (f, before) => ({
      title: f.title,
      description: f.description,
      site_id: f.siteId,
      plan_id: f.planId,
      assignee_id: f.assigneeId,
      due_on: f.dueOn,
      priority: f.priority,
      proof_photo: f.proof.photo,
      proof_note: f.proof.note,
      ...(before ? {} : { template_id: f.templateId, source_kind: f.source?.kind ?? null, source_id: f.source?.id ?? null, source_question: f.source?.question ?? null, status: 'todo' }),
      // A new due date or assignee: reminded and told of the delay afresh (the reminder job reads these).
      ...(!before || before.dueOn !== f.dueOn ? { remind_on: f.dueOn === null ? null : addDays(f.dueOn, -ACTION_REMIND_DAYS) } : {}),
      ...(before && (before.dueOn !== f.dueOn || before.assigneeId !== f.assigneeId) ? { reminded_at: null, overdue_notified_at: null } : {}),
    }),
    toRecord: (row, names) => this.actionOf(row, names, [], []),
    readOne: (row) => this.toAction(row),
    clean: (f) => ({
      ...f,
      title: f.title.trim(),
      siteId: f.siteId?.toLowerCase() ?? null,
      planId: f.planId?.toLowerCase() ?? null,
      assigneeId: f.assigneeId?.toLowerCase() ?? null,
      templateId: f.templateId?.toLowerCase() ?? null,
    }),
    /** Real days, a live site and plan, an assignee who is a member; a creation's template and source (a restore checks nothing). */
    check: async (f, before, _id, restoring) => {
      if (restoring) return;
      checkDay(f.dueOn, 'dueOn');
      if (f.siteId !== before?.siteId) await requireLiveSite(this.db, this.districtId, f.siteId, SITE_NOT_FOUND);
      if (f.planId !== before?.planId) await this.checkPlan(f.planId);
      if (f.assigneeId !== null && f.assigneeId !== before?.assigneeId) await requireMembers(this.db, this.districtId, [f.assigneeId], NOT_MEMBER, 'assigneeId');
      if (before) this.touch(before);
      else {
        await requireLiveRecord(this.db, 'action_templates', this.districtId, f.templateId, TEMPLATE_NOT_FOUND);
        if (f.source) await this.checkSource(f.source);
      }
    },
    // The searched text: the title, the description and the site's name.
    written: async (id) => {
      await this.db.query(
        `update actions t set search_text = vigie_fold(t.title || ' ' || t.description || ' ' || coalesce((select s.name from sites s where s.id = t.site_id), ''))
          where t.id = $1`,
        [id],
      );
    },
  };

  /**
   * A new action: a manager's for anyone (or no one yet); a member with a read right makes one
   * for itself only (its own work: the assignee is the caller, null meaning the caller).
   */
  async create(body: ActionCreate): Promise<Action> {
    let assigneeId = body.assigneeId?.toLowerCase() ?? null;
    if (!this.powers.manage) {
      if (assigneeId !== null && assigneeId !== this.actor) throw ApiError.forbidden(OWN_WORK_ONLY);
      assigneeId = this.actor;
    }
    const { id, templateId = null, source = null, ...fields } = body;
    const stored = source && { kind: source.kind, id: source.id.toLowerCase(), question: source.kind === 'inspection' ? source.questionKey : null };
    const action = await this.store.create(this.kind, id, { ...fields, assigneeId, templateId, source: stored });
    this.touch(action);
    return action;
  }

  /** A manager's edit (the route is guarded by the manage right). A new due date is reminded afresh. */
  async update(id: string, body: ActionUpdate): Promise<Action> {
    const action = await this.store.update(this.kind, id, body);
    if (action.version !== body.baseVersion) this.touch(action);
    return action;
  }

  /** Deleted (hidden from the lists, reminders stop) or restored: managers. */
  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Action> {
    const action = await this.store.setDeleted(this.kind, id, baseVersion, deleted);
    this.touch(action);
    return action;
  }

  /** The caller's role on an action: manager (a manage right), assignee (its own), or none. */
  private roleOn(row: ActionRow): WorkflowRole | null {
    if (this.powers.manage) return 'manager';
    if (this.powers.own && row.assignee_id === this.actor) return 'assignee';
    return null;
  }

  /** Photos on the action, uploading ones included (a close made offline may arrive before the last byte of its photo). */
  private async proofPhotos(id: string): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `select count(*)::int as n from attachments where district_id = $1 and module = $2 and record_id = $3 and deleted_at is null and type like 'image/%'`,
      [this.districtId, ACTIONS_MODULE, id],
    );
    return rows[0]?.n ?? 0;
  }

  /** The locked row of a live action the caller sees: 404, or 409 `record.deleted` with the current action. */
  private async live(id: string): Promise<ActionRow> {
    const row = await this.rowOr404(id, true);
    if (row.deleted_at) throw deletedRecord(await this.toAction(row));
    return row;
  }

  /** A write of the action's own (a status move, a comment): its columns (`set`, over $4 on), a new version and its history entry. */
  private async written(row: ActionRow, set: string, values: unknown[], changes: FieldChange[]): Promise<Action> {
    await writeVersion(this.scope, { table: 'actions', module: ACTIONS_MODULE, id: row.id, version: row.version }, changes, { set, values });
    return this.get(row.id);
  }

  /**
   * A status move (workflow.ts): refused with 409 `actions.transition_not_allowed` and the
   * current action when the workflow does not allow it from the status it has now, or with 400
   * `actions.proof_required` naming what closing still lacks.
   */
  async transition(id: string, body: ActionTransition): Promise<Action> {
    const row = await this.live(id);
    const role = this.roleOn(row);
    if (role === null) throw ApiError.forbidden(NOT_ASSIGNEE);
    if (!canMove(row.status, body.status, role)) throw transitionRefused(await this.toAction(row));
    const note = body.note?.trim() ? body.note.trim() : null;
    const to = body.status;
    if (to === 'done') {
      const missing = missingProof({ photo: row.proof_photo, note: row.proof_note }, await this.proofPhotos(id), note);
      if (missing.length > 0) throw ApiError.badRequest(PROOF_REQUIRED, missing.join(','));
    }
    // When it happened on the device, never later than now.
    const at = new Date(Math.min(Date.parse(body.at), Date.now())).toISOString();
    const change: StoredStatusChange = { from: row.status, to, at, by: this.actor, note };
    const changes: FieldChange[] = [{ field: 'status', before: row.status, after: to }];
    if (note !== null) changes.push({ field: to === 'done' ? 'closingNote' : 'note', before: null, after: note });
    this.touch(fieldsOf(row));
    return this.written(
      row,
      `status = $4, status_changes = status_changes || $5::jsonb,
       closing_note = case when $4 = 'done' then $6 when $7 then null else closing_note end,
       done_at = case when $4 = 'done' then $8::timestamptz when $7 then null else done_at end,
       done_by = case when $4 = 'done' then $3::uuid when $7 then null else done_by end,
       verified_at = case when $4 = 'verified' then $8::timestamptz when $7 then null else verified_at end,
       verified_by = case when $4 = 'verified' then $3::uuid when $7 then null else verified_by end`,
      [to, JSON.stringify([change]), note, to === 'todo' || to === 'inProgress', at],
      changes,
    );
  }

  /** A comment by the assignee, the author or a manager (anyone who sees the action): a write of the record. */
  async addComment(id: string, body: CommentCreate): Promise<Action> {
    const row = await this.live(id);
    const text = body.text.trim();
    const at = new Date(Math.min(Date.parse(body.at), Date.now())).toISOString();
    const { rows } = await this.db.query(
      `insert into action_comments (id, action_id, district_id, text, at, created_by) values ($1, $2, $3, $4, $5, $6) on conflict (id) do nothing returning id`,
      [body.id, id, this.districtId, text, at, this.actor],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    return this.written(row, 'comment_count = comment_count + 1', [], [{ field: 'comment', before: null, after: text }]);
  }

  /**
   * The follow-up of a submitted inspection (questionnaires' submit calls it in its
   * transaction): every failed item whose answer carries an action draft becomes an action
   * (source: the inspection and the item's question; the inspection's site; priority high;
   * a photo to close when the question's onFail asks for one), made by the submitter. An item
   * that already has its action is skipped, so it happens once. Returns the actions made.
   */
  async fromInspection(inspectionId: string): Promise<{ id: string; version: number }[]> {
    const { rows } = await this.db.query<{ site_id: string | null; assignee_id: string; failed_items: FailedItem[]; sections: Section[] }>(
      `select i.site_id, i.assignee_id, i.failed_items, v.sections from inspections i
         join questionnaire_template_versions v on v.template_id = i.template_id and v.version = i.template_version
        where i.id = $1 and i.district_id = $2 and i.status = 'submitted'`,
      [inspectionId, this.districtId],
    );
    const inspection = rows[0];
    if (!inspection) return [];
    const questions = new Map(inspection.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
    const made: { id: string; version: number }[] = [];
    for (const item of inspection.failed_items) {
      const draft = item.action;
      if (!draft) continue;
      const { rows: existing } = await this.db.query(`select 1 from actions where source_kind = 'inspection' and source_id = $1 and source_question = $2 and district_id = $3`, [
        inspectionId,
        item.questionKey,
        this.districtId,
      ]);
      if (existing.length > 0) continue;
      // The inspector follows up what they found unless the draft names someone else; an
      // assignee no longer a member, or a day that is none, is left for a manager to set.
      let assigneeId: string | null = (draft.assigneeId ?? inspection.assignee_id).toLowerCase();
      const { rows: member } = await this.db.query('select 1 from memberships where district_id = $1 and account_id = $2', [this.districtId, assigneeId]);
      if (member.length === 0) assigneeId = null;
      const id = randomUUID();
      const fields: ActionFields = {
        title: draft.title.trim(),
        description: item.note ?? '',
        siteId: inspection.site_id,
        planId: null,
        assigneeId,
        dueOn: draft.dueOn !== null && isRealDay(draft.dueOn) ? draft.dueOn : null,
        priority: 'high',
        proof: { photo: questions.get(item.questionKey)?.onFail?.photo === true, note: false },
      };
      // Made as the submit found it: no check (the inspection's site may be gone since).
      await this.store.create({ ...this.kind, check: undefined }, id, { ...fields, templateId: null, source: { kind: 'inspection', id: inspectionId, question: item.questionKey } });
      this.touch(fields);
      made.push({ id, version: 1 });
    }
    return made;
  }

  /** An action opened by a failed equipment check (inventory's catalog part): on the item's site, due in 7 days, made by the checker; no source kind (the check keeps the action's id). */
  async fromEquipmentCheck(draft: { equipmentId: string; title: string; description: string; siteId: string | null }): Promise<{ id: string; version: number }> {
    const id = randomUUID();
    const fields: ActionFields = { title: draft.title.slice(0, 200), description: draft.description, siteId: draft.siteId, planId: null, assigneeId: null, dueOn: addDays(this.today, 7), priority: 'high', proof: { photo: false, note: false } };
    await this.store.create({ ...this.kind, check: undefined }, id, { ...fields, templateId: null, source: { kind: 'equipment', id: draft.equipmentId, question: null } });
    return { id, version: 1 };
  }
}

/** What a submit's follow-up made: the actions, and their assignees (whose workflow badge, in their cached envelope, moved). */
export interface InspectionFollowUp {
  actions: { id: string; version: number }[];
  assignees: string[];
}

/** The follow-up actions of a submitted inspection, made in the submit's transaction by the submitter (questionnaires/repository.ts). */
export async function createInspectionActions(scope: RecordScope, inspectionId: string): Promise<InspectionFollowUp> {
  const repository = new ActionsRepository(scope, { powers: actionPowers([]) });
  const actions = await repository.fromInspection(inspectionId);
  return { actions, assignees: [...repository.touched.assignees] };
}

/** The action of a failed equipment check, made in the check's transaction by the checker (inventory/catalog/repository.ts). */
export async function createEquipmentAction(scope: RecordScope, draft: { equipmentId: string; title: string; description: string; siteId: string | null }): Promise<{ id: string; version: number }> {
  return new ActionsRepository(scope, { powers: actionPowers([]) }).fromEquipmentCheck(draft);
}

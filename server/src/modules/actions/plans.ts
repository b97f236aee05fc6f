/**
 * Every query of the action plans (table action_plans), scoped to the session's district: a
 * plan is a named set of actions (for a site, an audit, a year) with an owner and its progress,
 * computed from its live actions when read: the cancelled ones left out, done meaning done or
 * verified, overdue meaning still open and past its due date (the district's today). Readers
 * of plans (`action-plans` read) see every plan of the district; their managers write them.
 */
import type { ActionPowers } from '../../../../common/modules/actions/access.js';
import {
  PLANS_MODULE,
  type Plan,
  type PlanCreate,
  type PlanFields,
  type PlanListQuery,
  type PlanProgress,
  type PlanSummary,
  type PlanUpdate,
} from '../../../../common/modules/actions/schemas.js';
import { LIST_LIMIT_DEFAULT, type HistoryEntry, type Page } from '../../../../common/schemas/platform.js';
import type { Queryable } from '../../db/types.js';
import { ApiError } from '../../lib/errors.js';
import { containsPattern, decodeCursor, encodeCursor, filterValues } from '../_platform/list.js';
import { actorNames, actorOf, changesBetween, iso, isoOrNull, readHistory, recordMetaOf, requireEditable, requireLiveSite, requireMembers, setRecordDeleted, writeHistory, type RecordScope } from '../_platform/records.js';
import { districtToday } from '../_platform/dates.js';
import { checkDay, INVALID_DATE, INVALID_FILTER, MANAGERS_ONLY, NOT_MEMBER, PLAN_NOT_FOUND, SITE_NOT_FOUND } from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HISTORY_FIELDS = ['name', 'description', 'siteId', 'ownerId', 'startOn', 'endOn'] as const;

interface PlanRow {
  id: string;
  district_id: string;
  name: string;
  description: string;
  site_id: string | null;
  site_name: string | null;
  owner_id: string;
  start_on: string | null;
  end_on: string | null;
  version: number;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string | null;
  deleted_at: Date | null;
  total: number;
  done: number;
  overdue: number;
  sort_value: string;
}

/** The plan's columns and its progress from its live actions ($2: the district's today). */
const PLAN_SELECT = `select p.id, p.district_id, p.name, p.description, p.site_id, s.name as site_name, p.owner_id, p.start_on::text as start_on,
    p.end_on::text as end_on, p.version, p.created_at, p.created_by, p.updated_at, p.updated_by, p.deleted_at, vigie_fold(p.name) as sort_value,
    coalesce(g.total, 0) as total, coalesce(g.done, 0) as done, coalesce(g.overdue, 0) as overdue
  from action_plans p
  left join sites s on s.id = p.site_id
  left join lateral (
    select count(*) filter (where a.status <> 'cancelled')::int as total,
           count(*) filter (where a.status in ('done', 'verified'))::int as done,
           count(*) filter (where a.status in ('todo', 'inProgress') and a.due_on < $2::date)::int as overdue
      from actions a where a.plan_id = p.id and a.deleted_at is null
  ) g on true`;

const fieldsOf = (row: PlanRow): PlanFields => ({
  name: row.name,
  description: row.description,
  siteId: row.site_id,
  ownerId: row.owner_id,
  startOn: row.start_on,
  endOn: row.end_on,
});

const progressOf = (row: PlanRow): PlanProgress => ({
  total: row.total,
  done: row.done,
  overdue: row.overdue,
  percent: row.total === 0 ? null : Math.round((row.done / row.total) * 1000) / 10,
});

export class PlansRepository {
  private readonly db: Queryable;
  private readonly districtId: string;
  private readonly today: string;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: ActionPowers,
    today?: string,
  ) {
    this.db = scope.db;
    this.districtId = scope.districtId;
    this.today = today ?? districtToday();
  }

  async list(query: PlanListQuery & { limit?: number }): Promise<Page<PlanSummary>> {
    const limit = query.limit ?? LIST_LIMIT_DEFAULT;
    const params: unknown[] = [this.districtId, this.today];
    const where = ['p.district_id = $1'];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    if (query.deleted === 'true') {
      if (!this.powers.managePlans) throw ApiError.forbidden(MANAGERS_ONLY);
      where.push('p.deleted_at is not null');
    } else where.push('p.deleted_at is null');
    const sites = filterValues(query.site, 'site', (v) => UUID.test(v), INVALID_FILTER);
    if (sites) add((p) => `p.site_id = any(${p}::uuid[])`, sites);
    if (query.owner) add((p) => `p.owner_id = ${p}::uuid`, query.owner);
    const search = query.search?.trim();
    if (search) add((p) => `vigie_fold(p.name) like vigie_fold(${p})`, containsPattern(search));
    const filterParams = params.length;
    const filtered = [...where];
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor, 'name');
      params.push(cursor.value, cursor.id);
      where.push(`(vigie_fold(p.name), p.id) > ($${params.length - 1}::text, $${params.length}::uuid)`);
    }
    params.push(limit + 1);
    const { rows } = await this.db.query<PlanRow>(`${PLAN_SELECT} where ${where.join(' and ')} order by vigie_fold(p.name), p.id limit $${params.length}`, params);
    // $2 (today) is not used by the count: it is given so the numbering holds.
    const counted = await this.db.query<{ total: number }>(`select count(*)::int as total from action_plans p where $2::date is not null and ${filtered.join(' and ')}`, params.slice(0, filterParams));
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const names = await actorNames(this.scope.control, page.map((r) => r.owner_id));
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        id: row.id,
        name: row.name,
        siteId: row.site_id,
        siteName: row.site_name,
        owner: actorOf(names, row.owner_id),
        startOn: row.start_on,
        endOn: row.end_on,
        progress: progressOf(row),
        version: row.version,
        updatedAt: iso(row.updated_at),
        deletedAt: isoOrNull(row.deleted_at),
      })),
      nextCursor: more && last ? encodeCursor('name', last.sort_value, last.id) : null,
      total: counted.rows[0]?.total ?? 0,
    };
  }

  private async rowOr404(id: string, lock = false): Promise<PlanRow> {
    const { rows } = await this.db.query<PlanRow>(`${PLAN_SELECT} where p.id = $1 and p.district_id = $3${lock ? ' for update of p' : ''}`, [id, this.today, this.districtId]);
    if (!rows[0]) throw ApiError.notFound(PLAN_NOT_FOUND);
    return rows[0];
  }

  private async toPlan(row: PlanRow): Promise<Plan> {
    const names = await actorNames(this.scope.control, [row.created_by, row.updated_by, row.owner_id]);
    return {
      ...recordMetaOf(row, names),
      ...fieldsOf(row),
      siteName: row.site_name,
      owner: actorOf(names, row.owner_id),
      progress: progressOf(row),
    };
  }

  async get(id: string): Promise<Plan> {
    return this.toPlan(await this.rowOr404(id));
  }

  async history(id: string): Promise<HistoryEntry[]> {
    await this.rowOr404(id);
    return readHistory(this.scope, PLANS_MODULE, id);
  }

  /** A plan's fields checked: real days in order, a live site, an owner who is a member. */
  private async check(fields: PlanFields, before?: PlanFields): Promise<void> {
    checkDay(fields.startOn, 'startOn');
    checkDay(fields.endOn, 'endOn');
    if (fields.startOn && fields.endOn && fields.endOn < fields.startOn) throw ApiError.badRequest(INVALID_DATE, 'endOn');
    if (fields.siteId !== before?.siteId) await requireLiveSite(this.db, this.districtId, fields.siteId, SITE_NOT_FOUND);
    if (fields.ownerId !== before?.ownerId) await requireMembers(this.db, this.districtId, [fields.ownerId], NOT_MEMBER, 'ownerId');
  }

  private normalise(fields: PlanFields): PlanFields {
    return { ...fields, name: fields.name.trim(), siteId: fields.siteId?.toLowerCase() ?? null, ownerId: fields.ownerId.toLowerCase() };
  }

  async create(body: PlanCreate): Promise<Plan> {
    const { id, ...raw } = body;
    const fields = this.normalise(raw);
    await this.check(fields);
    const { rows } = await this.db.query(
      `insert into action_plans (id, district_id, name, description, site_id, owner_id, start_on, end_on, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7::date, $8::date, $9, $9) on conflict (id) do nothing returning id`,
      [id, this.districtId, fields.name, fields.description, fields.siteId, fields.ownerId, fields.startOn, fields.endOn, this.scope.actor.id],
    );
    if (rows.length === 0) throw new ApiError(409, { message: 'record.exists' });
    const changes = changesBetween({} as PlanFields, fields, HISTORY_FIELDS).filter((c) => c.after !== null && c.after !== '');
    await writeHistory(this.scope, { module: PLANS_MODULE, recordId: id, version: 1, action: 'create', changes });
    return this.get(id);
  }

  async update(id: string, body: PlanUpdate): Promise<Plan> {
    const row = await this.rowOr404(id, true);
    await requireEditable(row, body.baseVersion, () => this.toPlan(row));
    const before = fieldsOf(row);
    const next = this.normalise({ ...before, ...body.changes });
    const changes = changesBetween(before, next, HISTORY_FIELDS);
    if (changes.length === 0) return this.toPlan(row);
    await this.check(next, before);
    await this.db.query(
      `update action_plans set name = $3, description = $4, site_id = $5, owner_id = $6, start_on = $7::date, end_on = $8::date,
              version = version + 1, updated_at = now(), updated_by = $9
        where id = $1 and district_id = $2`,
      [id, this.districtId, next.name, next.description, next.siteId, next.ownerId, next.startOn, next.endOn, this.scope.actor.id],
    );
    await writeHistory(this.scope, { module: PLANS_MODULE, recordId: id, version: row.version + 1, action: 'update', changes });
    return this.get(id);
  }

  /** Deleted (its actions stay, still naming it) or restored. */
  async setDeleted(id: string, baseVersion: number, deleted: boolean): Promise<Plan> {
    const row = await this.rowOr404(id, true);
    await setRecordDeleted(
      this.scope,
      { table: 'action_plans', module: PLANS_MODULE, id, version: row.version, deletedAt: row.deleted_at, current: () => this.toPlan(row) },
      baseVersion,
      deleted,
    );
    return this.get(id);
  }
}

/**
 * The action plans (table action_plans) on the platform's record core, scoped to the session's
 * district: a plan is a named set of actions (for a site, an audit, a year) with an owner and its
 * progress, computed from its live actions when read: the cancelled ones left out, done meaning
 * done or verified, overdue meaning still open and past its due date (the district's today).
 * Readers of plans (`action-plans` read) see every plan of the district; their managers write them
 * (routes.ts: the core's record routes). A deleted plan's actions stay, still naming it.
 */
import type { ActionPowers } from '../../../../common/modules/actions/access.js';
import { PLANS_MODULE, type Plan, type PlanFields, type PlanListQuery, type PlanProgress, type PlanSummary } from '../../../../common/modules/actions/schemas.js';
import type { Page } from '../../../../common/schemas/platform.js';
import { ApiError } from '../../lib/errors.js';
import { RecordStore, type RecordKind } from '../_platform/record-kind.js';
import { actorOf, iso, isoOrNull, recordMetaOf, requireLiveSite, requireMembers, type RecordMetaRow, type RecordScope } from '../_platform/records.js';
import { districtToday } from '../_platform/dates.js';
import { checkDay, INVALID_DATE, INVALID_FILTER, MANAGERS_ONLY, NOT_MEMBER, PLAN_NOT_FOUND, SITE_NOT_FOUND } from './repository.js';

interface PlanRow extends RecordMetaRow {
  name: string;
  description: string;
  site_id: string | null;
  site_name: string | null;
  owner_id: string;
  start_on: string | null;
  end_on: string | null;
  total: number;
  done: number;
  overdue: number;
  sort_value: string;
}

/** The plan's columns and its progress from its live actions on `today` (the district's day, YYYY-MM-DD, made by the server). */
const planSelect = (today: string) => `select t.id, t.district_id, t.name, t.description, t.site_id, s.name as site_name, t.owner_id, t.start_on::text as start_on,
    t.end_on::text as end_on, t.version, t.created_at, t.created_by, t.updated_at, t.updated_by, t.deleted_at, vigie_fold(t.name) as sort_value,
    coalesce(g.total, 0) as total, coalesce(g.done, 0) as done, coalesce(g.overdue, 0) as overdue
  from action_plans t
  left join sites s on s.id = t.site_id
  left join lateral (
    select count(*) filter (where a.status <> 'cancelled')::int as total,
           count(*) filter (where a.status in ('done', 'verified'))::int as done,
           count(*) filter (where a.status in ('todo', 'inProgress') and a.due_on < date '${today}')::int as overdue
      from actions a where a.plan_id = t.id and a.deleted_at is null
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
  readonly store: RecordStore;

  /** The kind on the platform's record core: creation with the client's id, edits from a base version, history, reversible deletion. */
  readonly kind: RecordKind<PlanRow, PlanFields, Plan>;

  constructor(
    private readonly scope: RecordScope,
    private readonly powers: ActionPowers,
    today = districtToday(),
  ) {
    this.store = new RecordStore(scope);
    this.kind = {
      module: PLANS_MODULE,
      table: 'action_plans',
      notFound: PLAN_NOT_FOUND,
      select: planSelect(today),
      historyFields: ['name', 'description', 'siteId', 'ownerId', 'startOn', 'endOn'],
      fieldsOf,
      columns: (f) => ({ name: f.name, description: f.description, site_id: f.siteId, owner_id: f.ownerId, start_on: f.startOn, end_on: f.endOn }),
      actors: (row) => [row.owner_id],
      toRecord: (row, names) => ({ ...recordMetaOf(row, names), ...fieldsOf(row), siteName: row.site_name, owner: actorOf(names, row.owner_id), progress: progressOf(row) }),
      clean: (f) => ({ ...f, name: f.name.trim(), siteId: f.siteId?.toLowerCase() ?? null, ownerId: f.ownerId.toLowerCase() }),
      /** Real days in order, a live site, an owner who is a member (a restore checks nothing: its actions still name it). */
      check: async (f, before, _id, restoring) => {
        if (restoring) return;
        checkDay(f.startOn, 'startOn');
        checkDay(f.endOn, 'endOn');
        if (f.startOn && f.endOn && f.endOn < f.startOn) throw ApiError.badRequest(INVALID_DATE, 'endOn');
        if (f.siteId !== before?.siteId) await requireLiveSite(this.scope.db, this.scope.districtId, f.siteId, SITE_NOT_FOUND);
        if (f.ownerId !== before?.ownerId) await requireMembers(this.scope.db, this.scope.districtId, [f.ownerId], NOT_MEMBER, 'ownerId');
      },
      filters: { site: { column: 't.site_id', type: 'uuid' }, owner: { column: 't.owner_id', type: 'uuid' } },
      invalidFilter: INVALID_FILTER,
    };
  }

  list(query: PlanListQuery & { limit?: number }): Promise<Page<PlanSummary>> {
    const summaries: RecordKind<PlanRow, PlanFields, PlanSummary> = {
      ...this.kind,
      toRecord: (row, names) => ({
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
      }),
    };
    return this.store.page(summaries, query, RecordStore.deletedFilter(query.deleted, this.powers.managePlans, MANAGERS_ONLY));
  }
}

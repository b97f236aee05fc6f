/**
 * The response envelope of spec section 3. Every 2xx body is built here: the route's data
 * plus the session's rights, district modules and notification counts, read in one query
 * and, for requests behind `respond`, reused until a write invalidates it (tenant-cache.ts).
 * The workflow badge's count is the modules' (the actions module's: the member's actions
 * overdue or due soon): each server module may register a count's SQL (ServerModule's
 * `workflowCount`, server/src/modules/index.ts), composed here into the same one query.
 */
import type { Envelope } from '../../../common/api-types.js';
import { districtToday } from '../modules/_platform/dates.js';
import type { Database, Queryable } from '../db/types.js';
import type { MemberEnvelope, TenantCache } from './tenant-cache.js';

/** How many unread notifications the bell menu shows. */
export const LAST_UNREAD_LIMIT = 5;


/**
 * A module's part of the workflow badge: SQL of one count (a scalar subquery) over its tables,
 * `$1` the member's account, `$2` the district, `$3` the district's today (a date). Parts are
 * summed; without any, the badge is 0.
 */
export type WorkflowCountSql = string;
const workflowCounts = new Map<string, WorkflowCountSql>();
let envelopeSql: string | null = null;

/** A module counts its part of the workflow badge (server/src/modules/index.ts registers them). */
export function registerWorkflowCount(module: string, sql: WorkflowCountSql): void {
  workflowCounts.set(module, sql);
  envelopeSql = null;
}

const buildEnvelopeSql = (parts: readonly WorkflowCountSql[]) => `
  select
    coalesce((select rights from memberships where account_id = $1 and district_id = $2), '{}'::text[]) as rights,
    coalesce((select json_agg(json_build_object('name', name) order by position, name)
                from district_modules where district_id = $2), '[]'::json) as modules,
    (select count(*) from notifications
      where account_id = $1 and district_id = $2 and read_at is null and kind = 'general')::int as unread,
    -- The toolbar's workflow badge: the modules' counts (registerWorkflowCount).
    (${parts.length === 0 ? '0' : parts.map((part) => `coalesce((${part}), 0)`).join(' + ')})::int as workflow,
    coalesce((select json_agg(json_build_object('_id', n.id, 'createdAt', n.created_at, 'name', n.name,
                                                'translate', n.translate, 'notifications', n.actions)
                              order by n.created_at desc)
                from (select * from notifications
                       where account_id = $1 and district_id = $2 and read_at is null and kind = 'general'
                       order by created_at desc limit ${LAST_UNREAD_LIMIT}) n), '[]'::json) as last`;

export const emptyEnvelope = <T>(data: T, message?: string): Envelope<T> => ({
  data,
  rights: [],
  districtModules: [],
  unreadNotificationsNumber: 0,
  lastUnreadNotifications: [],
  workflowNotificationsNumber: 0,
  ...(message ? { message } : {}),
});

/** The envelope part of a member, read in one query (`now`: the clock of the workflow badge's "due soon"). */
export async function loadMemberEnvelope(db: Queryable, accountId: string, districtId: string, now: Date = new Date()): Promise<MemberEnvelope> {
  envelopeSql ??= buildEnvelopeSql([...workflowCounts.values()]);
  // $3 only when a part reads it (a parameter no statement reads has no type).
  const { rows } = await db.query<MemberEnvelope>(envelopeSql, workflowCounts.size > 0 ? [accountId, districtId, districtToday(now)] : [accountId, districtId]);
  const row = rows[0];
  return {
    rights: row?.rights ?? [],
    modules: row?.modules ?? [],
    unread: row?.unread ?? 0,
    workflow: row?.workflow ?? 0,
    last: row?.last ?? [],
  };
}

/**
 * The envelope of `data` for a member. With `cache` (every request behind `respond`) the
 * member's part is read once and reused until a write invalidates it; without, it is read now.
 */
export async function buildEnvelope<T>(
  db: Database,
  accountId: string,
  districtId: string,
  data: T,
  message?: string,
  cache?: TenantCache | null,
): Promise<Envelope<T>> {
  const member = cache
    ? await cache.envelope(db, accountId, districtId, (q) => loadMemberEnvelope(q, accountId, districtId))
    : await loadMemberEnvelope(db, accountId, districtId);
  return {
    data,
    rights: member.rights,
    districtModules: member.modules,
    unreadNotificationsNumber: member.unread,
    lastUnreadNotifications: member.last,
    workflowNotificationsNumber: member.workflow,
    ...(message ? { message } : {}),
  };
}

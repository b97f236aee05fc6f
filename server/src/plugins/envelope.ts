/**
 * The response envelope of spec section 3. Every 2xx body is built here: the route's data
 * plus the session's rights, district modules and notification counts, read in one query.
 */
import type { DistrictModule, Envelope, NotificationItem } from '../../../common/api-types.js';
import type { Queryable } from '../db/types.js';

/** How many unread notifications the bell menu shows. */
export const LAST_UNREAD_LIMIT = 5;

interface EnvelopeRow {
  rights: string[];
  modules: DistrictModule[];
  unread: number;
  workflow: number;
  last: NotificationItem[];
}

const ENVELOPE_SQL = `
  select
    coalesce((select rights from memberships where account_id = $1 and district_id = $2), '{}'::text[]) as rights,
    coalesce((select json_agg(json_build_object('name', name) order by position, name)
                from district_modules where district_id = $2), '[]'::json) as modules,
    (select count(*) from notifications
      where account_id = $1 and district_id = $2 and read_at is null and kind = 'general')::int as unread,
    (select count(*) from notifications
      where account_id = $1 and district_id = $2 and read_at is null and kind = 'workflow')::int as workflow,
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

export async function buildEnvelope<T>(
  db: Queryable,
  accountId: string,
  districtId: string,
  data: T,
  message?: string,
): Promise<Envelope<T>> {
  const { rows } = await db.query<EnvelopeRow>(ENVELOPE_SQL, [accountId, districtId]);
  const row = rows[0];
  return {
    data,
    rights: row?.rights ?? [],
    districtModules: row?.modules ?? [],
    unreadNotificationsNumber: row?.unread ?? 0,
    lastUnreadNotifications: row?.last ?? [],
    workflowNotificationsNumber: row?.workflow ?? 0,
    ...(message ? { message } : {}),
  };
}

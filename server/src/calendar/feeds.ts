/**
 * A member's private iCal address (one per account and district: calendar_feeds). Its token is
 * a tenant token (_platform/tokens.ts: the client's registry id then a 256-bit secret); only
 * its SHA-256 is kept, so the address is shown once, when made. Making a new one replaces the
 * old one (which stops working at once); revoking deletes it.
 *
 * The feed reads with the member's rights of the moment: a member who left the district, or
 * whose account was disabled, gets the same 404 as an unknown address.
 */
import type { Language } from '../../../common/constants.js';
import { calendarFeedPath, type CalendarFeed } from '../../../common/schemas/calendar.js';
import type { Databases } from '../db/databases.js';
import type { Database, Queryable } from '../db/types.js';
import { ApiError } from '../lib/errors.js';
import { clientIdOf, newTenantToken, openTenantToken, tokenHash } from '../modules/_platform/tokens.js';

/** The one answer for an unknown, malformed or revoked address (no oracle). */
export const FEED_NOT_FOUND = 'calendar.feed_not_found';

export interface FeedOwner {
  db: Queryable;
  control: Queryable;
  clientDb: string;
  districtId: string;
  accountId: string;
}

const inactive: CalendarFeed = { active: false, createdAt: null, url: null };

export async function feedOf(owner: FeedOwner): Promise<CalendarFeed> {
  const { rows } = await owner.db.query<{ created_at: Date }>('select created_at from calendar_feeds where district_id = $1 and user_id = $2', [owner.districtId, owner.accountId]);
  return rows[0] ? { active: true, createdAt: new Date(rows[0].created_at).toISOString(), url: null } : inactive;
}

/** A new address (the previous one stops working): its URL, this once. */
export async function makeFeed(owner: FeedOwner, publicUrl: string): Promise<CalendarFeed> {
  const token = newTenantToken(await clientIdOf(owner.control, owner.clientDb));
  const { rows } = await owner.db.query<{ created_at: Date }>(
    `insert into calendar_feeds (district_id, user_id, token_hash) values ($1, $2, $3)
     on conflict (district_id, user_id) do update set token_hash = excluded.token_hash, created_at = now()
     returning created_at`,
    [owner.districtId, owner.accountId, tokenHash(token)],
  );
  return { active: true, createdAt: new Date(rows[0]!.created_at).toISOString(), url: `${publicUrl}${calendarFeedPath(token)}` };
}

export async function revokeFeed(owner: FeedOwner): Promise<CalendarFeed> {
  await owner.db.query('delete from calendar_feeds where district_id = $1 and user_id = $2', [owner.districtId, owner.accountId]);
  return inactive;
}

/** Who a public token reads for: its client database, district, account and that member's rights now; else the one 404. */
export async function findFeed(databases: Databases, token: string): Promise<{ db: Database; districtId: string; accountId: string; rights: string[]; language: Language }> {
  const notFound = () => ApiError.notFound(FEED_NOT_FOUND);
  const tenant = await openTenantToken(databases, token);
  if (!tenant) throw notFound();
  const { rows } = await tenant.db.query<{ district_id: string; user_id: string; rights: string[] }>(
    `select f.district_id, f.user_id, m.rights from calendar_feeds f
       join memberships m on m.account_id = f.user_id and m.district_id = f.district_id
      where f.token_hash = $1`,
    [tenant.hash],
  );
  const feed = rows[0];
  if (!feed) throw notFound();
  const { rows: accounts } = await databases.control.query<{ language: Language }>('select language from accounts where id = $1 and not disabled', [feed.user_id]);
  if (!accounts[0]) throw notFound();
  return { db: tenant.db, districtId: feed.district_id, accountId: feed.user_id, rights: feed.rights, language: accounts[0].language };
}

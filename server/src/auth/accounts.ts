/** Accounts (control database) and where a login lands: which client and district. */
import type { ClientRef, DistrictRef } from '../../../common/api-types.js';
import { DEFAULT_PAGE } from '../../../common/constants.js';
import type { Databases } from '../db/databases.js';
import { normalizeEmail } from './email.js';
import type { Queryable } from '../db/types.js';

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  sso: boolean;
  admin: boolean;
  home_client: string;
  home_district: string;
  current_client: string | null;
  current_district: string | null;
  disabled: boolean;
}

export interface Landing {
  client: ClientRef;
  district: DistrictRef;
  defaultPage: string;
}

const ACCOUNT_COLUMNS = 'id, email, password_hash, sso, admin, home_client, home_district, current_client, current_district, disabled';

export async function findAccountByEmail(databases: Databases, email: string): Promise<AccountRow | null> {
  // Stored normalised (email.ts): an exact comparison, no locale-dependent lower().
  const { rows } = await databases.control.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts where email = $1`, [normalizeEmail(email)]);
  return rows[0] ?? null;
}

/** By id (the SSO callback knows the account from its pending login). */
export async function findAccountById(control: Queryable, id: string): Promise<AccountRow | null> {
  const { rows } = await control.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from accounts where id = $1`, [id]);
  return rows[0] ?? null;
}

/** The client and district a district membership gives, or null when there is none. */
export async function membershipLanding(
  databases: Databases,
  accountId: string,
  clientDb: string,
  districtId: string | null,
): Promise<Landing | null> {
  const client = await databases.control.query<ClientRef>('select name, database from clients where database = $1', [clientDb]);
  if (!client.rows[0]) return null;
  const db = await databases.client(clientDb);
  // The named district when the account is a member there, else its first district by name.
  const { rows } = await db.query<{ id: string; name: string; default_page: string | null }>(
    `select d.id, d.name, m.default_page from memberships m join districts d on d.id = m.district_id
      where m.account_id = $1
      order by (d.id = $2::uuid) desc, d.name asc limit 1`,
    [accountId, districtId],
  );
  const row = rows[0];
  if (!row) return null;
  return { client: client.rows[0], district: { _id: row.id, name: row.name }, defaultPage: row.default_page ?? DEFAULT_PAGE };
}

/**
 * Where a login lands: the client and district the account last worked in, else its home
 * client and district, else any district it still belongs to in its home client, else in
 * another client (by client name): an account removed from every district of its home client
 * by that client's administrators still reaches the others.
 */
export async function resolveLanding(databases: Databases, account: AccountRow): Promise<Landing | null> {
  if (account.current_client) {
    const current = await membershipLanding(databases, account.id, account.current_client, account.current_district);
    if (current) return current;
  }
  const home = await membershipLanding(databases, account.id, account.home_client, account.home_district);
  if (home) return home;
  const { rows } = await databases.control.query<{ database: string }>('select database from clients order by name, database');
  for (const { database } of rows) {
    if (database === account.home_client || database === account.current_client) continue;
    const other = await membershipLanding(databases, account.id, database, null);
    if (other) return other;
  }
  return null;
}

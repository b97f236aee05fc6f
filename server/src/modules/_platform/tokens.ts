/**
 * Public tokens that name their client database: the addresses opened without a session (a
 * report's share link, a member's iCal feed). 22 characters naming the client (its registry
 * id, a UUID in base64url: opaque, not the database's name) then 43 characters of a random
 * 256-bit secret. The public route reads the client from the first part (one query on the
 * control database's registry, as a session would name it), opens that client database only,
 * and looks the token up there by the SHA-256 of the whole token. Only that hash is stored: a
 * copy of the database (or of a backup) gives no working address, and the token is shown once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Databases } from '../../db/databases.js';
import type { Database, Queryable } from '../../db/types.js';

const SECRET_BYTES = 32;
const CLIENT_PART = 22;
/** 22 characters of client id, 43 of secret (base64url). */
export const TENANT_TOKEN = /^[A-Za-z0-9_-]{65}$/;

export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

const uuidToPart = (uuid: string): string => Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
function partToUuid(part: string): string {
  const hex = Buffer.from(part, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new token for client `clientId` (its registry id). */
export const newTenantToken = (clientId: string): string => uuidToPart(clientId) + randomBytes(SECRET_BYTES).toString('base64url');

/** The registry id of a client database (a token's first part). */
export async function clientIdOf(control: Queryable, database: string): Promise<string> {
  const { rows } = await control.query<{ id: string }>('select id from clients where database = $1', [database]);
  if (!rows[0]) throw new Error(`no client registered as ${database}`);
  return rows[0].id;
}

/**
 * The client database a token names, and the hash to look it up by there; null for a malformed
 * token or an unknown client (the caller answers its one 404 for both).
 */
export async function openTenantToken(databases: Databases, token: string): Promise<{ db: Database; hash: string } | null> {
  if (!TENANT_TOKEN.test(token)) return null;
  const { rows } = await databases.control.query<{ database: string }>('select database from clients where id = $1', [partToUuid(token.slice(0, CLIENT_PART))]);
  const client = rows[0];
  if (!client) return null;
  return { db: await databases.client(client.database), hash: tokenHash(token) };
}

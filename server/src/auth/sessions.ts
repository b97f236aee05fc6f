/**
 * Sessions live in the control database, one row per login. This module is their only
 * reader and writer: create at login, rotate at refresh (with reuse detection), revoke at
 * logout or account disable, and the per-request "is it still valid" check.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '../db/types.js';
import { hashRefreshSecret, newRefreshSecret } from './tokens.js';

/** Compares two hashes in constant time. */
const safeEqual = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A refresh token replaced less than this long ago is still accepted (two tabs racing). */
const ROTATION_GRACE_MS = 10_000;
/** revoked_reason of the sessions ended because their account left the session's district. */
const REMOVED_FROM_DISTRICT = 'removed_from_district';
/** How long a session's state (valid, tenant) is reused before asking the database again. */
const VALIDITY_CACHE_MS = 2_000;

export interface SessionRow {
  id: string;
  account_id: string;
  client_db: string;
  district_id: string;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface SessionTenant {
  clientDb: string;
  districtId: string;
}

/** A live session: its account and the tenant it is in now. */
export interface SessionState extends SessionTenant {
  accountId: string;
}

export type RotateResult =
  | { ok: true; session: SessionRow; secret: string | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled' };

export class Sessions {
  private validity = new Map<string, { tenant: SessionState | null; until: number }>();
  /** Tells the other server processes a session changed (set by the socket module when there are several). */
  broadcast: ((sessionId: string) => void) | null = null;
  /**
   * Called with the sessions that just ended (logout, refresh-token reuse, reconnect, account
   * disabled), whichever way they ended: the socket module disconnects their sockets on every
   * process. Expiry is signalled by the socket module's own timer.
   */
  onEnded: ((sessionIds: string[]) => void) | null = null;

  constructor(
    private readonly control: Database,
    private readonly ttlSeconds: number,
  ) {}

  async create(input: {
    accountId: string;
    clientDb: string;
    districtId: string;
    ip: string;
    clientIp: string | null;
    reconnect: boolean;
  }): Promise<{ id: string; secret: string; expiresAt: Date }> {
    const id = randomUUID();
    const secret = newRefreshSecret();
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    await this.control.query(
      `insert into sessions (id, account_id, client_db, district_id, refresh_hash, expires_at, created_ip, client_ip, reconnect)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, input.accountId, input.clientDb, input.districtId, hashRefreshSecret(secret), expiresAt, input.ip, input.clientIp, input.reconnect],
    );
    return { id, secret, expiresAt };
  }

  /**
   * Exchanges a refresh secret for a new one. The current secret rotates; the one it replaced
   * is accepted within the grace period without rotating again; anything else is reuse of a
   * stolen or stale token, and revokes the session.
   */
  async rotate(sessionId: string, secret: string): Promise<RotateResult> {
    const result = await this.control.transaction(async (tx): Promise<RotateResult> => {
      const { rows } = await tx.query<SessionRow & { refresh_hash: string; previous_hash: string | null; rotated_at: Date | null; disabled: boolean }>(
        `select s.id, s.account_id, s.client_db, s.district_id, s.expires_at, s.revoked_at,
                s.refresh_hash, s.previous_hash, s.rotated_at, a.disabled
           from sessions s join accounts a on a.id = s.account_id
          where s.id = $1 for update of s`,
        [sessionId],
      );
      const row = rows[0];
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revoked_at) return { ok: false, reason: 'revoked' } as const;
      if (row.disabled) return { ok: false, reason: 'disabled' } as const;
      if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' } as const;
      const presented = hashRefreshSecret(secret);
      if (presented === row.refresh_hash) {
        const next = newRefreshSecret();
        await tx.query(
          `update sessions set previous_hash = refresh_hash, refresh_hash = $2, rotated_at = now(), last_used_at = now() where id = $1`,
          [sessionId, hashRefreshSecret(next)],
        );
        return { ok: true, session: row, secret: next } as const;
      }
      const rotatedAt = row.rotated_at ? new Date(row.rotated_at).getTime() : 0;
      if (presented === row.previous_hash && Date.now() - rotatedAt < ROTATION_GRACE_MS) {
        return { ok: true, session: row, secret: null } as const;
      }
      await tx.query(`update sessions set revoked_at = now(), revoked_reason = 'refresh_reuse' where id = $1`, [sessionId]);
      return { ok: false, reason: 'reused' } as const;
    });
    // After the commit: the sockets of a session ended by reuse close like a logout's.
    if (!result.ok && result.reason === 'reused') this.ended([sessionId]);
    return result;
  }

  /**
   * Whether a refresh cookie's secret is this session's: the current one, or the one it
   * replaced within the grace period (a tab that has not seen the rotation yet). Logout and
   * the reconnect login end a session only when the whole cookie is right.
   */
  async holdsSecret(sessionId: string, secret: string): Promise<boolean> {
    const { rows } = await this.control.query<{ refresh_hash: string; previous_hash: string | null; rotated_at: Date | null }>(
      'select refresh_hash, previous_hash, rotated_at from sessions where id = $1',
      [sessionId],
    );
    const row = rows[0];
    if (!row) return false;
    const presented = hashRefreshSecret(secret);
    if (safeEqual(presented, row.refresh_hash)) return true;
    const rotatedAt = row.rotated_at ? new Date(row.rotated_at).getTime() : 0;
    return row.previous_hash !== null && safeEqual(presented, row.previous_hash) && Date.now() - rotatedAt < ROTATION_GRACE_MS;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await this.control.query(
      'update sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null',
      [sessionId, reason],
    );
    this.ended([sessionId]);
  }

  /**
   * A reconnection replaced this session (reconnect dialog): it ends, if it is this account's.
   * Answers whether it did.
   */
  async replaceByReconnect(sessionId: string, accountId: string): Promise<boolean> {
    const { rows } = await this.control.query<{ id: string }>(
      `update sessions set revoked_at = now(), revoked_reason = 'reconnect'
        where id = $1 and account_id = $2 and revoked_at is null returning id`,
      [sessionId, accountId],
    );
    if (rows.length === 0) return false;
    this.ended([sessionId]);
    return true;
  }

  /** Ends every session of an account (logout everywhere, account disabled). */
  async revokeAccount(accountId: string, reason: string): Promise<string[]> {
    const { rows } = await this.control.query<{ id: string }>(
      'update sessions set revoked_at = now(), revoked_reason = $2 where account_id = $1 and revoked_at is null returning id',
      [accountId, reason],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) this.ended(ids);
    return ids;
  }

  /**
   * Ends the account's sessions that are in one district (the account was removed from it);
   * its sessions elsewhere go on.
   */
  async revokeInDistrict(accountId: string, clientDb: string, districtId: string): Promise<string[]> {
    const { rows } = await this.control.query<{ id: string }>(
      `update sessions set revoked_at = now(), revoked_reason = $4
        where account_id = $1 and client_db = $2 and district_id = $3 and revoked_at is null returning id`,
      [accountId, clientDb, districtId, REMOVED_FROM_DISTRICT],
    );
    const ids = rows.map((r) => r.id);
    if (ids.length > 0) this.ended(ids);
    return ids;
  }

  /**
   * The account and tenant of a session now, or null when it may no longer be used (revoked,
   * expired, account disabled). An access token minted before a client or district change
   * names the old tenant; callers compare (the account too).
   */
  async current(sessionId: string): Promise<SessionState | null> {
    const cached = this.validity.get(sessionId);
    if (cached && cached.until > Date.now()) return cached.tenant;
    const { rows } = await this.control.query<{ valid: boolean; account_id: string; client_db: string; district_id: string }>(
      `select (s.revoked_at is null and s.expires_at > now() and not a.disabled) as valid, s.account_id, s.client_db, s.district_id
         from sessions s join accounts a on a.id = s.account_id where s.id = $1`,
      [sessionId],
    );
    const row = rows[0];
    const tenant = row?.valid ? { accountId: row.account_id, clientDb: row.client_db, districtId: row.district_id } : null;
    if (this.validity.size > 50_000) this.validity.clear();
    this.validity.set(sessionId, { tenant, until: Date.now() + VALIDITY_CACHE_MS });
    return tenant;
  }

  /** When a live session stops being valid (its expiry), or null when it is not live now. */
  async validUntil(sessionId: string): Promise<Date | null> {
    const { rows } = await this.control.query<{ expires_at: Date }>(
      'select expires_at from sessions where id = $1 and revoked_at is null and expires_at > now()',
      [sessionId],
    );
    return rows[0] ? new Date(rows[0].expires_at) : null;
  }

  /**
   * Why a session stopped being valid, when the user should be told: its account is disabled,
   * or it was removed from the session's district; null for anything else (logout, expiry...).
   */
  async endReason(sessionId: string): Promise<'disabled' | 'removed' | null> {
    const { rows } = await this.control.query<{ disabled: boolean; revoked_reason: string | null }>(
      'select a.disabled, s.revoked_reason from sessions s join accounts a on a.id = s.account_id where s.id = $1',
      [sessionId],
    );
    if (rows[0]?.disabled === true) return 'disabled';
    return rows[0]?.revoked_reason === REMOVED_FROM_DISTRICT ? 'removed' : null;
  }

  /** Moves a session to another client database and district (change client / district). */
  async moveTo(sessionId: string, tenant: SessionTenant): Promise<void> {
    await this.control.query('update sessions set client_db = $2, district_id = $3 where id = $1', [sessionId, tenant.clientDb, tenant.districtId]);
    this.changed(sessionId);
  }

  /** Drops what this process cached of a session another process changed. */
  forget(sessionId: string): void {
    this.validity.delete(sessionId);
  }

  private changed(sessionId: string): void {
    this.validity.delete(sessionId);
    this.broadcast?.(sessionId);
  }

  /** Sessions that ended: other processes drop their cached state, and their sockets close. */
  private ended(sessionIds: string[]): void {
    for (const id of sessionIds) {
      this.validity.set(id, { tenant: null, until: Date.now() + VALIDITY_CACHE_MS });
      this.broadcast?.(id);
    }
    this.onEnded?.(sessionIds);
  }

}

/**
 * Login throttling (spec section 8, "redis info"): each failed login counts against the pair
 * (e-mail, address) and against the address. Failures answer with the attempts so far and
 * the maximum; past the maximum the pair is locked for a time that doubles with each lockout
 * (5 min up to 1 h), and the answer gives the seconds left. An address that fails on many
 * e-mails is locked the same way. A success clears the pair. The state is in the control
 * database so every server process sees the same counts.
 */
import type { RedisInfo } from '../../../common/api-types.js';
import type { Database } from '../db/types.js';
import { normalizeEmail } from './email.js';

export const MAX_ATTEMPTS = 5;
export const MAX_ATTEMPTS_PER_ADDRESS = 50;
const WINDOW_SECONDS = 15 * 60;
const FIRST_LOCKOUT_SECONDS = 5 * 60;
const MAX_LOCKOUT_SECONDS = 60 * 60;

// The e-mail as the account lookup sees it (email.ts): a look-alike spelling is the same key.
const pairKey = (email: string, ip: string) => `pair:${normalizeEmail(email)}|${ip}`;
const addressKey = (ip: string) => `ip:${ip}`;

export class LoginThrottle {
  constructor(private readonly control: Database) {}

  /** Seconds left on a lockout of this pair or address, or 0. */
  async lockedFor(email: string, ip: string): Promise<number> {
    const { rows } = await this.control.query<{ seconds: number }>(
      `select coalesce(max(ceil(extract(epoch from (locked_until - now())))), 0)::int as seconds
         from login_throttle where key = any($1) and locked_until > now()`,
      [[pairKey(email, ip), addressKey(ip)]],
    );
    return rows[0]?.seconds ?? 0;
  }

  /** Records a failure; answers what the user is told: attempts so far, or the lockout. */
  async fail(email: string, ip: string): Promise<RedisInfo> {
    const pair = await this.count(pairKey(email, ip), MAX_ATTEMPTS);
    const address = await this.count(addressKey(ip), MAX_ATTEMPTS_PER_ADDRESS);
    const lockout = Math.max(pair.lockoutSeconds, address.lockoutSeconds);
    return lockout > 0 ? { lockoutSeconds: lockout } : { attempts: pair.failures, maxAttempts: MAX_ATTEMPTS };
  }

  async succeed(email: string, ip: string): Promise<void> {
    await this.control.query('delete from login_throttle where key = $1', [pairKey(email, ip)]);
  }

  private async count(key: string, max: number): Promise<{ failures: number; lockoutSeconds: number }> {
    return this.control.transaction(async (tx) => {
      // A new window once the old one is over; failures count up inside it.
      const { rows } = await tx.query<{ failures: number; lockouts: number }>(
        `insert into login_throttle (key, failures) values ($1, 1)
         on conflict (key) do update set
           failures = case when login_throttle.window_started_at < now() - make_interval(secs => $2) then 1 else login_throttle.failures + 1 end,
           window_started_at = case when login_throttle.window_started_at < now() - make_interval(secs => $2) then now() else login_throttle.window_started_at end
         returning failures, lockouts`,
        [key, WINDOW_SECONDS],
      );
      const row = rows[0]!;
      if (row.failures < max) return { failures: row.failures, lockoutSeconds: 0 };
      const seconds = Math.min(FIRST_LOCKOUT_SECONDS * 2 ** row.lockouts, MAX_LOCKOUT_SECONDS);
      await tx.query(
        `update login_throttle set locked_until = now() + make_interval(secs => $2), lockouts = lockouts + 1, failures = 0, window_started_at = now() where key = $1`,
        [key, seconds],
      );
      return { failures: row.failures, lockoutSeconds: seconds };
    });
  }
}

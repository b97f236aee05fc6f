/**
 * Access tokens (short-lived HS256 JWTs) and refresh tokens (random secrets, stored hashed).
 * The refresh cookie value is `<session id>.<secret>`.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { AccessClaims } from '../../../common/api-types.js';

export type TokenFailure = 'token_expired' | 'token_invalid';

/** Verified tokens kept at most; past this the map is emptied (a burst of new sessions). */
const MAX_VERIFIED = 10_000;

export class AccessTokens {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, by their exact text: a token is immutable, so the same bytes
   * verify the same way until `exp`, and the app sends one token for its whole lifetime.
   * Saves the HMAC and JSON parsing on every request; the session itself is still checked
   * on every request (Sessions.current).
   */
  private readonly verified = new Map<string, AccessClaims>();

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: Omit<AccessClaims, 'exp'>): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date((Math.floor(Date.now() / 1000) + this.ttlSeconds) * 1000);
    const token = await new SignJWT({ email: claims.email, db: claims.db, did: claims.did, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      // A token id of its own: two tokens signed in the same second for the same session (a
      // refresh right after the login) are still two tokens, so a refresh never hands back
      // the token the app already holds.
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** The claims of a valid token, or why it is not valid. */
  async verify(token: string): Promise<AccessClaims | TokenFailure> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp * 1000 > Date.now()) return known;
      this.verified.delete(token);
      return 'token_expired';
    }
    const result = await this.verifyNow(token);
    if (typeof result !== 'string') {
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, result);
    }
    return result;
  }

  private async verifyNow(token: string): Promise<AccessClaims | TokenFailure> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { sub, email, db, did, sid, exp } = payload;
      if ([sub, email, db, did, sid].some((v) => typeof v !== 'string') || typeof exp !== 'number') return 'token_invalid';
      return { sub, email, db, did, sid, exp } as AccessClaims;
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'token_expired' : 'token_invalid';
    }
  }
}

export const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

export const hashRefreshSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export function parseRefreshCookie(value: string | undefined): { sessionId: string; secret: string } | null {
  if (!value) return null;
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  return match ? { sessionId: match[1]!, secret: match[2]! } : null;
}

export const newJwtSecret = (): string => randomBytes(48).toString('base64url');

/**
 * Session state and its transitions: start (login), restore (new tab, relaunch), token
 * replacement (refresh) and end (logout). The keys live in storage.ts; the client IP and the
 * default page live here in memory only. No HTTP here: features/auth calls the endpoints and
 * then these functions; the app listens to `onSessionEnded` to clear the query cache and go to
 * /login.
 */
import type { SessionData } from '../../common/api-types';
import { resetEnvelope } from './envelope-store';
import { decodeAccessClaims, msUntilExpiry, noteTokenReceived } from './jwt';
import {
  clearSessionStorageKeys,
  createTempId,
  ensureTempId,
  getSessionEmail,
  getToken,
  setAwaitingReconnection,
  setSessionDistrictId,
  setSessionEmail,
  setSsoCookie,
  setToken,
} from './storage';

export type SessionEndReason = 'logout' | 'token' | 'restore' | 'other-tab';

type EndListener = (reason: SessionEndReason) => void;

interface Memory {
  clientIp: string | null;
  defaultPage: string | null;
}

const memory: Memory = { clientIp: null, defaultPage: null };
const endListeners = new Set<EndListener>();

/** Authenticated = a token in localStorage and a session e-mail in this tab (after restore). */
export function isAuthenticated(): boolean {
  return getToken() !== null && getSessionEmail() !== null;
}

export const getClientIp = (): string | null => memory.clientIp;
export function setClientIp(ip: string | null): void {
  memory.clientIp = ip;
}

export const getDefaultPage = (): string | null => memory.defaultPage;
export function setDefaultPage(page: string | null): void {
  memory.defaultPage = page;
}

/** After a successful login (password or SSO). Rights and modules come with the envelope. */
export function startSession(data: SessionData, options: { sso?: boolean } = {}): void {
  setToken(data.token);
  noteTokenReceived(data.token);
  setSessionEmail(data.email);
  setSessionDistrictId(data.district._id);
  createTempId();
  setSsoCookie(options.sso ?? false);
  setAwaitingReconnection(false);
  memory.clientIp = data.clientIp || null;
  memory.defaultPage = data.defaultPage || null;
}

export type StoredTokenState = 'none' | 'invalid' | 'expired' | 'valid';

/**
 * First step of a restore: a new tab or a relaunched app has an empty sessionStorage but the
 * token in localStorage. Refill the tab's keys from the token's claims so the user stays
 * logged in; say whether the token still needs a refresh.
 */
export function restoreFromStoredToken(now: number = Date.now()): StoredTokenState {
  const token = getToken();
  if (token === null) return 'none';
  if (!applyTokenClaims(token)) return 'invalid';
  ensureTempId();
  const remaining = msUntilExpiry(token, now);
  return remaining !== null && remaining > 0 ? 'valid' : 'expired';
}

/** A refreshed token replaces the stored one; its claims refill the tab's keys. */
export function replaceToken(token: string): void {
  setToken(token);
  noteTokenReceived(token);
  applyTokenClaims(token);
}

function applyTokenClaims(token: string): boolean {
  const claims = decodeAccessClaims(token);
  if (claims === null) return false;
  setSessionEmail(claims.email);
  setSessionDistrictId(claims.did);
  return true;
}

/** Local logout: every session key, the memory and the envelope state go. Idempotent. */
export function endSession(reason: SessionEndReason): void {
  clearSessionStorageKeys();
  memory.clientIp = null;
  memory.defaultPage = null;
  resetEnvelope();
  for (const listener of endListeners) listener(reason);
}

export function onSessionEnded(listener: EndListener): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Tests only: forget the in-memory part between tests. */
export function resetSessionMemory(): void {
  memory.clientIp = null;
  memory.defaultPage = null;
}

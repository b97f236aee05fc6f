/**
 * Every browser storage key of the app, named once (spec section 3), with typed accessors.
 * Nothing else reads or writes localStorage, sessionStorage or the `sso` cookie.
 *
 * localStorage (shared by the tabs, survives a relaunch):
 *   rights                JSON array of right strings, from the last response envelope
 *   districtModules       JSON array of { name }, from the last response envelope
 *   token                 the access token (short-lived JWT)
 *   awaitingReconnection  'true' | 'false': a temporary logout waits for the reconnect dialog
 *   reset                 'true' after a client or district change
 *   lang                  the language the user chose ('fr' | 'en'); not a session key
 *   queryCache            the persisted read cache (app/query-client.ts), so the installed
 *                         app starts offline with the last session's data
 *   queryCacheOwner       whose it is: user|client database|district of the token that
 *                         wrote it; another owner never reads it
 *   mapLayers             the map's layer switches, JSON { [owner]: { [layer id]: boolean } }
 *                         (owner as queryCacheOwner): each user's own, kept at logout like lang
 * sessionStorage (one tab; empty in a new tab or a relaunched installed app):
 *   usr_e                 the session e-mail, base64 of UTF-8
 *   usr_d_id              the district id, base64 of UTF-8
 *   temp_id               a random id per tab (crypto.randomUUID), created at login or
 *                         restore: the tab's identity for the socket and the outbox drainer
 * cookie:
 *   sso                   'true' | 'false' (path=/, SameSite=Lax): the session came from SSO
 */
import type { DistrictModule } from '../../common/api-types';
import { decodeBase64Utf8, encodeBase64Utf8 } from './base64';

export const LOCAL_KEYS = {
  rights: 'rights',
  districtModules: 'districtModules',
  token: 'token',
  awaitingReconnection: 'awaitingReconnection',
  reset: 'reset',
  lang: 'lang',
  queryCache: 'queryCache',
  queryCacheOwner: 'queryCacheOwner',
  mapLayers: 'mapLayers',
} as const;

export const SESSION_KEYS = {
  email: 'usr_e',
  districtId: 'usr_d_id',
  tempId: 'temp_id',
} as const;

export const COOKIE_KEYS = {
  sso: 'sso',
} as const;

type LocalKey = (typeof LOCAL_KEYS)[keyof typeof LOCAL_KEYS];
type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

// Storage can throw (quota, privacy modes); a failed write must not break the app.
function read(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function write(store: () => Storage, key: string, value: string | null): void {
  try {
    // Every API answer stores the envelope's rights and modules, nearly always unchanged:
    // reading is served from the page's copy, while each setItem is a write to the browser's
    // store (a fifth of the dashboard's own main-thread time at start, bench trace).
    if (store().getItem(key) === value) return;
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Nothing sensible to do: the value lives on in memory where it matters.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;
const readLocal = (key: LocalKey) => read(local, key);
const writeLocal = (key: LocalKey, value: string | null) => write(local, key, value);
const readSession = (key: SessionKey) => read(session, key);
const writeSession = (key: SessionKey, value: string | null) => write(session, key, value);

function readJsonArray<T>(key: LocalKey, isItem: (item: unknown) => item is T): T[] {
  const raw = readLocal(key);
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

const isString = (item: unknown): item is string => typeof item === 'string';
const isModule = (item: unknown): item is DistrictModule =>
  typeof item === 'object' && item !== null && typeof (item as DistrictModule).name === 'string';

function readEncoded(key: SessionKey): string | null {
  const raw = readSession(key);
  if (raw === null) return null;
  try {
    return decodeBase64Utf8(raw);
  } catch {
    return null;
  }
}

// localStorage

export const getRights = (): string[] => readJsonArray(LOCAL_KEYS.rights, isString);
export const setRights = (rights: readonly string[]): void =>
  writeLocal(LOCAL_KEYS.rights, JSON.stringify(rights));

export const getDistrictModules = (): DistrictModule[] =>
  readJsonArray(LOCAL_KEYS.districtModules, isModule);
export const setDistrictModules = (modules: readonly DistrictModule[]): void =>
  writeLocal(LOCAL_KEYS.districtModules, JSON.stringify(modules.map(({ name }) => ({ name }))));

export const getToken = (): string | null => readLocal(LOCAL_KEYS.token);
export const setToken = (token: string): void => writeLocal(LOCAL_KEYS.token, token);

export const isAwaitingReconnection = (): boolean => readLocal(LOCAL_KEYS.awaitingReconnection) === 'true';
export const setAwaitingReconnection = (awaiting: boolean): void =>
  writeLocal(LOCAL_KEYS.awaitingReconnection, String(awaiting));

export const isResetPending = (): boolean => readLocal(LOCAL_KEYS.reset) === 'true';
export const setResetPending = (reset: boolean): void => writeLocal(LOCAL_KEYS.reset, String(reset));

export const getStoredLanguage = (): string | null => readLocal(LOCAL_KEYS.lang);
export const setStoredLanguage = (language: string): void => writeLocal(LOCAL_KEYS.lang, language);

/** The persisted read cache, only for the owner that wrote it. */
export const getQueryCache = (owner: string): string | null =>
  readLocal(LOCAL_KEYS.queryCacheOwner) === owner ? readLocal(LOCAL_KEYS.queryCache) : null;
export function setQueryCache(owner: string, value: string): void {
  writeLocal(LOCAL_KEYS.queryCacheOwner, owner);
  writeLocal(LOCAL_KEYS.queryCache, value);
}
/** Logout, client or district change: the old tenant's data must not come back. */
export function clearQueryCache(): void {
  writeLocal(LOCAL_KEYS.queryCache, null);
  writeLocal(LOCAL_KEYS.queryCacheOwner, null);
}

/** The map's layer switches of `owner` (empty when none or unreadable). */
export function getMapLayerSwitches(owner: string): Record<string, boolean> {
  try {
    const all: unknown = JSON.parse(readLocal(LOCAL_KEYS.mapLayers) ?? '{}');
    const mine: unknown = typeof all === 'object' && all !== null ? (all as Record<string, unknown>)[owner] : undefined;
    if (typeof mine !== 'object' || mine === null) return {};
    return Object.fromEntries(Object.entries(mine).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    return {};
  }
}
export function setMapLayerSwitches(owner: string, switches: Readonly<Record<string, boolean>>): void {
  let all: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(readLocal(LOCAL_KEYS.mapLayers) ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) all = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: started afresh.
  }
  writeLocal(LOCAL_KEYS.mapLayers, JSON.stringify({ ...all, [owner]: switches }));
}

// sessionStorage

export const getSessionEmail = (): string | null => readEncoded(SESSION_KEYS.email);
export const setSessionEmail = (email: string): void =>
  writeSession(SESSION_KEYS.email, encodeBase64Utf8(email));

export const getSessionDistrictId = (): string | null => readEncoded(SESSION_KEYS.districtId);
export const setSessionDistrictId = (districtId: string): void =>
  writeSession(SESSION_KEYS.districtId, encodeBase64Utf8(districtId));

export const getTempId = (): string | null => readSession(SESSION_KEYS.tempId);
/** Replaces the tab id (at login). */
export function createTempId(): string {
  const id = crypto.randomUUID();
  writeSession(SESSION_KEYS.tempId, id);
  return id;
}
/** Keeps the tab id if this tab already has one (at restore). */
export const ensureTempId = (): string => getTempId() ?? createTempId();

// cookie

export function getSsoCookie(): boolean | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE_KEYS.sso}=`));
  return entry === undefined ? null : entry.slice(COOKIE_KEYS.sso.length + 1) === 'true';
}

export function setSsoCookie(sso: boolean): void {
  document.cookie = `${COOKIE_KEYS.sso}=${String(sso)}; path=/; SameSite=Lax`;
}

function deleteSsoCookie(): void {
  document.cookie = `${COOKIE_KEYS.sso}=; path=/; SameSite=Lax; max-age=0`;
}

/** Logout: every session key above goes; the language choice stays. */
export function clearSessionStorageKeys(): void {
  for (const key of [
    LOCAL_KEYS.rights,
    LOCAL_KEYS.districtModules,
    LOCAL_KEYS.token,
    LOCAL_KEYS.awaitingReconnection,
    LOCAL_KEYS.reset,
    LOCAL_KEYS.queryCache,
    LOCAL_KEYS.queryCacheOwner,
  ]) {
    writeLocal(key, null);
  }
  for (const key of Object.values(SESSION_KEYS)) writeSession(key, null);
  deleteSsoCookie();
}

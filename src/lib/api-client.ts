/**
 * THE HTTP channel: the one ky instance every API call goes through (docs/api.md), its hooks,
 * the token refresh, and the typed helpers that return the envelope's `data`.
 *
 * - beforeRequest: refresh a token that expires within a minute (one refresh in flight per
 *   tab, one across tabs through a Web Lock), then Authorization, X-Client-IP and no-cache.
 * - afterResponse (ky hands each hook its own clone of the response): every JSON 2xx envelope
 *   goes to the envelope store (rights, modules, counts); a 401 token_expired / token_invalid
 *   shows a persistent warning and logs out, repeats suppressed for TOKEN_ERROR_SUPPRESS_MS.
 *   The error catalogue's global rows apply here (error-catalogue.ts, catalogue-effects.ts):
 *   an envelope's success message, an error's redirection or logout flag.
 *   A 401 session.tenant_changed refreshes the token once and replays the request once.
 * - beforeError: every failure becomes an ApiError { status, body } (status 0: no answer).
 *
 * The hooks are plain functions exported for the unit tests.
 */
import ky, { isHTTPError, type HTTPError, type Options } from 'ky';
import type { ApiErrorBody, Envelope, RefreshData } from '../../common/api-types';
import { API_PREFIX, BACKGROUND_READ_HEADER, CLIENT_IP_HEADER, TOKEN_ERROR_SUPPRESS_MS } from '../../common/constants';
import { isBackgroundRead } from './background-reads';
import { applyOutcome, appTranslate } from './catalogue-effects';
import { observedFetch } from './connectivity';
import { isEnvelope, publishEnvelope } from './envelope-store';
import { catalogueOutcome } from './error-catalogue';
import { msUntilExpiry } from './jwt';
import { finishTransfer, startTransfer, updateTransfer } from './progress';
import { isAwaitingReconnection, ReconnectionCancelledError, waitForReconnection } from './reconnection';
import { createRequestCache, requestCacheKey } from './request-cache';
import { getClientIp, onSessionEnded, replaceToken } from './session';
import { getSessionDistrictId, getSessionEmail, getToken } from './storage';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when no answer came (offline, timeout, refused). */
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Refresh the access token when it expires within this margin. */
export const REFRESH_MARGIN_MS = 60_000;

// Calls of the login/refresh/logout flow: they never wait for a refresh, and they are the only
// ones let through while awaiting reconnection (spec section 4: login, refresh and auth).
const AUTH_FLOW_PATHS = new Set(['auth/login', 'auth/loginSSO', 'auth/refresh', 'auth/logout', 'auth/clientIp']);
// Routes that may answer without a session: their envelope can carry empty rights, which must
// not wipe the stored ones.
const SESSIONLESS_PATHS = new Set(['auth/clientIp', 'auth/loginSSO', 'config', 'config/maintenance']);
const LOGIN_PATHS = new Set(['auth/login']);
const TOKEN_ERRORS = new Set(['token_expired', 'token_invalid']);
/** 401 for a token minted before a client/district change (docs/api.md): refresh, retry once. */
export const TENANT_CHANGED = 'session.tenant_changed';

/** '/api/auth/login?x=1' → 'auth/login' */
export function apiPath(request: Request): string {
  const { pathname } = new URL(request.url);
  const prefix = `${API_PREFIX}/`;
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname.replace(/^\//, '');
}

const isAuthFlow = (request: Request): boolean => AUTH_FLOW_PATHS.has(apiPath(request));

function setCommonHeaders(request: Request): void {
  const ip = getClientIp();
  if (ip !== null) request.headers.set(CLIENT_IP_HEADER, ip);
  request.headers.set('Cache-Control', 'no-cache');
  request.headers.set('Pragma', 'no-cache');
}

// --- token errors -------------------------------------------------------------------------

let lastTokenErrorAt = Number.NEGATIVE_INFINITY;

/** 401 token_expired / token_invalid: persistent warning with the translated message, logout. */
export function handleTokenError(message: string, now: number = Date.now()): void {
  if (now - lastTokenErrorAt < TOKEN_ERROR_SUPPRESS_MS) return;
  lastTokenErrorAt = now;
  // The catalogue's first row (persistent warning + logout); only the suppression lives here.
  applyOutcome(catalogueOutcome({ kind: 'error', status: 401, body: { message, logout: true } }, appTranslate));
}

// --- refresh -------------------------------------------------------------------------------

function errorBody(status: number, data: unknown): ApiErrorBody {
  return typeof data === 'object' && data !== null && typeof (data as ApiErrorBody).message === 'string'
    ? (data as ApiErrorBody)
    : { message: status >= 500 ? 'internal_error' : 'communication_error' };
}

/** Any failure as an ApiError. An HTTPError that has not been through beforeError keeps no body. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) return new ApiError(error.response.status, errorBody(error.response.status, undefined));
  return new ApiError(0, { message: 'communication_error' });
}

/** ky's beforeError: the failed answer's JSON body becomes the ApiError's body. */
async function readHttpError(error: HTTPError): Promise<ApiError> {
  return new ApiError(error.response.status, errorBody(error.response.status, await readJson(error.response)));
}

// ky 1 types beforeError as HTTPError → HTTPError; it throws whatever the hook returns.
const asHookError = (error: ApiError): HTTPError => error as unknown as HTTPError;

const baseOptions: Options = {
  // Request needs an absolute URL outside browsers (tests); in a browser this is the same origin.
  prefixUrl: `${globalThis.location?.origin ?? ''}${API_PREFIX}`,
  credentials: 'same-origin',
  retry: 0,
};

// The refresh call bypasses the main instance's hooks (it must not wait for itself).
const authFlowClient = ky.create({
  ...baseOptions,
  hooks: {
    beforeRequest: [(request) => setCommonHeaders(request)],
    beforeError: [async (error) => asHookError(await readHttpError(error))],
  },
});

let refreshInFlight: Promise<string> | null = null;

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  // The refresh cookie rotates and reuse revokes the session: two tabs must never refresh at
  // the same time. Where Web Locks are missing (old browsers, jsdom) the tab-level promise
  // below is the only guard.
  const locks = globalThis.navigator?.locks;
  return locks === undefined ? task() : locks.request('vigie-token-refresh', task);
}

async function performRefresh(staleToken: string | null): Promise<string> {
  return withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock.
    const current = getToken();
    if (current !== null && current !== staleToken) {
      const remaining = msUntilExpiry(current);
      if (remaining !== null && remaining > REFRESH_MARGIN_MS) return current;
    }
    try {
      const envelope = await authFlowClient.post('auth/refresh').json<Envelope<RefreshData>>();
      replaceToken(envelope.data.token);
      // The refresh answers with the session's current rights (e.g. after a district change).
      if (isEnvelope(envelope)) publishEnvelope(envelope);
      return envelope.data.token;
    } catch (error) {
      throw toApiError(error);
    }
  });
}

/**
 * POST /api/auth/refresh (the httpOnly refresh cookie). Concurrent callers share one call.
 * Rejects with an ApiError (401 when the refresh cookie is refused).
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= performRefresh(getToken()).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// --- hooks ---------------------------------------------------------------------------------

export async function beforeRequestHook({ request }: { request: Request }): Promise<void> {
  // The request gate (spec section 4): while awaiting reconnection, everything but the auth
  // flow waits here (ky's per-request timeout only starts with the fetch), then goes with the
  // token the reconnection stored, or fails cleanly when the user goes back to login.
  if (isAwaitingReconnection() && !isAuthFlow(request)) {
    try {
      await waitForReconnection();
    } catch (error) {
      if (error instanceof ReconnectionCancelledError) throw new ApiError(401, { message: error.message });
      throw error;
    }
  }
  let token = getToken();
  if (token !== null && !isAuthFlow(request)) {
    const remaining = msUntilExpiry(token);
    if (remaining !== null && remaining < REFRESH_MARGIN_MS) {
      try {
        token = await refreshAccessToken();
      } catch (error) {
        const apiError = toApiError(error);
        if (apiError.status === 401) {
          handleTokenError(TOKEN_ERRORS.has(apiError.body.message) ? apiError.body.message : 'token_expired');
          throw apiError;
        }
        // No answer (offline): go on with the current token; the server decides.
      }
    }
  }
  if (token !== null) request.headers.set('Authorization', `Bearer ${token}`);
  setCommonHeaders(request);
}

/**
 * The catalogue rows the HTTP channel applies for every caller (docs/api.md "Errors"): an error
 * with `redirection` (toast if translated, then navigate) or with `logout: true` (toast, then
 * logout). Every other error is its caller's to show (describeApiError), so nothing shows twice.
 */
function applyGlobalError(status: number, body: unknown): void {
  if (typeof body !== 'object' || body === null || typeof (body as ApiErrorBody).message !== 'string') return;
  const error = body as ApiErrorBody;
  if (error.redirection === undefined && error.logout !== true) return;
  // A late answer to a request of a session that has ended (parallel requests refused at once).
  if (getToken() === null) return;
  applyOutcome(catalogueOutcome({ kind: 'error', status, body: error }, appTranslate));
}

async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** ky `context` flags a caller may set on one request. */
export interface RequestContext {
  /**
   * Do not refresh-and-replay on 401 session.tenant_changed: the caller's request belongs to
   * one tenant (an emergency alert) and must wait for it rather than go to the new one.
   */
  noTenantReplay?: boolean;
  /**
   * The caller reads the answer's JSON and publishes its envelope itself (requestEnvelope,
   * publishAnswer): the afterResponse hook does not parse it a second time. Every answer of
   * the typed helpers was parsed twice on the main thread, the district's emergency list
   * (megabytes) among them.
   */
  readsEnvelope?: boolean;
}

/** Whether an answer to `path` may publish its envelope now (not a sessionless route, not a late answer of an ended session). */
function mayPublish(path: string): boolean {
  if (SESSIONLESS_PATHS.has(path)) return false;
  // A late answer to a request of a session that has ended must not bring its rights back.
  return getToken() !== null || LOGIN_PATHS.has(path);
}

/** A 2xx answer's body: its envelope to the envelope store, its success message shown (spec section 8). */
function publishAnswer(status: number, body: unknown): void {
  if (!isEnvelope(body)) return;
  publishEnvelope(body);
  // An envelope's success message is a toast, shown here once for every caller
  // (user_duplicated and its kin as persistent errors, others if translated).
  if (body.message !== undefined) applyOutcome(catalogueOutcome({ kind: 'success', status, message: body.message }, appTranslate));
}

export async function afterResponseHook({
  request,
  response,
  retryCount = 0,
  options,
}: {
  request: Request;
  response: Response;
  retryCount?: number;
  options?: { context?: RequestContext };
}): Promise<ReturnType<typeof ky.retry> | void> {
  // Not modified: the answer to a conditional request (apiGetIfChanged), its caller's to read.
  if (response.status === 304) return;
  if (response.ok) {
    if (options?.context?.readsEnvelope === true || !mayPublish(apiPath(request))) return;
    publishAnswer(response.status, await readJson(response));
    return;
  }
  // The auth flow answers for itself (a logout with an expired token is still a logout).
  if (isAuthFlow(request)) return;
  const body = await readJson(response);
  const message = (body as Partial<ApiErrorBody> | undefined)?.message;
  if (response.status === 401 && message !== undefined && TOKEN_ERRORS.has(message)) {
    // Without a token the session has already ended here, and said why (a request of a page
    // still mounted, sent after an account_disabled logout): no second warning, no second end.
    if (getToken() !== null) handleTokenError(message);
  } else applyGlobalError(response.status, body);
  // The session moved to another tenant (this tab or another one changed client/district):
  // the session is fine, only this token is stale. Never a logout: one refresh (shared with
  // any other caller) and one retry; a second tenant_changed is left to the caller.
  if (response.status === 401 && message === TENANT_CHANGED && retryCount === 0 && options?.context?.noTenantReplay !== true) {
    let token: string;
    try {
      token = await refreshAccessToken();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) handleTokenError(TOKEN_ERRORS.has(apiError.body.message) ? apiError.body.message : 'token_expired');
      throw apiError;
    }
    const headers = new Headers(request.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return ky.retry({ request: new Request(request, { headers }), code: 'TENANT_CHANGED', delay: 0 });
  }
}

/** Who listens to failed answers of one status (the terms of use to accept: 428, features/tc). */
const statusListeners = new Map<number, Set<(message: string) => void>>();

/** Calls `listener` with the message of every failed answer of `status`; answers the function that stops it. */
export function onApiErrorStatus(status: number, listener: (message: string) => void): () => void {
  const listeners = statusListeners.get(status) ?? new Set();
  statusListeners.set(status, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function beforeErrorHook({ error }: { error: HTTPError }): Promise<ApiError> {
  const apiError = await readHttpError(error);
  for (const listener of statusListeners.get(apiError.status) ?? []) listener(apiError.body.message);
  return apiError;
}

/** The one ky instance. Prefer the typed helpers below. */
export const api = ky.create({
  ...baseOptions,
  // No automatic retries (no method, no status qualifies), but a limit of 1 makes ky keep a
  // clone of each request so the afterResponse hook can replay it once (tenant_changed).
  retry: { limit: 1, methods: [], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
  fetch: observedFetch, // every call tells the connection banner how it went (connectivity.ts)
  // ky 1 passes positional arguments; the hooks take one object (as the unit tests call them).
  hooks: {
    beforeRequest: [(request) => beforeRequestHook({ request })],
    afterResponse: [(request, options, response, { retryCount }) => afterResponseHook({ request, options, response, retryCount })],
    beforeError: [async (error) => asHookError(await beforeErrorHook({ error }))],
  },
});

// --- typed helpers -------------------------------------------------------------------------

export type RequestOptions = Omit<Options, 'json' | 'method'>;

/** One answer: its status, its envelope ('' when it has no body) and its headers. */
async function requestAnswer<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: Options = {},
): Promise<{ status: number; envelope: Envelope<T>; headers: Headers }> {
  try {
    const headers = new Headers(options.headers as HeadersInit | undefined);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    if (isBackgroundRead(options.signal)) headers.set(BACKGROUND_READ_HEADER, '1');
    const context = { ...options.context, readsEnvelope: true } satisfies Record<string, unknown> & RequestContext;
    const response = await api(path, { ...options, method, headers, context });
    // Parsed once, here (the afterResponse hook leaves it: readsEnvelope), as ky's json() would.
    const text = response.status === 204 || response.status === 304 ? '' : await response.text();
    const envelope = (text === '' ? '' : JSON.parse(text)) as Envelope<T>;
    if (response.status !== 304 && mayPublish(path.split('?')[0]!.replace(/^\//, ''))) publishAnswer(response.status, envelope);
    return { status: response.status, envelope, headers: response.headers };
  } catch (error) {
    throw toApiError(error);
  }
}

export async function requestEnvelope<T>(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  options: Options = {},
): Promise<Envelope<T>> {
  return (await requestAnswer<T>(method, path, options)).envelope;
}

/** A query function's abort signal as request options (none: no option). */
export const withSignal = (signal?: AbortSignal): RequestOptions => (signal === undefined ? {} : { signal });

export async function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>('get', path, options)).data;
}

/** A conditional GET's answer: unchanged (304), or the data and its ETag (null: the server sent none). */
export type IfChanged<T> = { changed: false } | { changed: true; data: T; etag: string | null };

/**
 * GET with If-None-Match `etag` (none: an ordinary GET): a 304 is `{ changed: false }` (no body,
 * nothing published), a 2xx the data and the answer's ETag, any failure an ApiError as apiGet's.
 */
export async function apiGetIfChanged<T>(path: string, etag: string | undefined, options?: RequestOptions): Promise<IfChanged<T>> {
  const headers = new Headers(options?.headers as HeadersInit | undefined);
  if (etag !== undefined) headers.set('if-none-match', etag);
  const answer = await requestAnswer<T>('get', path, { ...options, headers, throwHttpErrors: (status) => status !== 304 });
  if (answer.status === 304) return { changed: false };
  return { changed: true, data: answer.envelope.data, etag: answer.headers.get('etag') };
}

export async function apiPost<T>(path: string, json?: unknown, options?: RequestOptions): Promise<T> {
  const call = async () => (await requestEnvelope<T>('post', path, { ...options, json })).data;
  // Spec section 7 "Cached POST calls": answered from the request cache (see the end of this file).
  return isCachedPost(path) ? cachedPost(path, json, call) : call();
}

/**
 * GET a public route (no session, e.g. /api/viewerThirdParty/:token): no token attached, and
 * its envelope (empty rights) is not published, so a logged-in user opening a shared link
 * keeps the rights of their session in every tab.
 */
export async function apiGetPublic<T>(path: string, options?: RequestOptions): Promise<T> {
  try {
    return (await authFlowClient.get(path, options).json<Envelope<T>>()).data;
  } catch (error) {
    throw toApiError(error);
  }
}

/** Tests only: forget the suppression window and any refresh in flight. */
export function resetApiClientState(): void {
  lastTokenErrorAt = Number.NEGATIVE_INFINITY;
  refreshInFlight = null;
}

// --- cached POST calls (spec section 7) ----------------------------------------------------

/** The calls whose answers the request cache keeps REQUEST_CACHE_MS and shares while in flight. */
export const CACHED_POST_SUFFIXES = ['isElementsOfFeatureAvailable', 'getFunctionalityElementPosition', 'getFunctionalityElements'] as const;

function isCachedPost(path: string): boolean {
  const bare = path.split('?')[0]!.replace(/\/$/, '');
  return CACHED_POST_SUFFIXES.some((suffix) => bare.endsWith(suffix));
}

const requestCache = createRequestCache();

// The tenant is part of the key, and a session end forgets everything anyway (another account
// may log in next in this tab).
function cachedPost<T>(path: string, json: unknown, call: () => Promise<T>): Promise<T> {
  const key = requestCacheKey(path, json, { email: getSessionEmail(), districtId: getSessionDistrictId() });
  return requestCache.run(key, call);
}

/** Forget every cached answer: on session end and after a client or district change. */
export function clearRequestCache(): void {
  requestCache.clear();
}

onSessionEnded(clearRequestCache);

// --- progress (spec section 7 "progress interceptor") --------------------------------------

export interface ProgressOptions {
  /** Translation key naming the transfer for the progress bar's accessible label. */
  label: string;
  /**
   * Also report the upload. ky then streams the request body, which browsers only allow over
   * HTTP/2 or later and which cannot be replayed (tenant_changed): leave it off for calls to
   * this HTTP/1.1 server; their send shows as an indeterminate bar until the answer arrives.
   */
  upload?: boolean;
}

async function withProgress<T>(progress: ProgressOptions, send: (options: Options) => Promise<T>): Promise<T> {
  const id = startTransfer(progress.label, progress.upload === true ? 'upload' : 'download');
  const options: Options = {
    onDownloadProgress: ({ transferredBytes, totalBytes }) => updateTransfer(id, 'download', transferredBytes, totalBytes),
    ...(progress.upload === true
      ? { onUploadProgress: ({ transferredBytes, totalBytes }) => updateTransfer(id, 'upload', transferredBytes, totalBytes) }
      : {}),
  };
  try {
    return await send(options);
  } finally {
    finishTransfer(id);
  }
}

/** apiGet whose transfer is reported to the progress store (src/lib/progress.ts). */
export function apiGetWithProgress<T>(path: string, progress: ProgressOptions, options?: RequestOptions): Promise<T> {
  return withProgress(progress, async (extra) => (await requestEnvelope<T>('get', path, { ...options, ...extra })).data);
}

/** apiPost whose transfer is reported to the progress store (never cached: large sends). */
export function apiPostWithProgress<T>(path: string, json: unknown, progress: ProgressOptions, options?: RequestOptions): Promise<T> {
  return withProgress(progress, async (extra) => (await requestEnvelope<T>('post', path, { ...options, ...extra, json })).data);
}

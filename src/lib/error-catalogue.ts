/**
 * The error catalogue of spec section 8 as one pure function: from what came back (a 2xx with
 * an envelope `message`, an error body, or no usable answer at all) to what the user sees and
 * what happens: a toast (kind, persistence), a logout, a navigation.
 *
 * Pure on purpose: no i18n singleton, no toast, no router here. The caller passes a translate
 * function, and applies the outcome where the effects live (catalogue-effects.ts for the HTTP
 * channel; describeApiError in error-messages.ts for a caller that shows the text itself). Its
 * unit test has one case per row of the spec.
 *
 * The rows, in the order they are tried (the first that matches decides):
 *  1. 401 token_expired / token_invalid: persistent warning, logout (the 2 s suppression of
 *     repeats is state, kept by api-client's handleTokenError).
 *  2. Success with site_duplicated, not_good_template_import or user_duplicated: persistent
 *     error toast. Any other success message: success toast if it has a translation.
 *  3. user.email_already_used: error toast.
 *  4. An error with `redirection`: the translated message if there is one, and go there.
 *  5. An error with `redis`: the message plus "attempt n of max" or the lockout seconds.
 *  6. Any other error with a status: the translated message, else the internal error message;
 *     `logout` logs out; `requiredPermissions` appends the translated module names joined by
 *     slashes; `infos` appends the district name.
 *  7. No answer (status 0) or a failure while handling: communication_error.
 *  8. Not-found route: the 404 message with the error title.
 * Every error toast is persistent (spec section 9: error toasts have no time-out).
 */
import type { ApiErrorBody, RedisInfo } from '../../common/api-types';
import type { ToastKind } from './toast';

/** Translates a key of the `common` namespace; null when the key has no translation. */
export type Translate = (key: string, options?: Record<string, unknown>) => string | null;

export type CatalogueInput =
  /** A 2xx answer; `message` is the envelope's optional success message. */
  | { kind: 'success'; status: number; message?: string }
  /** A 4xx/5xx answer with its body; status 0 when no answer came. */
  | { kind: 'error'; status: number; body: ApiErrorBody }
  /** Something failed while reading or handling the answer. */
  | { kind: 'failure' }
  /** The app has no page at the address (spec section 8, "Not-found routes"). */
  | { kind: 'route-not-found' };

export interface CatalogueToast {
  message: string;
  kind: ToastKind;
  persistent: boolean;
  header?: string;
}

export interface CatalogueOutcome {
  toast?: CatalogueToast;
  logout: boolean;
  navigateTo?: string;
}

/** Success messages that spec section 8 shows as a persistent error toast. */
export const ERROR_SUCCESS_MESSAGES: ReadonlySet<string> = new Set(['site_duplicated', 'not_good_template_import', 'user_duplicated']);
export const TOKEN_ERROR_MESSAGES: ReadonlySet<string> = new Set(['token_expired', 'token_invalid']);
export const EMAIL_ALREADY_USED = 'user.email_already_used';
export const INTERNAL_ERROR = 'internal_error';
export const COMMUNICATION_ERROR = 'communication_error';

const NOTHING: CatalogueOutcome = { logout: false };

const errorToast = (message: string): CatalogueToast => ({ message, kind: 'danger', persistent: true });

/** A translation, or the key itself when a known key is missing (never an empty toast). */
const translated = (t: Translate, key: string): string => t(key) ?? key;

function redisText(t: Translate, redis: RedisInfo): string {
  return 'lockoutSeconds' in redis
    ? (t('errors.lockout', { seconds: redis.lockoutSeconds }) ?? '')
    : (t('errors.attempts', { attempts: redis.attempts, maxAttempts: redis.maxAttempts }) ?? '');
}

/** Module names as the user reads them (`modules.<name>`), else the name the server sent. */
function modulesText(t: Translate, modules: readonly string[]): string {
  return modules.map((name) => t(`modules.${name}`) ?? name).join('/');
}

/**
 * The message of an error (rows 4 to 6): the translated `message` (or `fallback` when it has
 * none), followed by what the body adds: module names, district name.
 */
function errorText(t: Translate, body: ApiErrorBody, fallback: string | null): string | null {
  const base = t(body.message) ?? fallback;
  if (base === null) return null;
  const parts = [base];
  if (body.requiredPermissions !== undefined && body.requiredPermissions.length > 0) parts.push(modulesText(t, body.requiredPermissions));
  const districtName = body.infos?.districtName;
  if (districtName !== undefined && districtName !== '') parts.push(t('errors.district', { districtName }) ?? districtName);
  return parts.join(' ');
}

function communicationError(t: Translate): CatalogueOutcome {
  return { toast: errorToast(translated(t, COMMUNICATION_ERROR)), logout: false };
}

function successOutcome(t: Translate, message: string | undefined): CatalogueOutcome {
  if (message === undefined || message === '') return NOTHING;
  if (ERROR_SUCCESS_MESSAGES.has(message)) return { toast: errorToast(translated(t, message)), logout: false };
  const text = t(message);
  return text === null ? NOTHING : { toast: { message: text, kind: 'success', persistent: false }, logout: false };
}

function errorOutcome(t: Translate, status: number, body: ApiErrorBody): CatalogueOutcome {
  if (status === 0) return communicationError(t);
  if (status === 401 && TOKEN_ERROR_MESSAGES.has(body.message)) {
    return { toast: { message: translated(t, body.message), kind: 'warning', persistent: true }, logout: true };
  }
  if (body.message === EMAIL_ALREADY_USED) return { toast: errorToast(translated(t, EMAIL_ALREADY_USED)), logout: false };
  if (body.redirection !== undefined && body.redirection !== '') {
    // "Show the translated message if present": no translation, no toast; the page changes.
    const text = errorText(t, body, null);
    return { ...(text === null ? {} : { toast: errorToast(text) }), logout: false, navigateTo: body.redirection };
  }
  if (body.redis !== undefined) {
    const text = `${t(body.message) ?? translated(t, INTERNAL_ERROR)} ${redisText(t, body.redis)}`.trim();
    return { toast: errorToast(text), logout: false };
  }
  const text = errorText(t, body, translated(t, INTERNAL_ERROR)) ?? INTERNAL_ERROR;
  return { toast: errorToast(text), logout: body.logout === true };
}

function decide(input: CatalogueInput, t: Translate): CatalogueOutcome {
  switch (input.kind) {
    case 'success':
      return successOutcome(t, input.message);
    case 'error':
      return errorOutcome(t, input.status, input.body);
    case 'failure':
      return communicationError(t);
    case 'route-not-found':
      return {
        toast: { header: translated(t, 'errors.title'), message: translated(t, 'errors.page_not_found'), kind: 'danger', persistent: true },
        logout: false,
      };
  }
}

/** Spec section 8: what the user sees and what happens for one answer (or failure). */
export function catalogueOutcome(input: CatalogueInput, t: Translate): CatalogueOutcome {
  try {
    return decide(input, t);
  } catch {
    // "Failure while handling errors: communication_error message." (a malformed body, a
    // translate function that throws). The fallback must not fail in turn.
    try {
      return communicationError(t);
    } catch {
      return { toast: errorToast(COMMUNICATION_ERROR), logout: false };
    }
  }
}

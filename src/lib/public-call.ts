/**
 * A public route's call for the pages opened without an account (the public pages' light
 * entry, common/public-pages.ts): plain fetch, no session, no token, no ky, and no envelope
 * published (a logged-in user opening a shared link keeps the rights of their session). The
 * answer is read whole: its status, its data, and the body's other fields (message, details,
 * attemptsLeft...); status 0 when no answer came.
 */
import { catalogueOutcome, INTERNAL_ERROR, type CatalogueInput } from './error-catalogue';
import { translateIfKnown } from './i18n';

export interface PublicAnswer<T> {
  /** The HTTP status, 0 when no answer came (offline, the server away). */
  status: number;
  data?: T;
  /** The error body's message key (`thirdParty.links.expired`...), if any. */
  message?: string;
  /** The whole body as read (details, attemptsLeft...). */
  body: Record<string, unknown>;
}

export async function publicCall<T>(path: string, init?: RequestInit): Promise<PublicAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(typeof init?.body === 'string' ? { 'content-type': 'application/json' } : {}), ...(init?.headers as Record<string, string> | undefined) },
    });
  } catch {
    return { status: 0, body: {} };
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const message = typeof body.message === 'string' ? body.message : undefined;
  return { status: response.status, ...(response.ok && 'data' in body ? { data: body.data as T } : {}), ...(message === undefined ? {} : { message }), body };
}

/**
 * The sentence a reader gets for a failed public call, as the app says it for its own calls
 * (the error catalogue, error-catalogue.ts): needs the `common` namespace loaded.
 */
export function describeFailedCall(answer: PublicAnswer<unknown>): string {
  const input: CatalogueInput = answer.status === 0 ? { kind: 'failure' } : { kind: 'error', status: answer.status, body: { ...answer.body, message: answer.message ?? '' } };
  return catalogueOutcome(input, translateIfKnown).toast?.message ?? translateIfKnown(INTERNAL_ERROR) ?? INTERNAL_ERROR;
}

/**
 * The sentence a user reads for a failed call, for callers that show it themselves (inline,
 * or in their own toast): the error catalogue's message (error-catalogue.ts, spec section 8)
 * for the error. The catalogue's global effects (redirection, logout flag, success messages)
 * are applied once by the HTTP channel, not here.
 */
import { ApiError } from './api-client';
import { appTranslate } from './catalogue-effects';
import { catalogueOutcome, INTERNAL_ERROR, type CatalogueInput } from './error-catalogue';

function inputOf(error: unknown): CatalogueInput {
  return error instanceof ApiError ? { kind: 'error', status: error.status, body: error.body } : { kind: 'failure' };
}

export function describeApiError(error: unknown): string {
  // A redirection without a translated message has no toast: the page changes instead; a
  // caller that still shows something gets the generic message.
  return catalogueOutcome(inputOf(error), appTranslate).toast?.message ?? appTranslate(INTERNAL_ERROR) ?? INTERNAL_ERROR;
}

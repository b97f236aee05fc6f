/**
 * Recipient rules of the emergency form (spec section 5): the API's Email schema
 * (common/schemas/email.ts, the server validates recipients with it): none of
 * , ; < > ( ) [ ] " : \ nor control characters (so "a,b@x.fr" never becomes two recipients),
 * at most 254 characters. Addresses are checked and sent trimmed.
 */
import { isValidEmail } from '../../lib/validation';

export type RecipientError = 'required' | 'invalid';

export function recipientError(value: string): RecipientError | null {
  const email = value.trim();
  if (email === '') return 'required';
  return isValidEmail(email) ? null : 'invalid';
}

export const areRecipientsValid = (emails: readonly string[]): boolean =>
  emails.length > 0 && emails.every((e) => recipientError(e) === null);

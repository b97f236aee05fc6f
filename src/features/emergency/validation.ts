/**
 * Recipient rules of the emergency form (spec section 5), aligned with the server's
 * (docs/api.md sendInformations "Recipients"): on top of the app's e-mail shape, none of
 * , ; < > ( ) [ ] " : \ nor control characters (so "a,b@x.fr" never becomes two recipients),
 * at most 254 characters. Addresses are checked and sent trimmed.
 */
import { isValidEmail } from '../../lib/validation';

export const MAX_RECIPIENT_LENGTH = 254;
const FORBIDDEN_IN_RECIPIENT = /[,;<>()[\]":\\\p{Cc}]/u;

export type RecipientError = 'required' | 'invalid';

export function recipientError(value: string): RecipientError | null {
  const email = value.trim();
  if (email === '') return 'required';
  if (email.length > MAX_RECIPIENT_LENGTH || FORBIDDEN_IN_RECIPIENT.test(email) || !isValidEmail(email)) {
    return 'invalid';
  }
  return null;
}

export const areRecipientsValid = (emails: readonly string[]): boolean =>
  emails.length > 0 && emails.every((e) => recipientError(e) === null);

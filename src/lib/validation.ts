/**
 * Field rules shared by every form (login, reconnect, emergency recipients, user creation).
 * Pure. The e-mail rule is the API's own (common/schemas/email.ts): the schema's pattern and
 * maxLength, tested without TypeBox's validator so the first screen stays light.
 */
import { isEmail } from '../../common/schemas/email';

/** Whether `value`, trimmed, is an e-mail address the server accepts. */
export function isValidEmail(value: string): boolean {
  return isEmail(value.trim());
}

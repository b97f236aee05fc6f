/** Login and reconnect form rules (spec section 5). Pure: returns translation keys. */
import { PASSWORD_MIN_LENGTH } from '../../../common/constants';
import { isValidEmail } from '../../lib/validation';

export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

export interface CredentialErrors {
  email?: FieldError;
  password?: FieldError;
}

export function validateEmail(email: string): FieldError | undefined {
  if (email.trim() === '') return { key: 'validation.email_required' };
  if (!isValidEmail(email)) return { key: 'validation.email_invalid' };
  return undefined;
}

export function validatePassword(password: string): FieldError | undefined {
  if (password === '') return { key: 'validation.password_required' };
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { key: 'validation.password_min_length', values: { min: PASSWORD_MIN_LENGTH } };
  }
  return undefined;
}

/** `sso`: the reconnect dialog's SSO mode needs no password. */
export function validateCredentials(
  { email, password }: { email: string; password: string },
  { sso = false }: { sso?: boolean } = {},
): CredentialErrors {
  const errors: CredentialErrors = {};
  const emailError = validateEmail(email);
  if (emailError) errors.email = emailError;
  const passwordError = sso ? undefined : validatePassword(password);
  if (passwordError) errors.password = passwordError;
  return errors;
}

export const hasErrors = (errors: CredentialErrors): boolean =>
  errors.email !== undefined || errors.password !== undefined;

/** Field rules shared by every form (login, reconnect, emergency recipients). Pure. */

// One "@", something on each side, a dot in the domain, no spaces: what users read as an
// e-mail address. The server stays the judge of deliverability.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

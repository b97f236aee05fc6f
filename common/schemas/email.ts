/**
 * The one e-mail rule of the API and the app: account e-mails (login, SSO login, user
 * creation) and emergency recipients. One "@", something on each side, a dot in the domain
 * with no empty label, no white space, and none of the characters that mean something in a
 * mail header (`,;<>()[]":\`) nor control characters, so "a,b@x.fr" never becomes two
 * recipients. At most 254 characters (RFC 5321's path limit). The server (Fastify's validator)
 * and the app test the same `pattern`, both with the Unicode flag.
 *
 * Only the `String` builder is imported (a few hundred bytes), never TypeBox's `Type`
 * namespace or its validator: the login form, on the first screen, reads the schema's own
 * `pattern` and `maxLength` through `isEmail` below.
 */
import { String as StringSchema, type Static } from 'typebox';

export const EMAIL_MAX_LENGTH = 254;

const LOCAL = '[^\\s@",:;<>()[\\]\\\\\\p{Cc}]+';
const LABEL = '[^\\s@",:;<>()[\\]\\\\.\\p{Cc}]+';

export const EMAIL_PATTERN = `^${LOCAL}@${LABEL}(\\.${LABEL})+$`;

export const Email = StringSchema({
  maxLength: EMAIL_MAX_LENGTH,
  pattern: EMAIL_PATTERN,
  description: 'An e-mail address: one "@", a dot in the domain, no white space, no header characters (,;<>()[]":\\), at most 254 characters.',
});
export type Email = Static<typeof Email>;

/** The schema's pattern as a RegExp, with the Unicode flag JSON Schema validators use. */
export const EMAIL_REGEXP = new RegExp(EMAIL_PATTERN, 'u');

/** Whether `value` (as sent: not trimmed) satisfies the Email schema: its maxLength and its pattern. */
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL_REGEXP.test(value);

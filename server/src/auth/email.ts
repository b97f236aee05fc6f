/**
 * The one rule that turns an e-mail address as typed into the form the server stores, looks
 * accounts up by and throttles logins by: Unicode compatibility
 * normalisation (NFKC: full-width letters, ligatures and the like become their plain form),
 * then JavaScript's locale-free lower case, then NFKC again (lower-casing can decompose, e.g.
 * U+0130 "İ" becomes "i" + U+0307), surrounding white space removed. The database never folds
 * case itself: PostgreSQL's lower() depends on the server's locale (PGlite and PostgreSQL 15
 * under a libc UTF-8 locale turn "İ" into a plain "i", JavaScript into "i̇"), so two sides
 * folding separately disagreed and a look-alike of a locked e-mail got fresh attempts.
 */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

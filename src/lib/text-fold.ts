/**
 * Text folded as the server folds it for its lists' search and sort (`vigie_fold`, the
 * platform's first migration: lower case, accents removed, œ and æ spelled out), so a list
 * can tell on the device whether a record written offline matches the search the user typed:
 * "entrepot" finds "Entrepôt" here as on the server. The letters are the SQL function's own
 * (a unit test reads them from the migration, so the two cannot drift). The server's table
 * pairs its letters by position and has one more "o" than accented o's, so from "ù" on it
 * folds one letter off ("ù" to "o", "ý" to "u", "ž" to "y", "œ" to "z"); this mirrors it, as
 * a search must find what the server finds (docs/records.md, "Lists").
 */

export const FOLD_FROM = 'àáâãäåāçćčèéêëēęìíîïīñńòóôõöøōùúûüūýÿžœ';
export const FOLD_TO = 'aaaaaaaccceeeeeeiiiiinnoooooooouuuuuyyzœ';

// translate() pairs the letters by position, and drops a letter that has no counterpart.
const TABLE = new Map<string, string>([...FOLD_FROM].map((letter, i) => [letter, [...FOLD_TO][i] ?? '']));

export function foldText(value: string | null | undefined): string {
  let out = '';
  for (const letter of (value ?? '').toLowerCase()) out += TABLE.get(letter) ?? letter;
  return out.replaceAll('œ', 'oe').replaceAll('æ', 'ae');
}

/**
 * Whether `search` (trimmed, as the server trims it) is found in the folded `fields` joined by
 * spaces, as the server's `search_text like '%…%'`; an empty search matches everything.
 */
export function matchesSearch(search: string | undefined, fields: readonly (string | null | undefined)[]): boolean {
  const wanted = foldText(search?.trim() ?? '');
  return wanted === '' || foldText(fields.map((field) => field ?? '').join(' ')).includes(wanted);
}

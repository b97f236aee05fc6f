/**
 * The import's work on the device (pure functions, run in the parsing worker and tested alone):
 * the columns' mapping guessed from the headers (fr and en labels, the key, the aliases; accents
 * and case ignored), the mapping kept per source (a file with the same headers), the first checks
 * of the mapped rows (required cells, formulas, numbers), and the rejected rows as a CSV file.
 */
import { REF_FIELD, type ImportFieldInfo, type ImportRow, type Verdict } from '../../../common/modules/importExport/schemas';

/** Lower case, accents removed, separators as single spaces. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_\-./()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The external reference's headers, besides "ref". */
export const REF_ALIASES = ['ref', 'reference', 'ref externe', 'reference externe', 'external id', 'external reference', 'id externe', 'identifiant', 'code', 'id'];

/** A column mapped to a field key, or null (ignored). */
export type Mapping = (string | null)[];

/** The field each header names (each field once, the first header that names it). */
export function guessMapping(headers: readonly string[], fields: readonly ImportFieldInfo[]): Mapping {
  const names = new Map<string, string>();
  for (const alias of REF_ALIASES) names.set(fold(alias), REF_FIELD);
  for (const field of fields) {
    for (const name of [field.key, field.label.fr, field.label.en, ...field.aliases]) if (!names.has(fold(name))) names.set(fold(name), field.key);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = names.get(fold(header)) ?? null;
    if (key === null || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

/** Where a mapping is kept: one per import and set of headers (the "source"). */
export const mappingKey = (module: string, headers: readonly string[]): string => `vigie.import-mapping.${module}.${headers.map(fold).join('|')}`;

/** A cell a spreadsheet would run as a formula. */
export const FORMULA = /^[=+@\t\r]|^-(?!\d)/;

/** A first problem found on the device: the row's line, the field, the reason (a key of the namespace). */
export interface LocalError {
  line: number;
  field: string;
  reason: string;
}

/** The mapped rows (`line`: the line in the file, the header being 1) and the problems found on the device. */
export function mapRows(
  rows: readonly (readonly string[])[],
  mapping: Mapping,
  fields: readonly ImportFieldInfo[],
): { rows: ImportRow[]; errors: LocalError[] } {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: ImportRow[] = [];
  const errors: LocalError[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const cells: Record<string, string> = {};
    mapping.forEach((key, column) => {
      if (key !== null) cells[key] = (row[column] ?? '').trim();
    });
    const ref = cells[REF_FIELD] ?? '';
    if (ref === '') errors.push({ line, field: REF_FIELD, reason: 'importExport.reasons.ref_required' });
    else if (seen.has(ref)) errors.push({ line, field: REF_FIELD, reason: 'importExport.reasons.duplicate_ref' });
    seen.add(ref);
    for (const field of fields) {
      const value = cells[field.key] ?? '';
      if (value === '') {
        if (field.required) errors.push({ line, field: field.key, reason: 'importExport.reasons.required' });
      } else if (field.type === 'number') {
        if (!/^-?\d+([.,]\d+)?$/.test(value.replace(/\s/g, ''))) errors.push({ line, field: field.key, reason: FORMULA.test(value) ? 'importExport.reasons.formula' : 'importExport.reasons.not_a_number' });
      } else if (FORMULA.test(value)) errors.push({ line, field: field.key, reason: 'importExport.reasons.formula' });
    }
    void byKey;
    out.push({ line, cells });
  });
  return { rows: out, errors };
}

/** A CSV cell for a spreadsheet: quoted, a leading formula character defused. */
export const csvCell = (value: string): string => `"${(FORMULA.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** The rejected rows as a CSV file: the file's own columns, then the line, the column at fault and the reason (translated). */
export function rejectedCsv(headers: readonly string[], rows: readonly (readonly string[])[], verdicts: readonly Verdict[], describe: (v: Verdict) => { field: string; reason: string }, words: { line: string; field: string; reason: string }): string {
  const lines = [[...headers, words.line, words.field, words.reason].map(csvCell).join(';')];
  for (const v of verdicts) {
    if (v.verdict !== 'error') continue;
    const row = rows[v.line - 2] ?? [];
    const { field, reason } = describe(v);
    lines.push([...headers.map((_, i) => row[i] ?? ''), String(v.line), field, reason].map(csvCell).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

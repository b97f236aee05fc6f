/**
 * The files this module writes: a list as CSV (the platform's CSV: semicolons, a byte order
 * mark, formula-like cells defused) or XLSX (write-excel-file; text cells that start like a
 * formula defused the same way, numbers kept as numbers), the district's ZIP of CSV files with
 * its manifest, and the personal data ZIP.
 */
import writeXlsxFile from 'write-excel-file/node';
import type { Language } from '../../../../common/constants.js';
import { csvDocument } from '../_platform/csv.js';
import type { Cell, ModuleExport } from '../_platform/transfer.js';

/** A text cell a spreadsheet would run as a formula, made plain text (a leading apostrophe). */
export const defused = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function headersOf(spec: ModuleExport, language: Language): string[] {
  return spec.columns.map((c) => c.label[language]);
}

export function exportCsv(spec: ModuleExport, language: Language, rows: Cell[][]): Buffer {
  return Buffer.from(csvDocument(headersOf(spec, language), rows), 'utf8');
}

export async function exportXlsx(spec: ModuleExport, language: Language, rows: Cell[][]): Promise<Buffer> {
  const header = headersOf(spec, language).map((value) => ({ value, fontWeight: 'bold' as const }));
  const data = rows.map((row) => row.map((value) => (value === null ? null : typeof value === 'number' ? { value, type: Number } : { value: defused(value), type: String })));
  return Buffer.from(await writeXlsxFile([header, ...data], { sheet: spec.label[language].slice(0, 31) }).toBuffer());
}

export const fileDay = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * A file's text read on the device: its encoding (UTF-8, else the user's choice, Windows-1252
 * being what French spreadsheets save), its separator (detected by Papa Parse among ; , tab |),
 * formulas and the size limit left to the checks. Used by the parsing worker.
 */
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS } from '../../../common/modules/importExport/schemas';

export type Encoding = 'utf-8' | 'windows-1252';

/** What the worker answers for a file. */
export type ParseResult =
  | { ok: true; headers: string[]; rows: string[][]; delimiter: string | null; encoding: Encoding | null; kind: 'csv' | 'xlsx' }
  | { ok: false; reason: 'encoding' | 'too_many_rows' | 'empty' | 'unreadable'; rows?: number };

/** The bytes as text: UTF-8 when they are (a byte order mark dropped), else null unless `fallback` is chosen. */
export function decode(bytes: Uint8Array, fallback: Encoding | null): { text: string; encoding: Encoding } | null {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  } catch {
    if (fallback === null) return null;
    return { text: new TextDecoder(fallback).decode(bytes), encoding: fallback };
  }
}

/** Lines of a text, counted fast (the limit is checked before parsing 10 million rows). */
export function countLines(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
  return text.endsWith('\n') ? lines : lines + 1;
}

/** A CSV text as headers and rows (blank lines left out). */
export function parseCsv(text: string): ParseResult {
  if (countLines(text) - 1 > IMPORT_MAX_ROWS) return { ok: false, reason: 'too_many_rows', rows: countLines(text) - 1 };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [';', ',', '\t', '|'] });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((h) => h.trim() === '')) return { ok: false, reason: 'empty' };
  return { ok: true, headers: headers.map((h) => h.trim()), rows, delimiter: parsed.meta.delimiter, encoding: null, kind: 'csv' };
}

/** A sheet's cells as text (numbers with a point, dates as ISO days). */
export function sheetRows(data: readonly (readonly unknown[])[]): ParseResult {
  if (data.length - 1 > IMPORT_MAX_ROWS) return { ok: false, reason: 'too_many_rows', rows: data.length - 1 };
  const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v instanceof Date ? v.toISOString().slice(0, 10) : '');
  const [headers, ...rows] = data.map((row) => row.map(text));
  if (!headers || headers.every((h) => h.trim() === '')) return { ok: false, reason: 'empty' };
  return { ok: true, headers: headers.map((h) => h.trim()), rows: rows.filter((r) => r.some((c) => c.trim() !== '')), delimiter: null, encoding: null, kind: 'xlsx' };
}

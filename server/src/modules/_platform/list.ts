/**
 * Keyset pagination of the modules' lists (MODULES.md, "Lists"). A page ends at the last
 * row's sort key and id; the next one starts strictly after that pair, so rows inserted or
 * deleted meanwhile never shift a page (no duplicate, no gap among the rows that were
 * there), and a page costs one index range scan however deep it is. The cursor is opaque
 * to the app: base64url of [sort, sort key value, id]; one made for another sort, or
 * altered, is a 400 `validation.invalid_cursor`.
 */
import { ApiError } from '../../lib/errors.js';

export const INVALID_CURSOR = 'validation.invalid_cursor';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(sort: string, value: string, id: string): string {
  return Buffer.from(JSON.stringify([sort, value, id])).toString('base64url');
}

export function decodeCursor(cursor: string, sort: string): { value: string; id: string } {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw ApiError.badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parts) || parts.length !== 3 || parts[0] !== sort || typeof parts[1] !== 'string' || typeof parts[2] !== 'string' || !UUID.test(parts[2])) {
    throw ApiError.badRequest(INVALID_CURSOR);
  }
  if (parts[1].length > 400 || /[\0\p{Cs}]/u.test(parts[1])) throw ApiError.badRequest(INVALID_CURSOR);
  return { value: parts[1], id: parts[2] };
}

/** A LIKE pattern matching `text` anywhere, its wildcards escaped (`\` is LIKE's default escape). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

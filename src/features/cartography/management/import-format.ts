/**
 * What the import dialog decides on its own (tested directly): the format of a text (KML or
 * GeoJSON), the text's limit, and a refusal in words (the catalogue's sentence and the
 * server's reason naming the feature).
 */
import type { ImportBody } from '../../../../common/modules/cartography/schemas';
import { ApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';

/** The contract's IMPORT_TEXT_MAX (5 MiB of text). */
export const IMPORT_TEXT_MAX = 5 * 1024 * 1024;

export type ImportFormat = ImportBody['format'];

/** KML is XML (it starts with a tag); anything else is read as GeoJSON. A file's extension says it first. */
export function detectFormat(text: string, fileName?: string): ImportFormat {
  if (fileName !== undefined && /\.kml$/i.test(fileName)) return 'kml';
  if (fileName !== undefined && /\.(geo)?json$/i.test(fileName)) return 'geojson';
  return text.trimStart().startsWith('<') ? 'kml' : 'geojson';
}

/** What the user sees of a refusal: the catalogue's sentence and the server's reason (the feature and what is wrong). */
export function importProblem(error: unknown): string {
  const message = describeApiError(error);
  const details = error instanceof ApiError ? error.body.details : undefined;
  return details === undefined || details === '' ? message : `${message} ${details}`;
}

/** The explorer's address: the site type or the site, the folder, the document open; anything else is dropped. */
import { isUuid } from '../../../common/uuid';

export interface FilesSearch {
  type?: string;
  site?: string;
  folder?: string;
  document?: string;
}

export function validateFilesSearch(raw: Record<string, unknown>): FilesSearch {
  const out: FilesSearch = {};
  for (const key of ['type', 'site', 'folder', 'document'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && isUuid(value)) out[key] = value;
  }
  return out;
}

export const FILES_SITES_PATH = '/files/sites';
export const FILES_TYPES_PATH = '/files/sitesTypes';

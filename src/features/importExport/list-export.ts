/**
 * The address of a list's export (GET /api/import-export/exports/:name): the list's filters as
 * its page's address holds them, kept when the export accepts them; the list's order (`sort`)
 * dropped (an export has its own); any other filter reported, because the export could not
 * apply it and would hold more rows than the list shows. A list of deleted records has no export.
 */
import type { ExportFormat, ExportInfo } from '../../../common/modules/importExport/schemas';

/** Query parameters of a list's address that never narrow its rows. */
const IGNORED = new Set(['sort', 'cursor', 'limit']);

export interface ListExportRequest {
  /** The API path (without /api/). */
  path: string;
  params: URLSearchParams;
  /** The list's filters the export cannot apply (the button warns instead of exporting). */
  unsupported: string[];
}

/** A search value as the address carries it (the router reads digits as a number, flags as booleans). */
function searchValue(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

export function listExportRequest(spec: Pick<ExportInfo, 'name' | 'filters'>, search: Readonly<Record<string, unknown>>, format: ExportFormat, language: string): ListExportRequest {
  const params = new URLSearchParams();
  const unsupported: string[] = [];
  for (const [name, raw] of Object.entries(search)) {
    const value = searchValue(raw);
    if (value === null || IGNORED.has(name)) continue;
    if (name === 'deleted' && value !== 'true') continue;
    if (spec.filters.includes(name)) params.set(name, value);
    else unsupported.push(name);
  }
  params.set('format', format);
  params.set('lang', language.startsWith('en') ? 'en' : 'fr');
  return { path: `import-export/exports/${encodeURIComponent(spec.name)}`, params, unsupported };
}

/** The export shown on the list at `pathname` (one of its `lists`), if any. */
export const exportOfList = (exports: readonly ExportInfo[], pathname: string): ExportInfo | undefined => {
  const path = pathname.replace(/\/+$/, '');
  return exports.find((e) => e.lists.includes(path));
};

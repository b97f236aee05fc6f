/** The Declarations addresses (the manifest's prefix `declarations`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { DeclarationListSearch, ReportChoice } from './search';

export const DECLARATIONS_PREFIX = '/declarations';

const query = (search: object | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const declarationsListHref = (search?: DeclarationListSearch) => `${DECLARATIONS_PREFIX}${query(search)}`;
/** A declaration's sheet; the list's search rides along (the list beside it on a wide screen). */
export const declarationHref = (id: string, search?: DeclarationListSearch) => `${DECLARATIONS_PREFIX}/${encodeURIComponent(id)}${query(search)}`;
/** The report form; a type and a site may be chosen already (a site's sheet links here), a position too (`at`: "lat,lng", the map's "report here"). */
export const reportHref = (choice: ReportChoice = {}) => `${DECLARATIONS_PREFIX}/new${query(choice)}`;
export const templatesHref = () => `${DECLARATIONS_PREFIX}/templates`;
export const templateHref = (id: string) => `${DECLARATIONS_PREFIX}/templates/${encodeURIComponent(id)}`;
export const templateNewHref = () => `${DECLARATIONS_PREFIX}/templates/new`;

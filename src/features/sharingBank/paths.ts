/** The Sharing bank's addresses (the manifest's prefix `sharing-bank`, its view `sharingBankView`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { LibrarySearch } from './search';

export const SHARING_PREFIX = '/sharing-bank';
export const LIBRARY_PATH = `${SHARING_PREFIX}/sharingBankView`;

const query = (search: LibrarySearch | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const libraryHref = (search?: LibrarySearch) => `${LIBRARY_PATH}${query(search)}`;
export const resourceHref = (id: string, search?: LibrarySearch) => `${LIBRARY_PATH}/${encodeURIComponent(id)}${query(search)}`;
export const resourceEditHref = (id: string) => `${LIBRARY_PATH}/${encodeURIComponent(id)}/edit`;
export const boardHref = (id: string) => `${LIBRARY_PATH}/${encodeURIComponent(id)}/board`;
export const resourceNewHref = () => `${SHARING_PREFIX}/new`;
export const groupsHref = () => `${SHARING_PREFIX}/groups`;
export const sharedTemplatesHref = () => `${SHARING_PREFIX}/shared`;

/** The Sites addresses (the manifest's prefix `site`), built in one place. */
import { defaultStringifySearch } from '@tanstack/react-router';
import type { SiteListSearch } from './search';

export const SITES_PREFIX = '/site';
export const SITES_LIST_PATH = `${SITES_PREFIX}/view/infoV2`;

const query = (search: SiteListSearch | undefined) => (search === undefined ? '' : defaultStringifySearch(search as Record<string, unknown>));

export const sitesListHref = (search?: SiteListSearch) => `${SITES_LIST_PATH}${query(search)}`;
/** A site's sheet; the list's search rides along, so a wide screen shows the same list beside it. */
export const siteHref = (id: string, search?: SiteListSearch) => `${SITES_PREFIX}/${encodeURIComponent(id)}${query(search)}`;
export const siteEditHref = (id: string) => `${SITES_PREFIX}/${encodeURIComponent(id)}/edit`;
export const siteNewHref = () => `${SITES_PREFIX}/new`;
export const siteTypesHref = () => `${SITES_PREFIX}/types`;

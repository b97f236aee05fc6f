/**
 * What a field user can read of Sites without a network (MODULES.md "Reads, offline"), as the
 * module's offline declaration (lib/offline-reads.ts runs it after login, at idle moments and
 * on reconnect): the list's first pages (default sort, no filter), the sheet of each site on
 * them, and the site types, all persisted in IndexedDB under the 'sites' keys.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../../common/schemas/platform';
import type { SiteSummary } from '../../../common/modules/sites/schemas';
import { getEnvelopeState } from '../../lib/envelope-store';
import { OFFLINE_PAGES_KEPT, registerOfflineData, type AnyFetchOptions, type OfflineDeclaration } from '../../lib/offline-declarations';
import { can } from '../../lib/rights';
import { sitesKeys } from './api/keys';
import { siteQueryOptions } from './api/get-site';
import { siteTypesQueryOptions } from './api/get-site-types';
import { sitesListQueryOptions } from './api/get-sites';

/** The list's pages kept (SITES_PAGE_SIZE each): as many as the offline copy keeps. */
export const OFFLINE_LIST_PAGES = OFFLINE_PAGES_KEPT;

export const SITES_OFFLINE: OfflineDeclaration = {
  module: 'sites',
  persist: [sitesKeys.all],
  lists: () => [{ ...sitesListQueryOptions({}), pages: OFFLINE_LIST_PAGES } as unknown as AnyFetchOptions, siteTypesQueryOptions()],
  records: ([list]) =>
    ((list as InfiniteData<Page<SiteSummary>> | undefined)?.pages ?? []).flatMap((page) => page.items.map((site) => siteQueryOptions(site.id))),
  enabled: () => can(getEnvelopeState().rights, 'sites'),
};

/** Called once by the module's entry (index.ts), loaded with the shell. */
export const registerSitesOffline = () => registerOfflineData(SITES_OFFLINE);

/** The Sites module's query keys, named once: every query and every invalidation uses these. */
import type { SiteListSearch } from '../search';

export const sitesKeys = {
  all: ['sites'] as const,
  lists: () => ['sites', 'list'] as const,
  list: (search: SiteListSearch) => ['sites', 'list', search] as const,
  details: () => ['sites', 'detail'] as const,
  detail: (id: string) => ['sites', 'detail', id] as const,
  history: (id: string) => ['sites', 'history', id] as const,
  types: () => ['sites', 'types'] as const,
};

/** The Declarations module's query keys, named once: every query and every invalidation uses these. */
import type { DeclarationListSearch } from '../search';

export const declarationsKeys = {
  all: ['declarations'] as const,
  lists: () => ['declarations', 'list'] as const,
  list: (search: DeclarationListSearch, author: string | null) => ['declarations', 'list', search, author] as const,
  details: () => ['declarations', 'detail'] as const,
  detail: (id: string) => ['declarations', 'detail', id] as const,
  history: (id: string) => ['declarations', 'history', id] as const,
  templates: () => ['declarations', 'templates'] as const,
  templateList: (deleted: boolean) => ['declarations', 'templates', 'list', deleted] as const,
  template: (id: string, version: number | null) => ['declarations', 'templates', 'one', id, version] as const,
  templateHistory: (id: string) => ['declarations', 'templates', 'history', id] as const,
  sites: (near: string | null, search: string) => ['declarations', 'sites', near, search] as const,
  members: () => ['declarations', 'members'] as const,
};

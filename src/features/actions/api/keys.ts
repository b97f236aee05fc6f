/** The actions' query keys, named once (both modules read the same actions): every query and every invalidation uses these. */
import type { ActionListSearch } from '../search';

export const actionsKeys = {
  all: ['actions'] as const,
  lists: () => ['actions', 'list'] as const,
  list: (search: ActionListSearch) => ['actions', 'list', search] as const,
  /** The actions of a declaration or an inspection (their sheets' "Actions" part). */
  bySource: (sourceId: string) => ['actions', 'list', 'source', sourceId] as const,
  details: () => ['actions', 'detail'] as const,
  detail: (id: string) => ['actions', 'detail', id] as const,
  history: (id: string) => ['actions', 'history', id] as const,
  plans: () => ['actions', 'plans'] as const,
  /** Every search of the plans list (the deleted view's too). */
  planLists: () => ['actions', 'plans', 'list'] as const,
  planList: (search: string, deleted = false) => ['actions', 'plans', 'list', search, ...(deleted ? ['deleted'] : [])] as const,
  plan: (id: string) => ['actions', 'plans', 'one', id] as const,
  planActions: (id: string) => ['actions', 'plans', 'actions', id] as const,
  templates: () => ['actions', 'templates'] as const,
  templateList: (search: string, deleted = false) => ['actions', 'templates', 'list', search, ...(deleted ? ['deleted'] : [])] as const,
  template: (id: string) => ['actions', 'templates', 'one', id] as const,
  members: (search: string) => ['actions', 'members', search] as const,
  sites: (search: string) => ['actions', 'sites', search] as const,
  source: (source: string) => ['actions', 'source', source] as const,
};

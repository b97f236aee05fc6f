/**
 * The actions' reads (GET /api/actions…, contract common/modules/actions/schemas.ts): the
 * list (keyset pages, the filtered count), an action and its history, the actions of a source,
 * the plans (list, one, its actions), the templates, the member picker, and the site picker
 * (the module's own site choices). The caller's open actions and their sheets are
 * kept for offline reading (offline.ts); what a user opened is kept too (meta.offline).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Action, ActionSummary, ActionTemplate, Plan, PlanSummary } from '../../../../common/modules/actions/schemas';
import type { Actor, HistoryEntry, Page } from '../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../lib/api-client';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../../lib/site-choices';
import type { ActionListSearch } from '../search';
import { actionsKeys } from './keys';

export const ACTIONS_PAGE_SIZE = 100;
/** A plan's actions and an action's source's: shown whole on their page (a plan holds tens). */
export const SMALL_LIST_LIMIT = 200;
const path = (id: string, rest = '') => `actions/${encodeURIComponent(id)}${rest}`;

/** The address's search as the API's query: without `scope=all`, the caller's own actions (mine). */
export function listParams(search: ActionListSearch): URLSearchParams {
  const params = new URLSearchParams();
  const { scope, ...rest } = search;
  if (scope !== 'all') params.set('mine', 'true');
  for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

export function getActionsRequest(params: URLSearchParams, cursor: string | null, signal?: AbortSignal) {
  const sent = new URLSearchParams(params);
  if (cursor !== null) sent.set('cursor', cursor);
  if (!sent.has('limit')) sent.set('limit', String(ACTIONS_PAGE_SIZE));
  return apiGet<Page<ActionSummary>>('actions', { searchParams: sent, ...withSignal(signal) });
}

export const actionsListQueryOptions = (search: ActionListSearch) =>
  infiniteQueryOptions({
    queryKey: actionsKeys.list(search),
    queryFn: ({ pageParam, signal }) => getActionsRequest(listParams(search), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { offline: true },
  });

export const actionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: actionsKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Action>(path(id), withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const actionHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: actionsKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(path(id, '/history'), withSignal(signal)), staleTime: 30_000 });

/** The actions made from a declaration or an inspection (its sheet lists them). */
export const sourceActionsQueryOptions = (sourceId: string) =>
  queryOptions({
    queryKey: actionsKeys.bySource(sourceId),
    queryFn: ({ signal }) => getActionsRequest(new URLSearchParams({ sourceId, limit: String(SMALL_LIST_LIMIT) }), null, signal),
    staleTime: 30_000,
    meta: { offline: true },
  });

/** A small list's query string: its first 200 by name, searched, the deleted ones instead (managers). */
const smallListParams = (search: string, deleted: boolean) => ({ limit: '200', ...(search.trim() === '' ? {} : { search: search.trim() }), ...(deleted ? { deleted: 'true' } : {}) });

export const plansQueryOptions = (search = '', deleted = false) =>
  queryOptions({
    queryKey: actionsKeys.planList(search.trim(), deleted),
    queryFn: ({ signal }) => apiGet<Page<PlanSummary>>('actions/plans', { searchParams: smallListParams(search, deleted), ...withSignal(signal) }),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const planQueryOptions = (id: string) =>
  queryOptions({ queryKey: actionsKeys.plan(id), queryFn: ({ signal }) => apiGet<Plan>(`actions/plans/${encodeURIComponent(id)}`, withSignal(signal)), staleTime: 30_000, meta: { offline: true } });

export const planActionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: actionsKeys.planActions(id),
    queryFn: ({ signal }) => getActionsRequest(new URLSearchParams({ plan: id, limit: String(SMALL_LIST_LIMIT) }), null, signal),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const templatesQueryOptions = (search = '', deleted = false) =>
  queryOptions({
    queryKey: actionsKeys.templateList(search.trim(), deleted),
    queryFn: ({ signal }) => apiGet<Page<ActionTemplate>>('actions/templates', { searchParams: smallListParams(search, deleted), ...withSignal(signal) }),
    staleTime: 60_000,
    meta: { offline: true },
  });

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: actionsKeys.template(id),
    queryFn: ({ signal }) => apiGet<ActionTemplate>(`actions/templates/${encodeURIComponent(id)}`, withSignal(signal)),
    staleTime: 60_000,
    meta: { offline: true },
  });

/** The district's members an action can be assigned to (managers). */
export const membersQueryOptions = (search = '') =>
  queryOptions({
    queryKey: actionsKeys.members(search.trim()),
    queryFn: ({ signal }) => apiGet<Actor[]>('actions/members', { ...(search.trim() === '' ? {} : { searchParams: { search: search.trim() } }), ...withSignal(signal) }),
    staleTime: 5 * 60_000,
    meta: { offline: true },
  });

/**
 * The site pickers (an action's, a plan's, the list's filter): GET /api/actions/sites, for
 * whoever reads actions or plans, with or without the sites right; the first choices kept
 * offline (a field user's new action on a site without network).
 */
export const siteChoicesQueryOptions = (search = '') =>
  siteChoicesQuery({ queryKey: actionsKeys.sites(search.trim()), keptKey: actionsKeys.sites(''), path: 'actions/sites', search, staleTime: 5 * 60_000 });

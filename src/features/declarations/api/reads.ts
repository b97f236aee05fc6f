/**
 * The Declarations reads: the list (keyset pages, the filtered count), a declaration and its
 * history, the templates (at their current revision, or one revision), the reporter's site
 * picker and the managers' member picker. The list's first pages, the sheets on them and the
 * templates are kept for offline reading (offline.ts; meta.offline for what a user opened).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Declaration, DeclarationSummary, Template } from '../../../../common/modules/declarations/schemas';
import type { Actor, HistoryEntry, Page } from '../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../lib/api-client';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../../lib/site-choices';
import type { DeclarationListSearch } from '../search';
import { declarationsKeys } from './keys';

export const DECLARATIONS_PAGE_SIZE = 100;
const path = (id: string, rest = '') => `declarations/${encodeURIComponent(id)}${rest}`;

/** The address's search as the API's query: a day's period becomes instants (to: the next day, exclusive). */
export function listParams(search: DeclarationListSearch, authorId: string | null): URLSearchParams {
  const params = new URLSearchParams();
  const { author, from, to, ...rest } = search;
  for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== '') params.set(key, String(value));
  if (author === 'me' && authorId !== null) params.set('author', authorId);
  if (from !== undefined) params.set('from', new Date(`${from}T00:00:00`).toISOString());
  if (to !== undefined) {
    const end = new Date(`${to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    params.set('to', end.toISOString());
  }
  return params;
}

export function getDeclarationsRequest(search: DeclarationListSearch, authorId: string | null, cursor: string | null, signal?: AbortSignal) {
  const params = listParams(search, authorId);
  if (cursor !== null) params.set('cursor', cursor);
  params.set('limit', String(DECLARATIONS_PAGE_SIZE));
  return apiGet<Page<DeclarationSummary>>('declarations', { searchParams: params, ...withSignal(signal) });
}

export const declarationsListQueryOptions = (search: DeclarationListSearch, authorId: string | null) =>
  infiniteQueryOptions({
    queryKey: declarationsKeys.list(search, search.author === 'me' ? authorId : null),
    queryFn: ({ pageParam, signal }) => getDeclarationsRequest(search, authorId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
    meta: { offline: true },
  });

export const declarationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: declarationsKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Declaration>(path(id), withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const declarationHistoryQueryOptions = (id: string) =>
  queryOptions({ queryKey: declarationsKeys.history(id), queryFn: ({ signal }) => apiGet<HistoryEntry[]>(path(id, '/history'), withSignal(signal)), staleTime: 30_000 });

/** The district's templates at their current revision (deleted ones for the managers' view). */
export const templatesQueryOptions = (deleted = false) =>
  queryOptions({
    queryKey: declarationsKeys.templateList(deleted),
    queryFn: ({ signal }) =>
      apiGet<Template[]>('declarations/templates', { ...(deleted ? { searchParams: { deleted: 'true' } } : {}), ...withSignal(signal) }),
    staleTime: 60_000,
    meta: { offline: true },
  });

export const templateHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: declarationsKeys.templateHistory(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`declarations/templates/${encodeURIComponent(id)}/history`, withSignal(signal)),
    staleTime: 30_000,
  });

/**
 * The reporter's site picker: nearest to `near` ("lat,lng") first, or by name; offline, the
 * kept choices (by name, offline.ts) filtered on the device (lib/site-choices.ts).
 */
export const siteChoicesQueryOptions = (near: string | null, search: string) =>
  siteChoicesQuery({ queryKey: declarationsKeys.sites(near, search.trim()), keptKey: declarationsKeys.sites(null, ''), path: 'declarations/sites', near, search });

/** The managers' member picker, kept offline once read (meta.offline). */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: declarationsKeys.members(),
    queryFn: ({ signal }) => apiGet<Actor[]>('declarations/members', withSignal(signal)),
    staleTime: 5 * 60_000,
    meta: { offline: true },
  });

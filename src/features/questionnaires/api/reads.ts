/**
 * The Questionnaires reads: the caller's inspections by tab (to do with the overdue first, in
 * progress, submitted newest first), an inspection (with the template revision it is filled
 * with), the templates a filler may start and each one's sections, the start screen's site
 * picker. The open inspections, their sheets and the templates are kept for offline filling
 * (offline.ts).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Family, Inspection, InspectionSummary, Schedule, Template, TemplateSummary } from '../../../../common/modules/questionnaires/schemas';
import type { Actor, HistoryEntry, Page } from '../../../../common/schemas/platform';
import { apiGet, withSignal } from '../../../lib/api-client';
import { siteChoicesQueryOptions as siteChoicesQuery } from '../../../lib/site-choices';
import { manageQueryParams, type ManageSearch } from '../manage-search';
import type { InspectionTab } from '../paths';
import { questionnairesKeys } from './keys';

/** An inspector's list is short (its own): one page of this many, no paging. */
export const INSPECTIONS_PAGE_SIZE = 200;
const TAB_QUERY: Record<InspectionTab, Record<string, string>> = {
  todo: { status: 'todo', sort: 'dueAt' },
  inProgress: { status: 'inProgress', sort: 'dueAt' },
  submitted: { status: 'submitted', sort: '-submittedAt' },
};

export const inspectionsQueryOptions = (tab: InspectionTab, assigneeId: string | null) =>
  queryOptions({
    queryKey: questionnairesKeys.list(tab),
    queryFn: ({ signal }) =>
      apiGet<Page<InspectionSummary>>('questionnaires/inspections', {
        searchParams: { ...TAB_QUERY[tab], limit: String(INSPECTIONS_PAGE_SIZE), ...(assigneeId === null ? {} : { assignee: assigneeId }) },
        ...withSignal(signal),
      }),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const inspectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: questionnairesKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Inspection>(`questionnaires/inspections/${encodeURIComponent(id)}`, withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: questionnairesKeys.templates(),
    queryFn: ({ signal }) => apiGet<TemplateSummary[]>('questionnaires/templates', withSignal(signal)),
    staleTime: 60_000,
    meta: { offline: true },
  });

/** The builder's list (deleted ones: only of the families the caller builds). */
export const templateListQueryOptions = (family: Family | 'all', deleted: boolean) =>
  queryOptions({
    queryKey: questionnairesKeys.templateList(family, deleted),
    queryFn: ({ signal }) =>
      apiGet<TemplateSummary[]>('questionnaires/templates', {
        searchParams: { ...(family === 'all' ? {} : { family }), ...(deleted ? { deleted: 'true' } : {}) },
        ...withSignal(signal),
      }),
    staleTime: 30_000,
  });

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: questionnairesKeys.template(id),
    queryFn: ({ signal }) => apiGet<Template>(`questionnaires/templates/${encodeURIComponent(id)}`, withSignal(signal)),
    staleTime: 60_000,
    meta: { offline: true },
  });

/** A revision of a template as it was saved: it never changes. */
export const templateRevisionQueryOptions = (id: string, version: number) =>
  queryOptions({
    queryKey: questionnairesKeys.templateRevision(id, version),
    queryFn: ({ signal }) => apiGet<Template>(`questionnaires/templates/${encodeURIComponent(id)}`, { searchParams: { version }, ...withSignal(signal) }),
    staleTime: Infinity,
  });

export const templateHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: questionnairesKeys.templateHistory(id),
    queryFn: ({ signal }) => apiGet<HistoryEntry[]>(`questionnaires/templates/${encodeURIComponent(id)}/history`, withSignal(signal)),
    staleTime: 30_000,
  });

export const siteChoicesQueryOptions = (search: string) =>
  siteChoicesQuery({ queryKey: questionnairesKeys.sites(search.trim()), keptKey: questionnairesKeys.sites(''), path: 'questionnaires/sites', search });

/** The managers' list: everyone's inspections of the families they manage, filtered, by keyset pages. */
export const MANAGED_PAGE_SIZE = 50;
export const managedInspectionsQueryOptions = (search: ManageSearch) =>
  infiniteQueryOptions({
    queryKey: questionnairesKeys.managed(search),
    queryFn: ({ pageParam, signal }) => {
      const params = manageQueryParams(search);
      params.set('limit', String(MANAGED_PAGE_SIZE));
      if (pageParam !== null) params.set('cursor', pageParam);
      return apiGet<Page<InspectionSummary>>('questionnaires/inspections', { searchParams: params, ...withSignal(signal) });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

/**
 * The schedules of the families the caller manages; `deleted`: the deleted ones instead, the last
 * deleted first (the list's "deleted" view, read online only).
 */
export const schedulesQueryOptions = (deleted = false) =>
  queryOptions({
    queryKey: deleted ? questionnairesKeys.deletedSchedules() : questionnairesKeys.schedules(),
    queryFn: ({ signal }) => apiGet<Schedule[]>('questionnaires/schedules', { ...(deleted ? { searchParams: { deleted: 'true' } } : {}), ...withSignal(signal) }),
    staleTime: 30_000,
    meta: { offline: !deleted },
  });

export const scheduleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: questionnairesKeys.schedule(id),
    queryFn: ({ signal }) => apiGet<Schedule>(`questionnaires/schedules/${encodeURIComponent(id)}`, withSignal(signal)),
    staleTime: 30_000,
    meta: { offline: true },
  });

/** The planners' people picker: the district's members by name. */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: questionnairesKeys.members(),
    queryFn: ({ signal }) => apiGet<Actor[]>('questionnaires/members', withSignal(signal)),
    staleTime: 5 * 60_000,
    meta: { offline: true },
  });

/**
 * The query of a module's site picker (GET /api/<module>/sites?near=&search=,
 * common/schemas/site-choices.ts; the picker is components/module/SiteSelect.tsx), the same for
 * every module so none can forget the offline part: a search, or a position, never asked
 * online has no answer of its own on the device, so without an answer from the server the
 * picker offers the module's kept choices (its first choices by name, kept in the offline copy
 * and asked by its offline declaration) filtered on the device as the server filters them
 * (folded, name and address). Offline the order is by name: the kept choices carry no position.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import type { SiteChoice } from '../../common/schemas/site-choices';
import { SITE_CHOICES_MAX } from '../../common/schemas/site-choices-limit';
import { apiGet } from './api-client';
import { heldData, withDeviceAnswer } from './offline-copy';
import { matchesSearch } from './text-fold';

/** The kept choices for `search`, as the server would filter them (folded), at most SITE_CHOICES_MAX. */
export function siteChoicesOnDevice(kept: readonly SiteChoice[], search: string): SiteChoice[] {
  return kept
    .filter((site) => matchesSearch(search, [site.name, site.address]))
    .map((site) => ({ ...site, distance: null }))
    .slice(0, SITE_CHOICES_MAX);
}

export interface SiteChoicesQuery {
  /** This search's key (its position and search in it). */
  queryKey: QueryKey;
  /** The key of the module's kept choices: no position, no search. */
  keptKey: QueryKey;
  /** The module's route, e.g. 'declarations/sites'. */
  path: string;
  /** "lat,lng", nearest first; null: by name. */
  near?: string | null;
  search: string;
  staleTime?: number;
}

export function siteChoicesQueryOptions({ queryKey, keptKey, path, near = null, search, staleTime = 60_000 }: SiteChoicesQuery) {
  const wanted = search.trim();
  return queryOptions({
    queryKey,
    queryFn: withDeviceAnswer<SiteChoice[]>(
      (context) =>
        apiGet<SiteChoice[]>(path, {
          searchParams: { ...(near === null ? {} : { near }), ...(wanted === '' ? {} : { search: wanted }) },
          ...(context?.signal === undefined ? {} : { signal: context.signal }),
        }),
      async (context) => {
        const kept = await heldData<SiteChoice[]>(keptKey, context?.client);
        return kept === undefined ? undefined : siteChoicesOnDevice(kept, wanted);
      },
    ),
    // Offline the function runs once and answers from the device (a paused query showed "No site").
    networkMode: 'offlineFirst',
    staleTime,
    meta: { offline: true },
  });
}

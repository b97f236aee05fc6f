/** What the Sites pages share: their validated params and search, and "back". */
import { useParams, useRouter, useSearch } from '@tanstack/react-router';
import { validateSiteSearch } from '../search';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateSiteSearch(raw);
}

export function useSiteId(): string {
  const params: { siteId?: string } = useParams({ strict: false });
  return params.siteId ?? '';
}

/** Back: to the page before when there is one (the list, scrolled where it was), else to the list. */
export function useBack(fallback: string) {
  const router = useRouter();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ href: fallback, replace: true });
  };
}


/** What the Sites pages share: their validated params and search, and "back". */
import { useParams, useSearch } from '@tanstack/react-router';
import { validateSiteSearch } from '../search';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateSiteSearch(raw);
}

export function useSiteId(): string {
  const params: { siteId?: string } = useParams({ strict: false });
  return params.siteId ?? '';
}

export { useBack } from '../../../hooks/use-back';

/** What the Declarations pages share: their validated params and search, and "back". */
import { useSearch } from '@tanstack/react-router';
import { validateDeclarationSearch, validateReportSearch } from '../search';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateDeclarationSearch(raw);
}

export function useReportSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateReportSearch(raw);
}


export { useBack } from '../../../hooks/use-back';

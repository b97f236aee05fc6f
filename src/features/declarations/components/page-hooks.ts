/** What the Declarations pages share: their validated params and search, and "back". */
import { useParams, useSearch } from '@tanstack/react-router';
import { validateDeclarationSearch, validateReportSearch } from '../search';

export function useListSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateDeclarationSearch(raw);
}

export function useReportSearch() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  return validateReportSearch(raw);
}

export function useParam(name: 'declarationId' | 'templateId'): string {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return params[name] ?? '';
}

export { useBack } from '../../../hooks/use-back';

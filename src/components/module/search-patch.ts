/**
 * A list's filters live in the address (MODULES.md "Lists"): a change of one is the address's
 * search as validated, with the change over it and the emptied filters dropped, shown in place
 * (replace: back leaves the list, not each filter).
 */
import { useRouter } from '@tanstack/react-router';

export function useSearchPatch<S extends object>(validate: (raw: Record<string, unknown>) => S, href: (search: S) => string): (patch: Partial<S>) => void {
  const router = useRouter();
  return (patch) => {
    const next = { ...validate(router.state.location.search as Record<string, unknown>), ...patch };
    const cleaned = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as S;
    void router.navigate({ href: href(cleaned), replace: true });
  };
}

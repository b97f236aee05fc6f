import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes (a rotated phone, a resized
 * window). For parts that exist on one layout only: rendering them only there keeps the other
 * layout's first frame free of them (hiding them with CSS still builds them).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';

/** A plain click (not a new-tab or new-window one) navigates in the app. */
const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The click handler of a plain `<a href>` inside the app: a plain click navigates with the
 * router (no page load), after `before` (closing a drawer, say); a middle or modified click
 * is left to the browser, which opens the address in a new tab or window.
 */
export function useLinkNavigation(): (href: string, before?: () => void) => (event: MouseEvent<HTMLAnchorElement>) => void {
  const router = useRouter();
  return (href, before) => (event) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    before?.();
    void router.navigate({ href });
  };
}

import { useEffect, type RefObject } from 'react';

/**
 * Makes an IonContent's scroller reachable with the keyboard (WCAG 2.1.1; axe's
 * scrollable-region-focusable). IonContent scrolls an element inside its shadow root, so a page
 * whose content holds no link or button (the dashboard's lists, a shared site's description)
 * could not be scrolled without a mouse or a finger: the scroller itself becomes a tab stop,
 * and the arrow keys, Page Up/Down and Space then scroll it.
 */
export function useKeyboardScrollable(content: RefObject<HTMLIonContentElement | null>): void {
  useEffect(() => {
    let cancelled = false;
    // Optional: the element is a plain one until Ionic has upgraded it (and in jsdom).
    void content.current?.getScrollElement?.().then((scroller) => {
      if (!cancelled) scroller.tabIndex = 0;
    });
    return () => {
      cancelled = true;
    };
  }, [content]);
}

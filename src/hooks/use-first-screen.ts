import { useEffect, useState } from 'react';
import { afterFirstScreen, markFirstScreen } from '../lib/when-idle';

/**
 * A page's part says its content is on screen (`shown`: its data or its empty, offline or error
 * state): the work waiting for the first screen (lib/when-idle.ts) may start.
 */
export function useFirstScreenShown(shown: boolean): void {
  useEffect(() => {
    if (shown) markFirstScreen();
  }, [shown]);
}

/** False until the first screen is shown (lib/when-idle.ts): for what a start can render after it. */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => afterFirstScreen(() => setAfter(true)), []);
  return after;
}

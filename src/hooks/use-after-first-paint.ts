import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true from the task after the first paint: the parts of the screen
 * that are not the page's content (the toolbar's buttons, the phone's tab bar) are
 * built in a render of their own, so the content is painted first and the start is not one
 * long task.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The frame callback runs before the paint; the timer it sets runs after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

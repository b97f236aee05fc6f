import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true from the task after the first paint: a part of the screen
 * that is not the page's content (the phone's tab bar and drawer) is built in a render of its
 * own, so the content is painted first and the phone's start is not one long task.
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

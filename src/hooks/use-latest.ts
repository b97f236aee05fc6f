import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref that always holds the latest `value`: for listeners made once (a map's, built with its
 * style) that must read this render's props and callbacks when they fire.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}

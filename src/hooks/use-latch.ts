import { useState } from 'react';

/**
 * True from the first render where `wanted` is true, and from then on: a lazy part (a dialog,
 * a host) stays mounted once needed, so its closing animation and later uses work as before.
 */
export function useLatch(wanted: boolean): boolean {
  const [latched, setLatched] = useState(false);
  if (wanted && !latched) setLatched(true);
  return latched || wanted;
}

/**
 * "Raise an emergency alert for this site": a module's screen asks, the shell's emergency
 * entry answers by opening its dialog with the site chosen. Features never import each other;
 * they meet in this small channel. The first entry listening answers (the shell may render
 * one in the toolbar and one in the phone tab bar: one dialog opens, not two). The shell
 * builds its entries just after its first paint: a request made before then waits for the
 * first one (only a holder of the emergency right is offered the request).
 */
type Listener = (siteId: string) => void;

const listeners: Listener[] = [];
let waiting: string | null = null;

export function onEmergencyRequest(listener: Listener): () => void {
  listeners.push(listener);
  if (waiting !== null) {
    const siteId = waiting;
    waiting = null;
    listener(siteId);
  }
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

export function requestEmergencyAlert(siteId: string): void {
  const first = listeners[0];
  if (first === undefined) waiting = siteId;
  else first(siteId);
}

/** Tests only. */
export function resetEmergencyRequests(): void {
  waiting = null;
}

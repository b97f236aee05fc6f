/**
 * "Raise an emergency alert for this site": a module's screen asks, the shell's emergency
 * entry answers by opening its dialog with the site chosen. Features never import each other;
 * they meet in this small channel. The first entry listening answers (the shell may render
 * one in the toolbar and one in the phone tab bar: one dialog opens, not two).
 */
type Listener = (siteId: string) => void;

const listeners: Listener[] = [];

export function onEmergencyRequest(listener: Listener): () => void {
  listeners.push(listener);
  return () => {
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
  };
}

/** false when no emergency entry is there (the user lacks the right). */
export function requestEmergencyAlert(siteId: string): boolean {
  const first = listeners[0];
  if (first === undefined) return false;
  first(siteId);
  return true;
}

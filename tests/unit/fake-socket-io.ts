/**
 * socket.io-client replaced for the screens' tests: `vi.mock('socket.io-client', () => import('<this file>'))`,
 * then `emitServerEvent` hands an event to what the app listens to, as the server would.
 */
type Listener = (...args: unknown[]) => void;

const listeners = new Map<string, Listener[]>();

export function io() {
  return {
    on: (event: string, listener: Listener) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    removeAllListeners: () => listeners.clear(),
    disconnect: () => undefined,
    connect: () => undefined,
  };
}

export function emitServerEvent(event: string, payload: unknown): void {
  for (const listener of listeners.get(event) ?? []) listener(payload);
}

/** The socket channel, with socket.io-client replaced by a fake that records what the app asks. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSocket, onRecordsChanged, onSocketConnect, onSocketEvent, onSocketReconnect, openSocket, RECORDS_CHANGED_BATCH_MS, reconnectSocket } from '../../../src/lib/socket';
import { onSessionEnded } from '../../../src/lib/session';
import { getToken, LOCAL_KEYS } from '../../../src/lib/storage';
import { getToasts } from '../../../src/lib/toast';

type Listener = (...args: unknown[]) => void;

const fake = vi.hoisted(() => {
  const created: { options: Record<string, unknown>; listeners: Map<string, Listener[]>; disconnected: number; connected: number }[] = [];
  return { created };
});

vi.mock('socket.io-client', () => ({
  io: (options: Record<string, unknown>) => {
    const record = { options, listeners: new Map<string, Listener[]>(), disconnected: 0, connected: 0 };
    fake.created.push(record);
    return {
      on: (event: string, listener: Listener) => record.listeners.set(event, [...(record.listeners.get(event) ?? []), listener]),
      removeAllListeners: () => record.listeners.clear(),
      disconnect: () => (record.disconnected += 1),
      connect: () => (record.connected += 1),
    };
  },
}));

const emit = (event: string, ...args: unknown[]) => {
  for (const listener of fake.created.at(-1)?.listeners.get(event) ?? []) listener(...args);
};

afterEach(() => {
  closeSocket();
  fake.created.length = 0;
});

describe('the socket channel', () => {
  it('connects once at /ws over websocket, with the current token read at each handshake', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    await openSocket();
    await openSocket();
    expect(fake.created).toHaveLength(1);
    const { options } = fake.created[0]!;
    expect(options).toMatchObject({ path: '/ws', transports: ['websocket'] });
    const auth = options.auth as (cb: (data: object) => void) => void;
    const handshakes: object[] = [];
    auth((data) => handshakes.push(data));
    localStorage.setItem(LOCAL_KEYS.token, 'token-2'); // a refresh
    auth((data) => handshakes.push(data));
    expect(handshakes).toEqual([{ token: 'token-1' }, { token: 'token-2' }]);
  });

  it('does not connect without a token', async () => {
    await openSocket();
    expect(fake.created).toHaveLength(0);
  });

  it('hands notifications:new to the subscribers and tells them of every connection', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    await openSocket();
    const received: unknown[] = [];
    let connections = 0;
    const off = onSocketEvent('notifications:new', (payload) => received.push(payload));
    const offConnect = onSocketConnect(() => (connections += 1));
    const payload = { kind: 'general', notification: { _id: 'n1', createdAt: '', name: 'x', translate: false, notifications: [] } };
    emit('notifications:new', payload);
    emit('connect');
    emit('connect');
    expect(received).toEqual([payload]);
    expect(connections).toBe(2);
    off();
    offConnect();
    emit('notifications:new', payload);
    expect(received).toHaveLength(1);
  });

  it("hands a module's record changes over in batches: the first at once, the next ones together, each id once", async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    await openSocket();
    vi.useFakeTimers();
    try {
      const batches: (readonly string[])[] = [];
      const off = onRecordsChanged('sites', (ids) => batches.push(ids));
      const change = (module: string, id: string) => emit('records:changed', { module, id, version: 2 });
      change('sites', 'a');
      expect(batches).toEqual([['a']]);
      change('sites', 'b');
      change('declarations', 'x');
      change('sites', 'c');
      change('sites', 'b');
      expect(batches).toEqual([['a']]);
      vi.advanceTimersByTime(RECORDS_CHANGED_BATCH_MS);
      expect(batches).toEqual([['a'], ['b', 'c']]);
      // A window with nothing in it ends the batching: the next change goes at once.
      vi.advanceTimersByTime(RECORDS_CHANGED_BATCH_MS);
      change('sites', 'd');
      expect(batches).toEqual([['a'], ['b', 'c'], ['d']]);
      change('sites', 'e');
      off();
      vi.advanceTimersByTime(RECORDS_CHANGED_BATCH_MS);
      change('sites', 'f');
      expect(batches).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells of reconnections, not of the first connection of a session: the pushes of the gap were lost', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    let reconnections = 0;
    const off = onSocketReconnect(() => (reconnections += 1));
    await openSocket();
    emit('connect');
    expect(reconnections).toBe(0);
    emit('disconnect');
    emit('connect');
    expect(reconnections).toBe(1);
    // A new session (a logout, then a login) starts without a gap to make up for.
    closeSocket();
    await openSocket();
    emit('connect');
    expect(reconnections).toBe(1);
    off();
  });

  it('reconnects on demand and closes at logout', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    await openSocket();
    reconnectSocket();
    expect(fake.created[0]).toMatchObject({ disconnected: 1, connected: 1 });
    closeSocket();
    expect(fake.created[0]?.disconnected).toBe(2);
    await openSocket();
    expect(fake.created).toHaveLength(2);
  });

  it('an administrator ending the session (session:ended) logs out with its message, at once', async () => {
    localStorage.setItem(LOCAL_KEYS.token, 'token-1');
    await openSocket();
    const ended: string[] = [];
    const off = onSessionEnded((reason) => ended.push(reason));
    emit('session:ended', { message: 'auth.removed_from_district' });
    off();
    expect(ended).toEqual(['token']);
    expect(getToken()).toBeNull();
    expect(getToasts().map(({ message, persistent }) => ({ message, persistent }))).toEqual([
      { message: 'You were removed from this district. Log in again to reach your other districts.', persistent: true },
    ]);
  });
});

/**
 * THE socket channel (docs/api.md "Socket"): one socket.io connection per tab at SOCKET_PATH,
 * websocket transport, the access token in the handshake. Nothing else imports
 * socket.io-client; features subscribe to server events through `onSocketEvent` and to
 * (re)connections through `onSocketConnect`.
 *
 * - socket.io-client is imported lazily (after first paint) to keep the first screen light.
 * - The handshake reads the token at each (re)connection, so a reconnection after a token
 *   refresh carries the new token; a handshake refused for an expired token triggers one
 *   refresh and a new attempt.
 * - `closeSocket` on logout; nothing is kept between sessions.
 * - A temporary logout (reconnection.ts) closes the connection and a reconnection reopens it;
 *   the server's SESSION_EXPIRED_EVENT is one of the temporary-logout signals.
 * - SESSION_ENDED_EVENT (an administrator disabled the account, or removed it from the
 *   session's district) ends the session as the error its requests now get would: the error
 *   catalogue's toast and logout, without waiting for the next request.
 */
import type { Socket } from 'socket.io-client';
import { SESSION_ENDED_EVENT, SESSION_EXPIRED_EVENT, SOCKET_PATH } from '../../common/constants';
import type { NotificationItem } from '../../common/api-types';
import type { JobProgressEvent } from '../../common/modules/importExport/schemas';
import { refreshAccessToken } from './api-client';
import { appTranslate, applyOutcome } from './catalogue-effects';
import { catalogueOutcome } from './error-catalogue';
import { beginTemporaryLogout, isAwaitingReconnection, onReconnectionStateChange } from './reconnection';
import { getToken } from './storage';
import { yieldToMain } from './when-idle';

/** Server → client events, named once. */
export const SOCKET_EVENTS = {
  notificationNew: 'notifications:new',
  recordsChanged: 'records:changed',
  /** JOB_PROGRESS_EVENT of common/modules/importExport/schemas.ts (named here: that file's schemas stay out of the entry). */
  jobProgress: 'jobs:progress',
} as const;

export interface SocketEventPayloads {
  [SOCKET_EVENTS.notificationNew]: { kind: 'general' | 'workflow'; notification: NotificationItem };
  /** After every write of a module's record, to the district's room: open apps refetch it. */
  /** version null: the record is unchanged, one of its attachments completed (the record's files change). */
  [SOCKET_EVENTS.recordsChanged]: { module: string; id: string; version: number | null };
  /** A background job of the user's moved (started, one more percent, done, failed): to its owner's sockets. */
  [SOCKET_EVENTS.jobProgress]: JobProgressEvent;
}

/** The window in which a module's record changes are handed over together (onRecordsChanged). */
export const RECORDS_CHANGED_BATCH_MS = 1000;

type EventName = keyof SocketEventPayloads;
type Handler<E extends EventName> = (payload: SocketEventPayloads[E]) => void;

const handlers = new Map<EventName, Set<Handler<EventName>>>();
const connectListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
/**
 * A connection was up before in this session (reset at logout): the next one is a
 * reconnection, after a gap in which what the server pushed never arrived.
 */
let connectedBefore = false;

let socket: Socket | null = null;
let opening: Promise<void> | null = null;
// The app asked for a connection (openSocket) and has not closed it (closeSocket): a
// temporary logout suspends it, a reconnection resumes it.
let wanted = false;
// Bumped by closeSocket so a connection still loading its library after a logout gives up.
let generation = 0;

function dispatch<E extends EventName>(event: E, payload: SocketEventPayloads[E]): void {
  for (const handler of handlers.get(event) ?? []) (handler as Handler<E>)(payload);
}

/** Opens the connection if there is none (idempotent). Resolves once the attempt is set up. */
export function openSocket(): Promise<void> {
  wanted = true;
  if (socket !== null || isAwaitingReconnection()) return Promise.resolve();
  const mine = ++generation;
  opening ??= import('socket.io-client')
    .then(async ({ io }) => {
      // The library's evaluation was this task's work: the connection is set up in the next
      // one (together they were one of the longest tasks after a start on a phone).
      await yieldToMain();
      if (mine !== generation || getToken() === null) return;
      const s = io({
        path: SOCKET_PATH,
        transports: ['websocket'],
        // A function: socket.io calls it at every (re)connection, so the newest token goes.
        auth: (cb) => cb({ token: getToken() }),
      });
      // Every connection, the first included: what arrived while there was none was missed.
      s.on('connect', () => {
        const again = connectedBefore;
        connectedBefore = true;
        for (const listener of connectListeners) listener();
        if (again) for (const listener of reconnectListeners) listener();
      });
      s.on('connect_error', (error: Error) => {
        // The server refuses the handshake with the token error's message; socket.io does
        // not retry a refused handshake by itself.
        if (error.message !== 'token_expired' && error.message !== 'token_invalid') return;
        refreshAccessToken()
          .then(() => {
            if (socket === s) s.connect();
          })
          .catch(() => undefined); // the HTTP channel ends the session on a refused refresh
      });
      // The server ended the session's validity: a temporary logout, not the login page.
      s.on(SESSION_EXPIRED_EVENT, () => beginTemporaryLogout('server'));
      // An administrator ended the session: its requests now get this error (logout flag).
      s.on(SESSION_ENDED_EVENT, (payload: { message?: unknown } | undefined) => {
        if (getToken() === null || typeof payload?.message !== 'string') return;
        applyOutcome(catalogueOutcome({ kind: 'error', status: 403, body: { message: payload.message, logout: true } }, appTranslate));
      });
      for (const event of Object.values(SOCKET_EVENTS)) {
        s.on(event, (payload: SocketEventPayloads[typeof event]) => dispatch(event, payload));
      }
      socket = s;
    })
    .finally(() => {
      opening = null;
    });
  return opening;
}

function disconnect(): void {
  generation += 1;
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
}

/** Logout: close and forget the connection. */
export function closeSocket(): void {
  wanted = false;
  connectedBefore = false;
  disconnect();
}

onReconnectionStateChange((awaiting) => {
  if (awaiting) disconnect();
  else if (wanted) void openSocket();
});

/** After a token refresh or a tenant change: reconnect so the handshake carries the new token. */
export function reconnectSocket(): void {
  if (socket === null) return;
  socket.disconnect();
  socket.connect();
}

export function onSocketEvent<E extends EventName>(event: E, handler: Handler<E>): () => void {
  let set = handlers.get(event);
  if (set === undefined) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler<EventName>);
  return () => set.delete(handler as Handler<EventName>);
}

/**
 * A module's record changes, in batches: the first change after a quiet moment is handed over
 * at once, the ones that follow within RECORDS_CHANGED_BATCH_MS together at its end, each id
 * once. An outbox replay delivers hundreds of writes a minute, each told back to this device
 * (the write, then its photo's upload): refetching a module's lists once per change made a
 * storm of reads that took more of the network and of the page than the replay itself.
 */
export function onRecordsChanged(module: string, handler: (ids: readonly string[]) => void): () => void {
  let batch: Set<string> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const close = () => {
    timer = null;
    if (batch === null) return;
    const ids = [...batch];
    batch = null;
    if (ids.length > 0) {
      handler(ids);
      // Another window starts: what comes in it waits for its end.
      timer = setTimeout(close, RECORDS_CHANGED_BATCH_MS);
    }
  };
  const off = onSocketEvent(SOCKET_EVENTS.recordsChanged, (event) => {
    if (event.module !== module) return;
    if (timer === null) {
      handler([event.id]);
      batch = new Set();
      timer = setTimeout(close, RECORDS_CHANGED_BATCH_MS);
    } else (batch ??= new Set()).add(event.id);
  });
  return () => {
    off();
    if (timer !== null) clearTimeout(timer);
  };
}

/** Called after every connection (the first and each reconnection). */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => connectListeners.delete(listener);
}

/**
 * Called after each reconnection of the session (not its first connection): the socket was
 * down, a network loss, a server restart or a temporary logout, and the pushes of that gap were lost.
 */
export function onSocketReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

/** Whether the socket is connected now (what is pushed arrives); false while it is down or not opened. */
export function isSocketConnected(): boolean {
  return socket?.connected === true;
}

/** Tests only. */
export function isSocketOpen(): boolean {
  return socket !== null;
}

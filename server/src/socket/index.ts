/**
 * The socket server (socket.io at /ws, websocket transport only). The handshake must carry a
 * valid access token (`auth.token`); the socket then joins the rooms of its account, of its
 * client database and district, and of that account in that district, all taken from the
 * token, never from the client.
 *
 * With several server processes on one PostgreSQL (DATABASE_URL set), the socket.io
 * PostgreSQL adapter carries every room emit, disconnect and room change through LISTEN/NOTIFY
 * on the control database, so a notification or a session signal reaches the user's socket
 * whichever process it is connected to; the same channel tells the other processes which
 * cached sessions and envelopes a write made stale (CLUSTER_EVENTS).
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { AccessClaims } from '../../../common/api-types.js';
import { SESSION_EXPIRED_EVENT, SOCKET_PATH } from '../../../common/constants.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessTokens } from '../auth/tokens.js';
import { ApiError } from '../lib/errors.js';
import { authenticateToken } from '../plugins/auth.js';
import type { TenantCache, TenantChange } from '../plugins/tenant-cache.js';

export const accountRoom = (accountId: string) => `account:${accountId}`;
const DISTRICT_ROOM_PREFIX = 'district:';
const MEMBER_ROOM_PREFIX = 'member:';
export const districtRoom = (clientDb: string, districtId: string) => `${DISTRICT_ROOM_PREFIX}${clientDb}:${districtId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** One account in one district: where its notifications go. */
export const memberRoom = (clientDb: string, districtId: string, accountId: string) => `${MEMBER_ROOM_PREFIX}${clientDb}:${districtId}:${accountId}`;

export interface SocketData {
  claims: AccessClaims;
}

/** Messages between server processes (never seen by browsers). */
const CLUSTER_EVENTS = { tenant: 'vigie:tenant-changed', session: 'vigie:session-changed' } as const;
interface ClusterEvents {
  [CLUSTER_EVENTS.tenant]: (change: TenantChange) => void;
  [CLUSTER_EVENTS.session]: (sessionId: string) => void;
}

/** The adapter stores payloads over NOTIFY's 8000-byte limit here (its documented table). */
const ADAPTER_TABLE = 'socket_io_attachments';
/** Connections of the adapter: one held for LISTEN, one for NOTIFY and the attachments. */
const ADAPTER_POOL_SIZE = 2;

const adapterPools = new WeakMap<Server, pg.Pool>();
/** How long a close waits for the adapter's connections to end. */
const ADAPTER_POOL_END_MS = 2000;

async function ensureAdapterTable(pool: pg.Pool): Promise<void> {
  await pool
    .query(`create table if not exists ${ADAPTER_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea)`)
    .catch((error: { code?: string }) => {
      // Two processes starting together: the other one created it (unique_violation on its type).
      if (error.code !== '23505' && error.code !== '42P07') throw error;
    });
}

export interface SocketDeps {
  tokens: AccessTokens;
  sessions: Sessions;
  tenantCache: TenantCache;
  /** The control database on a PostgreSQL server: several processes may share it. */
  databaseUrl: string | null;
}

export async function attachSocket(server: HttpServer, deps: SocketDeps): Promise<Server> {
  const io = new Server<Record<string, never>, Record<string, (...args: never[]) => void>, ClusterEvents, SocketData>(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
  });
  if (deps.databaseUrl) {
    const pool = new pg.Pool({ connectionString: deps.databaseUrl, max: ADAPTER_POOL_SIZE });
    // A lost idle connection must not crash the process; the adapter reconnects its listener.
    pool.on('error', () => {});
    // The adapter's LISTEN connection too: a database that goes away must not crash the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    await ensureAdapterTable(pool).catch(async (error: unknown) => {
      await pool.end().catch(() => {});
      throw error;
    });
    io.adapter(createAdapter(pool, { tableName: ADAPTER_TABLE }));
    adapterPools.set(io, pool);
    // Writes here make other processes' caches stale: tell them (their own writes tell us).
    deps.tenantCache.broadcast = (change) => io.serverSideEmit(CLUSTER_EVENTS.tenant, change);
    deps.sessions.broadcast = (sessionId) => io.serverSideEmit(CLUSTER_EVENTS.session, sessionId);
    io.on(CLUSTER_EVENTS.tenant, (change) => deps.tenantCache.forget(change));
    io.on(CLUSTER_EVENTS.session, (sessionId) => deps.sessions.forget(sessionId));
  }
  // Every way a session ends closes its sockets, on whichever process holds them (the adapter
  // carries the disconnect to the other processes).
  deps.sessions.onEnded = (sessionIds) => io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    authenticateToken(token, deps).then(
      (claims) => {
        socket.data.claims = claims;
        next();
      },
      (error: unknown) => next(new Error(error instanceof ApiError ? error.body.message : 'token_invalid')),
    );
  });
  io.on('connection', (socket) => {
    const { claims } = socket.data;
    void socket.join([sessionRoom(claims.sid), ...tenantRooms(claims)]);
    void signalSessionEnd(socket, claims.sid, deps.sessions);
  });
  return io;
}

/** Closes the socket server, its adapter and the adapter's connections. */
export async function closeSocket(io: Server): Promise<void> {
  await io.close();
  const pool = adapterPools.get(io);
  adapterPools.delete(io);
  if (pool === undefined) return;
  // pool.end() waits for every checked-out client; the adapter's LISTEN client is sometimes
  // still held when a server closes soon after another one started in the same process (seen
  // in the tests), and the close must not hang on it: the process is ending anyway.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    pool.end().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ADAPTER_POOL_END_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

// setTimeout's limit (about 24.8 days): a session ending later is signalled to a later socket.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The server's temporary-logout signal (spec section 4): when the session reaches the end of
 * its validity, its sockets get SESSION_EXPIRED_EVENT and are closed; the app opens the
 * reconnect dialog and keeps what is on screen.
 */
async function signalSessionEnd(socket: Socket, sessionId: string, sessions: Sessions): Promise<void> {
  const until = await sessions.validUntil(sessionId).catch(() => null);
  if (until === null || socket.disconnected) return;
  const delay = until.getTime() - Date.now();
  if (delay > MAX_TIMER_MS) return;
  const timer = setTimeout(() => {
    socket.emit(SESSION_EXPIRED_EVENT, { reason: 'expired' });
    socket.disconnect(true);
  }, Math.max(0, delay));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

const tenantRooms = (claims: Pick<AccessClaims, 'sub' | 'db' | 'did'>) => [
  accountRoom(claims.sub),
  districtRoom(claims.db, claims.did),
  memberRoom(claims.db, claims.did, claims.sub),
];

/**
 * After a client or district change: the session's sockets leave the old tenant's rooms and
 * join the new one's. The rooms to leave are read from each socket's rooms, not from its
 * claims: a socket on another process is a copy whose data cannot be updated from here.
 */
export async function moveSessionSockets(io: Server, sessionId: string, tenant: { clientDb: string; districtId: string }): Promise<void> {
  for (const socket of await io.in(sessionRoom(sessionId)).fetchSockets()) {
    const claims = (socket.data as SocketData).claims;
    for (const room of [...socket.rooms]) if (room.startsWith(DISTRICT_ROOM_PREFIX) || room.startsWith(MEMBER_ROOM_PREFIX)) socket.leave(room);
    const moved = { ...claims, db: tenant.clientDb, did: tenant.districtId };
    (socket.data as SocketData).claims = moved;
    socket.join(tenantRooms(moved));
  }
}

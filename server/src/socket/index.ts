/**
 * The socket server (socket.io at /ws, websocket transport only). The handshake must carry a
 * valid access token (`auth.token`); the socket then joins the rooms of its account, of its
 * client database and district, and of that account in that district, all taken from the
 * token, never from the client.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { AccessClaims } from '../../../common/api-types.js';
import { SOCKET_PATH } from '../../../common/constants.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessTokens } from '../auth/tokens.js';
import { ApiError } from '../lib/errors.js';
import { authenticateToken } from '../plugins/auth.js';

export const accountRoom = (accountId: string) => `account:${accountId}`;
export const districtRoom = (clientDb: string, districtId: string) => `district:${clientDb}:${districtId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** One account in one district: where its notifications go. */
export const memberRoom = (clientDb: string, districtId: string, accountId: string) => `member:${clientDb}:${districtId}:${accountId}`;

export interface SocketData {
  claims: AccessClaims;
}

export function attachSocket(server: HttpServer, deps: { tokens: AccessTokens; sessions: Sessions }): Server {
  const io = new Server<Record<string, never>, Record<string, (...args: never[]) => void>, Record<string, never>, SocketData>(server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
  });
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
  });
  return io as unknown as Server;
}

const tenantRooms = (claims: Pick<AccessClaims, 'sub' | 'db' | 'did'>) => [
  accountRoom(claims.sub),
  districtRoom(claims.db, claims.did),
  memberRoom(claims.db, claims.did, claims.sub),
];

/** After a client or district change: the session's sockets leave the old tenant's rooms and join the new one's. */
export async function moveSessionSockets(io: Server, sessionId: string, tenant: { clientDb: string; districtId: string }): Promise<void> {
  for (const socket of await io.in(sessionRoom(sessionId)).fetchSockets()) {
    const claims = (socket.data as SocketData).claims;
    for (const room of tenantRooms(claims)) socket.leave(room);
    const moved = { ...claims, db: tenant.clientDb, did: tenant.districtId };
    (socket.data as SocketData).claims = moved;
    socket.join(tenantRooms(moved));
  }
}

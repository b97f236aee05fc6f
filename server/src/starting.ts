/**
 * What answers on the port while the server starts (main.ts): the databases are being created,
 * opened, migrated and seeded, or waited for while unreachable. Liveness `/api/health` is 200
 * (the process is alive: a supervisor must not restart it in a loop); readiness `/api/ready`
 * and every other request get 503 `server.starting` with Retry-After, so a load balancer and
 * the app wait rather than see the port closed or an error. Closed just before the built server
 * listens on the same port.
 */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { HEALTH_PATH, SERVER_STARTING_MESSAGE } from '../../common/constants.js';
import type { Config } from './config.js';
import { NOT_READY_RETRY_SECONDS } from './plugins/health.js';

export interface StartingListener {
  /** The port listened on (the configured one; a free one for port 0 in tests). */
  port: number;
  close(): Promise<void>;
}

function answer(request: IncomingMessage | Http2ServerRequest, response: ServerResponse | Http2ServerResponse): void {
  const path = (request.url ?? '/').split('?')[0];
  const alive = path === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD');
  const body = JSON.stringify(alive ? { status: 'ok' } : { message: SERVER_STARTING_MESSAGE });
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (!alive) headers['retry-after'] = String(NOT_READY_RETRY_SECONDS);
  (response as ServerResponse).writeHead(alive ? 200 : 503, headers);
  (response as ServerResponse).end(request.method === 'HEAD' ? '' : body);
}

/** Listens on the configured host and port (HTTPS when TLS is configured) until close(). */
export async function listenWhileStarting(config: Pick<Config, 'host' | 'port' | 'tls'>): Promise<StartingListener> {
  const server = config.tls
    ? createSecureServer({ allowHTTP1: true, cert: await readFile(config.tls.certFile), key: await readFile(config.tls.keyFile) }, answer)
    : createHttpServer(answer);
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Answers take no time: whatever connection is left is idle or a client's keep-alive.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

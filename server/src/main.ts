/**
 * Starts the Vigie server (API, socket, built PWA) and stops it gracefully on SIGINT/SIGTERM.
 *
 * Database unavailable at start (PostgreSQL down, restarting, not reachable yet): the process
 * does not exit (a supervisor would restart it in a loop) and does not listen either; it logs
 * the cause and retries with exponential backoff (0.5 s doubling to 30 s) until the database
 * answers. Any other start failure (bad credentials, a failing migration) exits at once with
 * the error, since retrying would not change it.
 *
 * Graceful stop: the listener closes at once (new connections are refused; a request arriving
 * on a kept-alive connection gets 503), requests in flight finish, then the socket.io clients
 * are disconnected, the mail worker finishes the e-mail it is sending, and the databases close.
 */
import { buildServer } from './app.js';
import { loadConfig } from './config.js';
import { openWithRetry } from './db/unavailable.js';

const config = loadConfig();
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;
const server = await openWithRetry(
  () => buildServer(config),
  (error, attempt, delayMs) => {
    const cause = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
    // Before the app (and its logger) exists: one plain line on stderr per attempt.
    console.error(`Vigie: database unavailable (${where}): ${cause}; retrying in ${delayMs / 1000} s (attempt ${attempt})`);
  },
);
await server.app.listen({ host: config.host, port: config.port });
server.app.log.info(`Vigie on ${config.tls ? 'https' : 'http'}://${config.host}:${config.port} (${where})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: stopping`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error(error);
        process.exit(1);
      },
    );
  });
}

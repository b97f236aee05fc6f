/**
 * Starts the Vigie server (API, socket, built PWA) and stops it gracefully on SIGINT/SIGTERM.
 * The production start is `node server/dist/main.js` after `npm run build` (README, "Production").
 *
 * Configuration: a variable with a value it cannot take (VIGIE_SEED_DEMO=ture, PORT=80a) stops
 * the start before anything is opened, with the variable named (exit code 78, config.ts).
 *
 * Starting: the port answers at once (starting.ts): liveness `/api/health` 200, readiness and
 * everything else 503 `server.starting`, while the databases are created (one line says so on
 * a first embedded start), opened, migrated and seeded.
 *
 * Database unavailable at start (PostgreSQL down, restarting, not reachable yet): the process
 * does not exit (a supervisor would restart it in a loop); it logs the cause and retries with
 * exponential backoff (0.5 s doubling to 30 s) until the database answers, readiness 503
 * meanwhile. Any other start failure (bad credentials, a failing migration) exits at once with
 * the error, since retrying would not change it.
 *
 * Graceful stop (SIGTERM, SIGINT; a second signal is ignored): the listener closes at once (new
 * connections are refused; a request arriving on a kept-alive connection, readiness included,
 * gets 503 `server.stopping`), requests in flight finish, then the socket.io clients are
 * disconnected, the mail worker finishes the e-mail it is sending, and the databases close;
 * exit code 0. A stop that takes longer than STOP_TIMEOUT_MS exits with code 1. A signal during
 * the start stops it the same way (waiting for a database is abandoned at once).
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildServer, type VigieServer } from './app.js';
import { loadConfigOrExit } from './config.js';
import { openWithRetry } from './db/unavailable.js';
import { listenWhileStarting, type StartingListener } from './starting.js';

/** Within Docker's default 10 s between SIGTERM and SIGKILL (compose.yaml gives 20 s). */
const STOP_TIMEOUT_MS = 8_000;

const config = loadConfigOrExit();
const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`;

class StoppedWhileStarting extends Error {}

let stopping: string | null = null;
let onStop: () => void = () => {};
const stopRequested = new Promise<void>((resolve) => (onStop = resolve));
let starting: StartingListener | null = null;
let server: VigieServer | null = null;

const log = (message: string) => (server ? server.app.log.info(message) : console.log(`Vigie: ${message}`));

let closing: Promise<void> | null = null;
/** Closes the built server once, then exits: 0 when everything closed, 1 otherwise. */
function closeAndExit(built: VigieServer): Promise<void> {
  closing ??= built.close().then(
    () => process.exit(0),
    (error: unknown) => {
      built.app.log.error(error);
      process.exit(1);
    },
  );
  return closing;
}

function stop(signal: string): void {
  log(`${signal}: stopping`);
  setTimeout(() => {
    console.error(`Vigie: not stopped within ${STOP_TIMEOUT_MS / 1000} s, exiting`);
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  onStop();
  // While starting, the start itself stops (below) once what it is opening is open.
  if (server) void closeAndExit(server);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = signal;
    stop(signal);
  });
}

/** `./data` rather than an absolute path when the folder is under the working directory. */
function shown(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !inside.startsWith(sep) ? `.${sep}${inside}` : path;
}

if (!config.databaseUrl && !existsSync(join(config.dataDir, 'control', 'PG_VERSION'))) {
  const initdb = !existsSync(join(config.pgliteTemplateDir, 'PG_VERSION'));
  console.log(`Vigie: Creating the embedded databases in ${shown(config.dataDir)} (first start, ${initdb ? 'about 10 s' : 'a few seconds'})…`);
}

try {
  starting = await listenWhileStarting(config);
} catch (error) {
  // The port is taken or TLS files unreadable: the real listen below reports it the same way.
  starting = null;
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Vigie: ${config.host}:${config.port} is already in use`);
    process.exit(1);
  }
}

try {
  server = await openWithRetry(
    () => buildServer(config),
    (error, attempt, delayMs) => {
      const cause = error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error);
      // Before the app (and its logger) exists: one plain line on stderr per attempt.
      console.error(`Vigie: database unavailable (${where}): ${cause}; retrying in ${delayMs / 1000} s (attempt ${attempt})`);
    },
    Number.POSITIVE_INFINITY,
    (ms) =>
      Promise.race([
        new Promise<void>((resolve) => setTimeout(resolve, ms)),
        stopRequested.then(() => {
          throw new StoppedWhileStarting();
        }),
      ]),
  );
} catch (error) {
  await starting?.close();
  if (error instanceof StoppedWhileStarting) process.exit(0);
  throw error;
}

await starting?.close();
if (stopping) await closeAndExit(server);
try {
  await server.app.listen({ host: config.host, port: config.port });
} catch (error) {
  if (stopping) await closeAndExit(server);
  throw error;
}
server.app.log.info(`Vigie on ${config.tls ? 'https' : 'http'}://${config.host}:${config.port} (${where})`);

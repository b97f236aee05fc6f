/**
 * Starts the Vigie server (API, socket, built PWA) and stops it gracefully on SIGINT/SIGTERM:
 * in-flight requests finish, then the databases close.
 */
import { buildServer } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const server = await buildServer(config);
await server.app.listen({ host: config.host, port: config.port });
server.app.log.info(
  `Vigie on http://${config.host}:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
);

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

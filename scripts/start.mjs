// `npm start`, the developer launcher: builds the app and the server when their output is
// missing or older than the sources, then runs the server (API, socket and the built PWA on one
// port; embedded database with demo data unless DATABASE_URL is set). Production starts the
// built server directly instead: `node server/dist/main.js` (README, "Production").
//
// Stopping: SIGINT and SIGTERM are passed on to the build or the server running, and this
// process exits with the server's code once it has stopped. `npm start` runs this script under
// npm and a shell, and killing npm's process id does not reach it (npm signals the shell, which
// exits without passing the signal on): so when this process finds itself orphaned (its parent
// gone), it stops the server the same way.
//
// A `.env` file in the working directory is read first (Node's process.loadEnvFile); variables
// already set in the environment win. VIGIE_SERVER_OUT_DIR builds and runs the server elsewhere
// than server/dist; VIGIE_STATIC_DIR names an app built elsewhere, which is then not built here.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

if (existsSync('.env')) process.loadEnvFile('.env');

const serverDir = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
/** How often the parent process is checked for (orphaned: stop). */
const PARENT_CHECK_MS = 500;

const newest = (paths) => {
  let latest = 0;
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
};
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The child running now (a build, then the server): where a stop signal goes. */
let child = null;
let stopSignal = null;

function stop(signal) {
  if (stopSignal) return;
  stopSignal = signal;
  if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(1);
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // the group is gone already: the child itself, if still there
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, PARENT_CHECK_MS).unref();

/**
 * Runs a command as `child`, in a process group of its own so that a stop reaches the whole
 * tree (npm, its shell and vite for a build); resolves with its exit code (a signal counts as 1).
 */
const run = (command, args) =>
  new Promise((resolve) => {
    child = spawn(command, args, { stdio: 'inherit', detached: true });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const build = async (script) => {
  const code = await run('npm', ['run', script]);
  if (code !== 0 || stopSignal) process.exit(code || 1);
};

if (!process.env.VIGIE_STATIC_DIR && builtAt('dist/index.html') < newest(['src', 'sw', 'public', 'common', 'index.html', 'vite.config.ts'])) await build('build:app');
if (builtAt(join(serverDir, 'main.js')) < newest(['server/src', 'common'])) await build('build:server');

process.exit(await run(process.execPath, ['--enable-source-maps', join(serverDir, 'main.js')]));

// `npm start`: builds the app and the server when their output is missing or older than the
// sources, then runs the server (API, socket and the built PWA on one port; embedded
// database with demo data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const run = (script) => {
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (builtAt('dist/index.html') < newest(['src', 'sw', 'public', 'common', 'index.html', 'vite.config.ts'])) run('build:app');
if (builtAt('server/dist/main.js') < newest(['server/src', 'common'])) run('build:server');

const server = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

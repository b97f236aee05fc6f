// The server the browser tests run against: the built app and the real server on a fresh
// embedded data folder (seeded with the demo data), removed when the server stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'vigie-e2e-'));
// VIGIE_SERVER_OUT_DIR / VIGIE_STATIC_DIR: a build other than server/dist and dist.
const serverDir = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
const server = spawn(process.execPath, ['--enable-source-maps', join(serverDir, 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    VIGIE_DATA_DIR: dataDir,
    VIGIE_PGLITE_TEMPLATE_DIR: resolve('node_modules/.cache/vigie/pglite-template'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});

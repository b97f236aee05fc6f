/**
 * For tests that start the server as a process of its own (start, stop, faults): its entry
 * bundled, and a free port.
 *
 * The server's entry bundled for tests that start it as a process of its own (start, stop,
 * faults). Under the checkout, so the bundle's external packages resolve from its
 * node_modules; one folder per test file and process.
 */
import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { build } from 'esbuild';

export async function bundleServerMain(name: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = resolve(`node_modules/.cache/vigie/${name}-${process.pid}`);
  await build({
    entryPoints: ['server/src/main.ts'],
    outdir: dir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

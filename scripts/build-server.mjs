// Bundles the API server (server/src + common/) into server/dist/ (main.js, tasks.js). Packages stay
// external (resolved from node_modules at run time); only the project's own code is bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts', 'server/src/tasks.ts'],
  outdir: 'server/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server built: server/dist/main.js, server/dist/tasks.js');

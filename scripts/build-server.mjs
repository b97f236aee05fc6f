// Bundles the API server (server/src + common/) into server/dist/ (main.js, tasks.js). Packages stay
// external (resolved from node_modules at run time); only the project's own code is bundled.
// VIGIE_SERVER_OUT_DIR builds elsewhere (parallel work trees of the same checkout).
import { build } from 'esbuild';

const outdir = process.env.VIGIE_SERVER_OUT_DIR || 'server/dist';
await build({
  entryPoints: ['server/src/main.ts', 'server/src/tasks.ts'],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server built: ${outdir}/main.js, ${outdir}/tasks.js`);

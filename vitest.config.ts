import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the app's unit and component tests (jsdom + msw) and the server's tests
// (node, real embedded database; also run against PostgreSQL when VIGIE_TEST_PG_URL is set).
export default defineConfig({
  test: {
    // Two cores here; each server test file starts its own databases.
    maxWorkers: 2,
    projects: [
      {
        plugins: [react()],
        // Node's "node" export condition would give @lit/react's server build, which drops
        // every property and event of Ionic's React components: resolve with the browser
        // condition, as the app is built.
        resolve: { conditions: ['browser'] },
        ssr: { resolve: { conditions: ['browser'], externalConditions: ['browser'] } },
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Whole-app renders wait up to 5 s for what the user sees (cold transforms); a test
          // made of a few such waits must not hit the default 5 s limit on a loaded machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          // One seeded demo installation per run, copied by each test server (seeded-snapshot.ts).
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

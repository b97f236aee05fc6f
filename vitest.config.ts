import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Two projects: the app's unit and component tests (jsdom + msw) and the server's tests
// (node, real embedded database; also run against PostgreSQL when VIGIE_TEST_PG_URL is set).
export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          // Each file gets its own data folder; PGlite start-up is heavy, keep the workers few.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

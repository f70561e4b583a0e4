import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

/**
 * Unit and API tests. Server tests run once, on PostgreSQL: TEST_DATABASE_URL's server, else an embedded one
 * started for the run; each test file gets a database cloned from a migrated template (apps/server/test/).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'tools', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: serverTests,
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        define: { __BUILD_ID__: JSON.stringify('test-build') },
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
  },
});

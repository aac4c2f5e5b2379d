import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests live in e2e/ with their own config (vitest.e2e.config.ts).
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    pool: 'forks',
    // Guards against a hang, not measures: a busy two-core machine can take a minute to build an
    // app on a fresh database (migrations and demo data) in each file's beforeAll.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

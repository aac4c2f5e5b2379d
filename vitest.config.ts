import { defineConfig } from 'vitest/config';
import { databaseTestFiles } from './apps/server/test/support/database-tests.ts';

const ALL = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/server/test/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
];

// Unit and API tests. Browser tests live in e2e/ with their own config (vitest.e2e.config.ts).
// TEST_SELECTION=database: only the files that open a database, for the PostgreSQL run of
// scripts/test.sh (docs/decisions/108-what-runs-where.md); the others run once, on PGlite.
export default defineConfig({
  test: {
    include: process.env.TEST_SELECTION === 'database' ? databaseTestFiles() : ALL,
    pool: 'forks',
    // One scratch directory and id per run: the test databases' templates
    // (docs/decisions/110-test-database-templates.md).
    globalSetup: ['apps/server/test/support/test-run.ts'],
    // Guards against a hang, not measures: a busy two-core machine can take a minute to build an
    // app on a fresh database (migrations and demo data) in each file's beforeAll.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});

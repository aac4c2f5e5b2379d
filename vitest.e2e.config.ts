import { defineConfig } from 'vitest/config';

// Browser tests: one portal server (embedded database, demo data) for the run, Debian's chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});

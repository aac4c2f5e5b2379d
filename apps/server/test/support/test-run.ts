import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * vitest's global set-up for the unit and API tests: one scratch directory and one id per run,
 * under which the test helper keeps this run's database templates (a migrated PGlite data
 * directory with and without the demo, as archives; on PostgreSQL, template databases named
 * `tmpl_<id>_…`). Made by the first test file that needs one, used by every later file, removed
 * here when the run ends (docs/decisions/110-test-database-templates.md).
 */
export interface TestRun {
  /** The run's scratch directory (removed at the end of the run). */
  dir: string;
  /** Letters and digits: names the run's template databases on PostgreSQL. */
  id: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testRun: TestRun;
  }
}

/** The prefix of a run's template databases on PostgreSQL. */
export const templatePrefix = (id: string) => `tmpl_${id}_`;

export default function setup(project: TestProject) {
  const run: TestRun = {
    dir: mkdtempSync(join(tmpdir(), 'portal-test-run-')),
    id: randomBytes(6).toString('hex'),
  };
  project.provide('testRun', run);
  return async () => {
    rmSync(run.dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [templatePrefix(run.id)],
      );
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Migrations only expand (docs/operations.md, "Upgrade"; docs/decisions/042-migration-linter.md):
 * Squawk, a PostgreSQL migration linter, with the rules in .squawk.toml, over every migration
 * numbered FIRST_LINTED and later. The released ones before it are frozen (upgrade.test.ts checks
 * their checksums), 0002's DROP TABLE among them.
 */
const FIRST_LINTED = 10;
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DRIZZLE = join(ROOT, 'apps/server/drizzle');
// Squawk's linux-x64 binary package, an optional dependency of the root package.json: the registry
// this project installs from carries no other platform's package at this version, so squawk-cli
// itself (which lists all five) cannot be in the lock file (decision 042). CI is linux-x64, where
// the binary must be there: a missing one fails below instead of skipping.
const SQUAWK = join(ROOT, 'node_modules/@squawk-cli/linux-x64/bin/squawk');
const linuxX64 = process.platform === 'linux' && process.arch === 'x64';

it.runIf(linuxX64)('squawk is installed (npm ci brings @squawk-cli/linux-x64)', () => {
  expect(existsSync(SQUAWK)).toBe(true);
});

interface Violation {
  file: string;
  line: number;
  rule_name: string;
  message: string;
}

/** Squawk's findings for `files`, run from the root so that it reads .squawk.toml. */
function squawk(files: string[]): Violation[] {
  try {
    execFileSync(SQUAWK, ['--reporter', 'json', ...files], { cwd: ROOT, encoding: 'utf8' });
    return [];
  } catch (err) {
    const { status, stdout } = err as { status?: number; stdout?: string };
    if (status !== 1 || !stdout) throw err;
    return JSON.parse(stdout) as Violation[];
  }
}

describe.runIf(linuxX64)('migrations only expand (squawk; linux-x64 only)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'migration-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fixture = (name: string, text: string) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it(`every migration from ${String(FIRST_LINTED).padStart(4, '0')} on passes`, () => {
    const linted = readdirSync(DRIZZLE)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f) && Number(f.slice(0, 4)) >= FIRST_LINTED)
      .map((f) => join(DRIZZLE, f));
    if (linted.length === 0) return; // none yet in this release: the cases below prove the linter
    const found = squawk(linted).map((v) => `${v.file}:${v.line} ${v.rule_name}: ${v.message}`);
    expect(found).toEqual([]);
  });

  it.each([
    ['a dropped table', 'DROP TABLE "revoked_tokens";', 'ban-drop-table'],
    ['a dropped column', 'ALTER TABLE "accounts" DROP COLUMN "mode";', 'ban-drop-column'],
    ['a renamed column', 'ALTER TABLE "accounts" RENAME COLUMN "mode" TO "colour";', 'renaming-column'],
    ['a renamed table', 'ALTER TABLE "accounts" RENAME TO "members";', 'renaming-table'],
    ['a changed type', 'ALTER TABLE "accounts" ALTER COLUMN "uid" TYPE bigint;', 'changing-column-type'],
    ['SET NOT NULL', 'ALTER TABLE "accounts" ALTER COLUMN "mode" SET NOT NULL;', 'adding-not-nullable-field'],
    [
      'a required column without a default',
      'ALTER TABLE "accounts" ADD COLUMN "tier" text NOT NULL;',
      'adding-required-field',
    ],
  ])('refuses %s', (_what, statement, rule) => {
    const found = squawk([fixture(`0099_${rule}.sql`, `${statement}\n`)]);
    expect(found.map((v) => v.rule_name)).toContain(rule);
  });

  it('accepts what expands: a new table, index and foreign key, a nullable column, a column with a default', () => {
    const file = fixture(
      '0098_expand.sql',
      [
        'CREATE TABLE "notes" (\n\t"id" serial PRIMARY KEY NOT NULL,\n\t"account" integer NOT NULL,\n\t"body" text NOT NULL\n);',
        'ALTER TABLE "notes" ADD CONSTRAINT "notes_account_fk" FOREIGN KEY ("account") REFERENCES "public"."accounts"("uid") ON DELETE cascade ON UPDATE no action;',
        'CREATE INDEX "notes_account_idx" ON "notes" USING btree ("account");',
        'ALTER TABLE "accounts" ADD COLUMN "nickname" text;',
        `ALTER TABLE "accounts" ADD COLUMN "tier" text DEFAULT 'basic' NOT NULL;`,
      ].join('--> statement-breakpoint\n'),
    );
    expect(squawk([file])).toEqual([]);
  });
});

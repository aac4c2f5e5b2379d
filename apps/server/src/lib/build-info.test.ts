import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInfo, builtCommit, checkoutCommit } from './build-info.ts';
import { VERSION } from './version.ts';

/** Which release and commit a process reports (docs/operations.md, "Which release runs"). */
describe('build info', () => {
  const dir = mkdtempSync(join(tmpdir(), 'build-info-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ROOT = join(import.meta.dirname, '../../../..');

  it('is this release: the version of the root package.json, 0.5.0', () => {
    expect(VERSION).toBe('0.5.0');
    expect(buildInfo().version).toBe(VERSION);
  });

  it('reads the commit a build recorded, and ignores a missing or malformed record', () => {
    const file = join(dir, 'build-info.json');
    writeFileSync(file, JSON.stringify({ commit: '481d944aa0c1e2b3c4d5e6f708192a3b4c5d6e7f' }));
    expect(builtCommit(pathToFileURL(file))).toBe('481d944aa0c1e2b3c4d5e6f708192a3b4c5d6e7f');
    writeFileSync(file, JSON.stringify({ commit: '$(rm -rf /)' }));
    expect(builtCommit(pathToFileURL(file))).toBeUndefined();
    writeFileSync(file, '{not json');
    expect(builtCommit(pathToFileURL(file))).toBeUndefined();
    expect(builtCommit(pathToFileURL(join(dir, 'absent.json')))).toBeUndefined();
  });

  it('outside a checkout the commit is unknown, never an error', () => {
    expect(checkoutCommit(dir)).toBeUndefined();
    expect(checkoutCommit(join(dir, 'no-such-dir'))).toBeUndefined();
    // From a checkout it is HEAD; in a copy without .git (CI's), "unknown".
    const head = checkoutCommit(ROOT);
    expect(buildInfo().commit).toBe(head ?? 'unknown');
  });

  it('`portal --version` prints the release and the commit', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/main.ts', '--version'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(out).toBe(`${VERSION} (commit ${buildInfo().commit})\n`);
  }, 120_000);
});

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VERSION } from './version.ts';

/**
 * Which release and which commit this process runs (docs/operations.md, "Which release runs"):
 * shown by `/healthz`, `portal --version` and the `portal_build_info` metric. The commit is, in
 * order: `build-info.json` next to this file (written by scripts/build-server.mjs into the built
 * server), `git rev-parse HEAD` when the code runs from a checkout, and "unknown" otherwise —
 * never an error, since a process must start whatever its directory holds.
 */
export interface BuildInfo {
  version: string;
  commit: string;
}

const COMMIT_SHAPE = /^[0-9a-f]{7,40}$/;

/** The commit recorded at build time, if this file lies in a built server that has one. */
export function builtCommit(
  fileUrl: string | URL = new URL('build-info.json', import.meta.url),
): string | undefined {
  try {
    const commit: unknown = JSON.parse(readFileSync(fileUrl, 'utf8')).commit;
    return typeof commit === 'string' && COMMIT_SHAPE.test(commit) ? commit : undefined;
  } catch {
    return undefined;
  }
}

/** The checkout's HEAD, if `dir` lies in a git work tree and git is installed. */
export function checkoutCommit(dir: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5000,
    }).trim();
    return COMMIT_SHAPE.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/** Read once, when the process loads this module: it never changes while the process runs. */
const BUILD_INFO: BuildInfo = Object.freeze({
  version: VERSION,
  commit: builtCommit() ?? checkoutCommit() ?? 'unknown',
});

export function buildInfo(): BuildInfo {
  return BUILD_INFO;
}

import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { kill, type Proc, ROOT, waitReady } from './processes.ts';
import { waitUntil } from './wait.ts';

/**
 * `npm start`'s data directory holds the embedded database and the JWT secret: it is 0700 and
 * everything in it 0600 (directories 0700), even when the process is started under umask 000 and
 * the directory is left from a start that made it 0777 (apps/server/src/lib/data-dir.ts). The
 * embedded mail transport's .eml files (reset links) go to the mail directory beside it, 0600 in
 * a 0700 directory (docs/decisions/045-secrets-at-rest.md).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'file-modes-'));
const mailDir = `${dataDir}-mail`;
let proc: Proc | undefined;
afterAll(async () => {
  if (proc) await kill(proc);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
});

function tree(dir: string): { path: string; mode: number; dir: boolean }[] {
  const st = lstatSync(dir);
  const here = { path: dir, mode: st.mode & 0o777, dir: st.isDirectory() };
  if (!st.isDirectory()) return [here];
  return [here, ...readdirSync(dir).flatMap((n) => tree(join(dir, n)))];
}

describe('file modes under a permissive umask', () => {
  it('keeps the data directory and all it holds to the process’s user', async () => {
    // Left by an earlier start under umask 000.
    mkdirSync(join(dataDir, 'outbox'), { recursive: true });
    writeFileSync(join(dataDir, 'outbox', '00000000.eml'), 'old');
    chmodSync(join(dataDir, 'outbox', '00000000.eml'), 0o666);
    chmodSync(join(dataDir, 'outbox'), 0o777);
    chmodSync(dataDir, 0o777);
    const port = await freePort();
    const child = spawn(
      '/bin/sh',
      ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          PORTAL_STAFF_MFA: 'optional',
          PORTAL_PUBLIC_URL: `http://127.0.0.1:${port}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const exited = new Promise<number | string>((r) => child.on('exit', (c, s) => r(s ?? c ?? -1)));
    proc = { name: 'portal', child, output: () => out, exited };
    const base = `http://127.0.0.1:${port}`;
    await waitReady(proc, base);
    // A reset link is mailed: the embedded transport writes it as an .eml file, beside DATA_DIR.
    const res = await fetch(`${base}/api/forgot-panel-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'bob', email: 'bob.baker@example.org' }),
    });
    expect(res.status).toBe(200);
    await waitUntil('the reset mail’s .eml file', () => {
      try {
        return readdirSync(mailDir).some((f) => f.endsWith('.eml'));
      } catch {
        return false; // not made yet
      }
    });
    expect(readdirSync(join(dataDir, 'outbox'))).toEqual(['00000000.eml']);
    const entries = [...tree(dataDir), ...tree(mailDir)];
    expect(entries.some((e) => e.path.endsWith('jwt-secret'))).toBe(true);
    expect(entries.some((e) => e.path.includes(join(dataDir, 'pglite')) && !e.dir)).toBe(true);
    const wrong = entries
      .filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))
      .map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(wrong).toEqual([]);
  });
});

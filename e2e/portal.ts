import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../apps/server/test/support/free-port.ts';

/**
 * Starts the portal as `npm start` would, on a loopback port with a fresh embedded database.
 * `hostname` names the address the browser uses (and the public URL): passkeys need a domain
 * name, `localhost`, not an IP address (a WebAuthn RP ID cannot be one).
 */
export async function startPortal(env: Record<string, string> = {}, hostname = '127.0.0.1') {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  // The embedded mail transport's mailbox: beside the data directory, never in it.
  const mailDir = `${dataDir}-mail`;
  const port = await freePort();
  // The day the portal's demo is dated from (demo-days.ts), taken as the process is started.
  const demoLoadedOn = new Date().toISOString();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      MAIL_DIR: mailDir,
      LOG_LEVEL: 'warn',
      PORTAL_AGENT_DELAY_MS: '1000',
      // The demo's staff sign in without a second factor; the security tests pass `required`.
      PORTAL_STAFF_MFA: 'optional',
      PORTAL_PUBLIC_URL: `http://${hostname}:${port}`,
      // One portal serves every browser file, and alice adds and removes passkeys, tokens and
      // recovery addresses in many of them within the hour: the budget of calls that hand out access
      // (10 an hour per account, tested in apps/server/test/security/rate-limits.test.ts) is widened here.
      PORTAL_RATE_LIMITS: 'grant=200/600/3600',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://${hostname}:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`portal exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`portal did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    mailDir,
    demoLoadedOn,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

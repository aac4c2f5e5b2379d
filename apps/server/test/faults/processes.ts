import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { sleep, waitUntil } from './wait.ts';

/** Process-level test helpers: the compiled server, started the way the systemd units start it. */

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const BUILT_MAIN = `${ROOT}apps/server/dist/main.js`;

/** `npm run build`'s server half, when the sources are newer than the build (serialised by a lock). */
export function buildServer(): void {
  const r = spawnSync('bash', [`${ROOT}scripts/build-server.sh`, '--if-stale'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build-server failed: ${r.stdout}${r.stderr}`);
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  /** The exit code, or the signal's name. */
  exited: Promise<number | string>;
}

export function startProcess(name: string, argv: string[], env: Record<string, string>, cwd = ROOT): Proc {
  const child = spawn(process.execPath, argv, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  return { name, child, output: () => out, exited };
}

export async function waitReady(p: Proc, base: string): Promise<void> {
  await waitUntil(`${p.name} to be ready`, async () => {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited: ${p.output()}`);
    try {
      return (await fetch(`${base}/readyz`)).status === 200;
    } catch {
      return false;
    }
  });
}

/** Stops a test's process for good (SIGTERM, then SIGKILL if it hangs). */
export async function kill(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  const done = await Promise.race([p.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!done) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
}

/** True when nothing listens on the port any more. */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
}

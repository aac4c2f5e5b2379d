import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net, { connect } from 'node:net';
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

export function startProcess(
  name: string,
  argv: string[],
  env: Record<string, string>,
  cwd = ROOT,
  socket?: HeldSocket,
): Proc {
  // With a socket, as systemd starts a socket-activated service: the socket as file descriptor 3,
  // LISTEN_FDS=1 and LISTEN_PID the process's own (set by the shell, which then becomes node).
  const child = socket
    ? spawn(
        '/bin/sh',
        ['-c', 'export LISTEN_PID=$$ LISTEN_FDS=1; exec "$@"', 'sh', process.execPath, ...argv],
        { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe', socket.fd] },
      )
    : spawn(process.execPath, argv, {
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

/** A bound TCP socket this process holds open and never accepts on. */
export interface HeldSocket {
  fd: number;
  close: () => void;
}

type CreateServerHandle = (address: string, port: number, addressType: number) => HeldSocket | number;

/**
 * What systemd does for a socket unit (deploy/systemd/portal-web@.socket): the socket bound here
 * and kept open across the restarts of the processes it is passed to. The first process's listen
 * puts it in the listening state, and it stays listening while this one holds it: connections
 * made while no process runs wait in the kernel for the next. Node's own `net` function for it
 * (the one its cluster primary uses to hold a socket for the workers, it too never accepting).
 */
export function holdSocket(address: string, port: number): HeldSocket {
  const create = Reflect.get(net, '_createServerHandle') as CreateServerHandle;
  const handle = create(address, port, 4);
  if (typeof handle === 'number') throw new Error(`binding ${address}:${port} failed (${handle})`);
  return handle;
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

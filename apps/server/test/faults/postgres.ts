import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port.ts';
import { promisify } from 'node:util';

/**
 * A private PostgreSQL server for fault tests that stop and start it (the way scripts/test.sh
 * starts the shared one): initdb in a temp directory, loopback only, a free port. As root the
 * server binaries run as the postgres user.
 */
const run = promisify(execFile);

export function pgBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? join(base, v, 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

async function asPg(cmd: string, args: string[]): Promise<string> {
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const { stdout } = await run(file, argv, { timeout: 120_000 });
  return stdout;
}

export interface PrivatePostgres {
  /** The superuser's URL: over TCP with trust, or over the socket when TCP asks for passwords. */
  url: string;
  port: number;
  /** The directory of its Unix socket (`-h` for the command-line tools). */
  socketDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * `hostAuth: 'scram-sha-256'` makes it a server as Debian installs it: TCP connections need the
 * role's password, the superuser comes in over the Unix socket.
 */
export async function startPrivatePostgres(
  options: { hostAuth?: 'trust' | 'scram-sha-256' } = {},
): Promise<PrivatePostgres> {
  const bin = pgBin();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(join(tmpdir(), 'portal-fault-pg-'));
  chmodSync(dir, 0o755);
  if (isRoot()) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const hostAuth = options.hostAuth ?? 'trust';
  await asPg(join(bin, 'initdb'), [
    '-D',
    join(dir, 'data'),
    '--auth-local=trust',
    `--auth-host=${hostAuth}`,
    '-U',
    'postgres',
  ]);
  const ctl = join(bin, 'pg_ctl');
  const opts = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  let running = false;
  const pg: PrivatePostgres = {
    url:
      hostAuth === 'trust'
        ? `postgres://postgres@127.0.0.1:${port}/postgres`
        : `postgres://postgres@/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    port,
    socketDir: dir,
    start: async () => {
      await asPg(ctl, ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-w', '-o', opts, 'start']);
      running = true;
    },
    stop: async () => {
      await asPg(ctl, ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    destroy: async () => {
      if (running) await asPg(ctl, ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']).catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await pg.start();
  return pg;
}

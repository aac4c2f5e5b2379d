import { ConfigError } from '../config.ts';

/** The first file descriptor systemd passes (sd_listen_fds(3): SD_LISTEN_FDS_START). */
const FIRST_FD = 3;

/**
 * The listening socket systemd passed this process (deploy/systemd/portal-web@.socket), if any:
 * the unit's socket outlives the process, so connections that arrive while it restarts wait in
 * the kernel for the next one instead of being refused or reset (docs/decisions/122-stop-listening-first.md).
 * systemd sets LISTEN_PID to the process it started: variables inherited by any other are ignored.
 */
export function activatedSocket(env: NodeJS.ProcessEnv, pid: number): number | undefined {
  if (env.LISTEN_PID !== String(pid) || env.LISTEN_FDS === undefined) return undefined;
  if (env.LISTEN_FDS !== '1')
    throw new ConfigError(
      `systemd passed ${env.LISTEN_FDS} sockets (LISTEN_FDS); a web process listens on one: a single ListenStream= in its .socket unit`,
    );
  return FIRST_FD;
}

import { hostname } from 'node:os';

/**
 * A log line written outside the app's logger — before it exists (a configuration error) or after
 * its start failed (a port in use): the same JSON shape as pino's (docs/operations.md, "Logs"), so
 * `journalctl -o cat | jq` reads every line a process writes.
 */
const LEVELS = { info: 30, warn: 40, error: 50, fatal: 60 } as const;

export function logLine(
  level: keyof typeof LEVELS,
  msg: string,
  fields: Record<string, unknown> = {},
  write: (line: string) => void = (line) => (level === 'info' ? process.stdout : process.stderr).write(line),
): void {
  write(
    `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg })}\n`,
  );
}

/** An error as a log field: its kind and message, and its stack for an error nobody expected. */
export function errorField(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const { code } = err as { code?: unknown };
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack };
}

/**
 * The one line for a listening port that another process holds (EADDRINUSE): which port, and the
 * fix — never a stack trace that `Restart=on-failure` would print again every few seconds.
 */
export function portInUse(err: unknown, role: string): string | undefined {
  const e = err as { code?: unknown; port?: unknown; address?: unknown };
  if (e?.code !== 'EADDRINUSE') return undefined;
  const where = `${e.address ?? ''}:${e.port ?? '?'}`;
  return role === 'worker'
    ? `Port ${where} is in use by another process: give each worker on this host its own PORTAL_WORKER_PORT (docs/operations.md, "Metrics")`
    : `Port ${where} is in use by another process: start each web process on its own PORT (portal-web@PORT takes it from the instance name)`;
}

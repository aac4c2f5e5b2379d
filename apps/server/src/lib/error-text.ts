/**
 * The text of a failure for a log line or a stored record (a job's last_error, an outbox row): an
 * Error's message — followed by its cause's when `cause` is set, for a wrapper whose own message
 * says only what was being done — and anything else thrown, as a string.
 */
export function errorText(err: unknown, opts: { cause?: boolean } = {}): string {
  if (!(err instanceof Error)) return String(err);
  const cause = opts.cause && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}

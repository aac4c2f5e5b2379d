import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * The request's logger (`req.log`), made when the request first writes a line.
 *
 * fastify makes a child logger for every request, bound to its id. With the redaction paths of
 * http/redact.ts, pino passes each binding through its redactor when the child is made: about 4 % of
 * the time of a `GET /api/customer` (docs/performance.md), spent on every request although most
 * write no line at the configured level (`warn` and above on a busy server, or `info`'s one line
 * per request when it is answered). This stands in for the child and makes the real one — same
 * bindings, same options, hence the same lines — the first time a line at an enabled level is
 * written, or when asked for its own child.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions | undefined;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions | undefined) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, args: LogArgs): void {
    const parent = this.#parent as FastifyBaseLogger & { isLevelEnabled?: (l: string) => boolean };
    // A logger without the check (fastify's silent one when logging is off) is asked as it is.
    if (this.#child || !parent.isLevelEnabled || parent.isLevelEnabled(level)) {
      const real = this.#real();
      (real[level] as (...a: LogArgs) => void).apply(real, args);
    }
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.#write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#write('error', args);
  }
  warn(...args: LogArgs): void {
    this.#write('warn', args);
  }
  info(...args: LogArgs): void {
    this.#write('info', args);
  }
  debug(...args: LogArgs): void {
    this.#write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * fastify's `childLoggerFactory`. A route with its own level or serializers (`logLevel`,
 * `logSerializers`) gets pino's child at once: its lines are decided by its own level, not the
 * parent's.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new RequestLogger(logger, bindings, options);
}

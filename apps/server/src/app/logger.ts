import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { LOG_REDACT_PATHS } from '../http/redact.ts';

/** Paths of request logs that must never be written: credentials, tokens and card data (http/redact.ts). */
export const REDACT = LOG_REDACT_PATHS;

/**
 * JSON lines (pino), secrets redacted; on a terminal outside production, readable lines through
 * pino-pretty (a development dependency: absent, the lines stay JSON).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } };
  if (!process.stdout.isTTY || process.env.NODE_ENV === 'production') return base;
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return base;
  }
  return {
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

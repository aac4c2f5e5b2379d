import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { REDACT } from '../app.ts';
import { requestLogger } from './request-logger.ts';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  // fastify's own pino logger, as the server makes it.
  const { log } = Fastify({
    logger: {
      level,
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: { write: (l: string) => void lines.push(JSON.parse(l)) },
    },
  });
  return { log, lines };
}

describe('the request logger (made when first written to)', () => {
  it('writes the lines of pino’s child: its bindings, redaction, levels', () => {
    const { log, lines } = logger('info');
    const req = requestLogger(log, { reqId: 'r-1' }, {});
    req.info({ password: 'hunter2', status: 200 }, 'request');
    req.debug('not at info');
    req.child({ area: 'x' }).error('failed');
    expect(lines).toMatchObject([
      { reqId: 'r-1', password: '[redacted]', status: 200, msg: 'request', level: 30 },
      { reqId: 'r-1', area: 'x', msg: 'failed', level: 50 },
    ]);
    expect(lines).toHaveLength(2);
    expect(req.level).toBe('info');
  });

  it('makes no child for a request that writes nothing at the logger’s level', () => {
    const { log, lines } = logger('warn');
    const child = vi.spyOn(log, 'child');
    const req = requestLogger(log, { reqId: 'r-2' }, {});
    req.info('quiet');
    req.debug('quiet');
    expect(child).not.toHaveBeenCalled();
    req.warn('heard');
    req.error('heard too');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ['r-2', 'heard'],
      ['r-2', 'heard too'],
    ]);
  });

  it('gives a route with a level of its own pino’s child at once', () => {
    const { log, lines } = logger('warn');
    const req = requestLogger(log, { reqId: 'r-3' }, { level: 'debug' });
    req.debug('route at debug');
    expect(lines).toMatchObject([{ reqId: 'r-3', msg: 'route at debug' }]);
  });
});

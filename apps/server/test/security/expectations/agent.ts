import type { Expectation } from './types.ts';

/** The access matrix's entries of hosting agent API (web servers, not users), keyed "METHOD path" exactly as registered. */
export const agentExpectations: Record<string, Expectation> = {
  'POST /api/agent/claim': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { limit: 1 } }),
  },
  'POST /api/agent/report': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { id: 1, state: 'done', message: 'probe' } }),
  },
  'POST /api/agent/logs': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { vid: 3101, lines: ['probe'] } }),
  },
};

import { text } from './samples.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of tools, keyed "METHOD path" exactly as registered. */
export const toolsExpectations: Record<string, Expectation> = {
  'POST /api/md5': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/sha1': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/bcrypt': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/encode-base64': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/decode-base64': { access: 'user', kind: 'none', sample: () => text('cHJvYmU=') },
  'POST /api/pwned': { access: 'user', kind: 'none', sample: () => ({ body: { item: 'password' } }) },
  'GET /api/unixtime/:seconds_offset': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { seconds_offset: '60' } }),
  },
  'GET /api/humantime/:timestamp': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { timestamp: '1700000000' } }),
  },
  'GET /api/genwordpass/:count/:use_numbers': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { count: 3, use_numbers: '1' } }),
  },
  'GET /api/gensoftpass/:count': { access: 'user', kind: 'none', sample: () => ({ params: { count: 3 } }) },
  'GET /api/genpass/:count': { access: 'user', kind: 'none', sample: () => ({ params: { count: 3 } }) },
};

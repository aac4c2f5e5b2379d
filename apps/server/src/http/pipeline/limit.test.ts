import { describe, expect, it } from 'vitest';
import type { Caller } from '../../auth/tokens.ts';
import { applyLimit } from './limit.ts';

const alice: Caller = { username: 'alice', altuser: 'alice', role: 'customer', jti: 'j', sid: 's', exp: 0 };

describe('the limit stage', () => {
  it('counts the call against its limit, per account and client', async () => {
    const hits: unknown[] = [];
    const limiter = { hit: async (name: string, who: unknown) => void hits.push([name, who]) };
    await applyLimit(limiter, { limit: 'grant' }, alice, '192.0.2.7');
    await applyLimit(limiter, { limit: 'grant' }, null, '192.0.2.7');
    expect(hits).toHaveLength(2);
    expect(hits[0]).toMatchObject(['grant', { account: 'alice' }]);
    expect(hits[1]).toMatchObject(['grant', { account: undefined }]);
  });

  it('counts nothing for a call without a limit, and lets a spent limit refuse', async () => {
    const limiter = {
      hit: async () => {
        throw new Error('spent');
      },
    };
    await expect(applyLimit(limiter, { limit: undefined }, alice, '192.0.2.7')).resolves.toBeUndefined();
    await expect(applyLimit(limiter, { limit: 'grant' }, alice, '192.0.2.7')).rejects.toThrow('spent');
  });
});

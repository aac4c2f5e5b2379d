import { must } from '../../test/support/must.ts';
import { describe, expect, it } from 'vitest';
import { makeClock } from '../../test/support/helper.ts';
import { createTokenService } from './tokens.ts';

/** A token's signature is checked once per process; its expiry every time. */
describe('token verification kept per process', () => {
  const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

  async function signed() {
    const clock = makeClock(new Date('2026-01-01T00:00:00Z'));
    const tokens = createTokenService(secret, clock.now);
    const exp = Math.floor(clock.now().getTime() / 1000) + 600;
    const token = await tokens.sign({ username: 'bob', altuser: 'bob', role: 'customer', sid: 's1', exp });
    return { clock, tokens, token, exp };
  }

  it('refuses a token past its expiry after it was accepted', async () => {
    const { clock, tokens, token } = await signed();
    expect((await tokens.verify(token))?.username).toBe('bob');
    expect((await tokens.verify(token))?.username).toBe('bob');
    clock.advance(600_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a forged signature next to an accepted token', async () => {
    const { tokens, token } = await signed();
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const flipped = `${must(signature, 'signature')[0] === 'A' ? 'B' : 'A'}${must(signature, 'signature').slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.`)).toBeNull();
  });

  it('hands each caller an object of its own', async () => {
    const { tokens, token } = await signed();
    const a = await tokens.verify(token);
    const b = await tokens.verify(token);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
  });
});

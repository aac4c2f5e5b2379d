import { describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';

describe('errorText', () => {
  it("is an Error's message, and anything else thrown as a string", () => {
    expect(errorText(new Error('connection refused'))).toBe('connection refused');
    expect(errorText('plain text')).toBe('plain text');
    expect(errorText(42)).toBe('42');
    expect(errorText(undefined)).toBe('undefined');
  });

  it("adds the cause's message only when asked, and only an Error's", () => {
    const wrapped = new Error('renew example.com', { cause: new Error('ECONNRESET') });
    expect(errorText(wrapped)).toBe('renew example.com');
    expect(errorText(wrapped, { cause: true })).toBe('renew example.com: ECONNRESET');
    expect(errorText(new Error('lookup', { cause: 'not an error' }), { cause: true })).toBe('lookup');
  });
});

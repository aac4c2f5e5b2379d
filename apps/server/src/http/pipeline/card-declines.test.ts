import { describe, expect, it } from 'vitest';
import { forbidden, refused } from '../../lib/errors.ts';
import { checkCardDeclines, countCardDecline } from './card-declines.ts';

describe('the card declines stage', () => {
  it('checks the account of a card call and names it for counting', async () => {
    const checked: string[] = [];
    const check = async (account: string) => void checked.push(account);
    expect(await checkCardDeclines(check, { cardDeclines: true }, 'alice')).toBe('alice');
    expect(await checkCardDeclines(check, { cardDeclines: false }, 'alice')).toBeNull();
    expect(await checkCardDeclines(check, { cardDeclines: true }, undefined)).toBeNull();
    expect(checked).toEqual(['alice']);
  });

  it("counts a gateway's refusal only, against the account the check named", async () => {
    const counted: string[] = [];
    const limiter = { countDecline: async (account: string) => void counted.push(account) };
    await countCardDecline(limiter, 'alice', refused('Declined'));
    await countCardDecline(limiter, 'alice', forbidden());
    await countCardDecline(limiter, null, refused('Declined'));
    expect(counted).toEqual(['alice']);
  });
});

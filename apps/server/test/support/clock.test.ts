import { afterEach, describe, expect, it } from 'vitest';
import { inDays } from './factories.ts';
import { clockOffsetDays, makeClock } from './helper.ts';

describe('the test clock', () => {
  const saved = process.env.TEST_CLOCK_OFFSET_DAYS;
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_CLOCK_OFFSET_DAYS;
    else process.env.TEST_CLOCK_OFFSET_DAYS = saved;
  });

  it('starts TEST_CLOCK_OFFSET_DAYS ahead of today unless the test names its start', () => {
    process.env.TEST_CLOCK_OFFSET_DAYS = '365';
    expect(clockOffsetDays()).toBe(365);
    const ahead = makeClock().now().getTime() - Date.now();
    expect(Math.round(ahead / 86_400_000)).toBe(365);
    expect(makeClock(new Date('2026-11-21T12:00:00Z')).now().toISOString()).toBe('2026-11-21T12:00:00.000Z');
    delete process.env.TEST_CLOCK_OFFSET_DAYS;
    expect(clockOffsetDays()).toBe(0);
  });

  it('refuses an offset that is not a whole number of days', () => {
    process.env.TEST_CLOCK_OFFSET_DAYS = 'a year';
    expect(() => clockOffsetDays()).toThrow('TEST_CLOCK_OFFSET_DAYS must be a whole number of days');
  });

  it('gives days relative to the clock', () => {
    const clock = makeClock(new Date('2027-02-20T23:30:00Z'));
    expect(inDays(clock, 20)).toBe('2027-03-12');
    expect(inDays(clock, -1)).toBe('2027-02-19');
  });
});

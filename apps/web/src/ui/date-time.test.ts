import { describe, expect, it } from 'vitest';
import { minuteIn, momentIn } from './date-time.ts';

// Local times: the tests read the hour the machine's time zone gives, and check the words around it.
const at = '2026-11-21T14:10:00Z';
const hour = new Date(at).getHours();
const h12 = hour % 12 || 12;

describe('dates in the page language', () => {
  it("writes a news item's time as the spec does in English, and through Intl in Spanish, to the minute", () => {
    expect(minuteIn(at, 'en')).toBe(
      `Nov ${new Date(at).getDate()}, 2026 ${h12}:10 ${hour < 12 ? 'AM' : 'PM'}`,
    );
    const es = minuteIn(at, 'es');
    expect(es).toMatch(
      new RegExp(`^${new Date(at).getDate()} nov 2026, ${h12}:10\\s${hour < 12 ? 'a' : 'p'}\\.\\s?m\\.$`),
    );
    expect(es).not.toMatch(/Nov|[AP]M|:00/);
  });

  it('keeps the seconds unless told not to', () => {
    expect(momentIn(at, 'es')).toMatch(/:10:00/);
    expect(momentIn(at, 'es', { seconds: false })).not.toMatch(/:10:00/);
  });
});

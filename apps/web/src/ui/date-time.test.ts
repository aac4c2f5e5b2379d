import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { minuteIn, momentIn, specDay, specMinute } from './date-time.ts';

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

describe("the spec's English formats without dayjs", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('write what dayjs wrote, in time zones behind and ahead of UTC', () => {
    const moments = [
      '2026-11-01',
      '2026-01-01',
      '2026-11-21T14:10:00Z',
      '2026-03-08T10:30:00Z',
      '2026-12-31T23:59:00Z',
      '2026-07-04T00:05:00',
      '2026-06-15T12:00:00+02:00',
      Date.UTC(2026, 0, 1, 0, 0),
    ];
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Auckland']) {
      process.env.TZ = tz;
      for (const at of moments) {
        expect(specDay(at), `${at} in ${tz}`).toBe(dayjs(at).format('MMM D, YYYY'));
        expect(specMinute(at), `${at} in ${tz}`).toBe(dayjs(at).format('MMM D, YYYY h:mm A'));
      }
    }
  });

  it('read a day as that day in the local calendar', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(specDay('2026-01-01')).toBe('Jan 1, 2026');
    expect(specMinute('2026-11-21T14:10:00Z')).toBe('Nov 21, 2026 6:10 AM');
    expect(specMinute('2026-11-21T00:10:00Z')).toBe('Nov 20, 2026 4:10 PM');
  });
});

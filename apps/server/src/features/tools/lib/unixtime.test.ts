import { describe, expect, it } from 'vitest';
import { ToolText } from '@portal/contract/tools/messages';
import { humantime, humantimeDetail, MAX_UNIX_TIME, MIN_UNIX_TIME, unixtime } from './unixtime.ts';

const clock = () => 1_700_000_000_500; // 2023-11-14T22:13:20.500Z

describe('unixtime', () => {
  it('adds and subtracts seconds to the current time', () => {
    expect(unixtime('0', clock)).toEqual({ ok: true, value: 1_700_000_000 });
    expect(unixtime('', clock)).toEqual({ ok: true, value: 1_700_000_000 });
    expect(unixtime(undefined, clock)).toEqual({ ok: true, value: 1_700_000_000 });
    expect(unixtime('86400', clock)).toEqual({ ok: true, value: 1_700_086_400 });
    expect(unixtime('2,592,000', clock)).toEqual({ ok: true, value: 1_702_592_000 });
    expect(unixtime(' -31,536,000 ', clock)).toEqual({ ok: true, value: 1_668_464_000 });
    expect(unixtime('+60', clock)).toEqual({ ok: true, value: 1_700_000_060 });
    expect(unixtime(-3600, clock)).toEqual({ ok: true, value: 1_699_996_400 });
  });

  it('uses the real clock by default', () => {
    const r = unixtime('0');
    expect(r.ok && Math.abs(r.value - Date.now() / 1000)).toBeLessThan(2);
  });

  it('refuses non-numbers with a clear message', () => {
    for (const bad of ['abc', '1.5', '1e5', '12abc', '--5', '0x10', 'NaN', '1 000', 1.5, {}, true]) {
      expect(unixtime(bad, clock), String(bad)).toEqual({ ok: false, error: ToolText.offsetNotNumber });
    }
    expect(ToolText.offsetNotNumber).toBe(
      'Seconds to add or subtract must be a whole number, like 86400, -3600 or 2,592,000',
    );
  });

  it('bounds the range to the years 1–9999', () => {
    expect(unixtime(String(MAX_UNIX_TIME - 1_700_000_000), clock)).toEqual({
      ok: true,
      value: MAX_UNIX_TIME,
    });
    expect(unixtime(String(MAX_UNIX_TIME - 1_700_000_000 + 1), clock)).toEqual({
      ok: false,
      error: ToolText.timeOutOfRange,
    });
    expect(unixtime(String(MIN_UNIX_TIME - 1_700_000_000), clock)).toEqual({
      ok: true,
      value: MIN_UNIX_TIME,
    });
    expect(unixtime('-99999999999999999999999', clock)).toEqual({
      ok: false,
      error: ToolText.timeOutOfRange,
    });
  });
});

describe('humantime', () => {
  it('shows UTC and ISO 8601', () => {
    expect(humantime('1700000000')).toEqual({
      ok: true,
      value: 'Tue, 14 Nov 2023 22:13:20 UTC (2023-11-14T22:13:20Z)',
    });
    expect(humantime('0')).toEqual({
      ok: true,
      value: 'Thu, 01 Jan 1970 00:00:00 UTC (1970-01-01T00:00:00Z)',
    });
    expect(humantime('1,000,000,000')).toEqual({
      ok: true,
      value: 'Sun, 09 Sep 2001 01:46:40 UTC (2001-09-09T01:46:40Z)',
    });
    expect(humantime(-86_400)).toEqual({
      ok: true,
      value: 'Wed, 31 Dec 1969 00:00:00 UTC (1969-12-31T00:00:00Z)',
    });
    expect(humantimeDetail(String(MIN_UNIX_TIME))).toEqual({
      ok: true,
      value: {
        text: 'Mon, 01 Jan 0001 00:00:00 UTC (0001-01-01T00:00:00Z)',
        utc: 'Mon, 01 Jan 0001 00:00:00 UTC',
        iso: '0001-01-01T00:00:00Z',
      },
    });
    expect(humantime(String(MAX_UNIX_TIME))).toEqual({
      ok: true,
      value: 'Fri, 31 Dec 9999 23:59:59 UTC (9999-12-31T23:59:59Z)',
    });
  });

  it('round-trips with unixtime', () => {
    const t = unixtime('2,592,000', clock);
    expect(t.ok && humantime(String(t.value))).toEqual({
      ok: true,
      value: 'Thu, 14 Dec 2023 22:13:20 UTC (2023-12-14T22:13:20Z)',
    });
  });

  it('gives clear errors', () => {
    expect(humantime('')).toEqual({ ok: false, error: ToolText.timestampRequired });
    expect(humantime('yesterday')).toEqual({ ok: false, error: ToolText.timestampNotNumber });
    expect(humantime('17000000.5')).toEqual({ ok: false, error: ToolText.timestampNotNumber });
    expect(humantime(String(MAX_UNIX_TIME + 1))).toEqual({
      ok: false,
      error: ToolText.timestampOutOfRange(false),
    });
    expect(humantime('1700000000000')).toEqual({ ok: false, error: ToolText.timestampOutOfRange(true) });
    expect(ToolText.timestampOutOfRange(true)).toBe(
      'The timestamp is out of range: it must fall between the years 1 and 9999 (it looks like milliseconds: divide by 1000)',
    );
  });
});

import { ToolText } from '@portal/contract/tools/messages';
import { fail, ok, type ToolResult } from './result.ts';

/**
 * The Unix Time tool (/unix-time).
 *
 * unixtime(offset): the current Unix time (whole seconds) plus an offset in seconds. Commas
 * are stripped (2,592,000), a sign is allowed, empty means 0 (the current time); anything but a
 * whole number is refused. The result must fall within the years 1–9999 (what humantime shows).
 *
 * humantime(timestamp): a Unix timestamp in seconds (commas allowed, may be negative) as a
 * readable UTC date-time plus ISO 8601, e.g. "Tue, 14 Nov 2023 22:13:20 UTC (2023-11-14T22:13:20Z)".
 * Out-of-range values are refused; a value that looks like milliseconds says so.
 */
export type Clock = () => number; // milliseconds since the epoch, like Date.now

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z. */
export const MIN_UNIX_TIME = -62_135_596_800;
export const MAX_UNIX_TIME = 253_402_300_799;

const WHOLE = /^[+-]?\d+$/;

/** A whole number from text (commas stripped) or a number; null when it is not one. */
function parseWhole(input: unknown): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : null;
  if (typeof input !== 'string') return null;
  const s = input.trim().replace(/,/g, '');
  if (!WHOLE.test(s)) return null;
  const n = Number(s);
  // beyond 2^53 precision is lost, but such values are far out of range anyway
  return Number.isFinite(n) ? n : null;
}

const inRange = (t: number) => t >= MIN_UNIX_TIME && t <= MAX_UNIX_TIME;

export function unixtime(
  offset: unknown,
  clock: Clock = Date.now,
  t: typeof ToolText = ToolText,
): ToolResult<number> {
  const empty =
    offset === undefined || offset === null || (typeof offset === 'string' && offset.trim() === '');
  const seconds = empty ? 0 : parseWhole(offset);
  if (seconds === null) return fail(t.offsetNotNumber);
  const result = Math.floor(clock() / 1000) + seconds;
  if (!inRange(result)) return fail(t.timeOutOfRange);
  return ok(result);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

export interface HumanTime {
  /** "Tue, 14 Nov 2023 22:13:20 UTC (2023-11-14T22:13:20Z)" */
  text: string;
  utc: string;
  iso: string;
}

export function humantimeDetail(
  timestamp: unknown,
  texts: typeof ToolText = ToolText,
): ToolResult<HumanTime> {
  if (
    timestamp === undefined ||
    timestamp === null ||
    (typeof timestamp === 'string' && timestamp.trim() === '')
  ) {
    return fail(texts.timestampRequired);
  }
  const t = parseWhole(timestamp);
  if (t === null) return fail(texts.timestampNotNumber);
  // 13 digits or more that make sense divided by 1000: most likely milliseconds
  if (!inRange(t))
    return fail(texts.timestampOutOfRange(Math.abs(t) >= 1e12 && inRange(Math.trunc(t / 1000))));
  const d = new Date(t * 1000);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  const utc = `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${year} ${time} UTC`;
  const iso = `${year}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}T${time}Z`;
  return ok({ text: `${utc} (${iso})`, utc, iso });
}

/** The date-time text for /api/humantime (data.datetime). */
export function humantime(timestamp: unknown, texts: typeof ToolText = ToolText): ToolResult<string> {
  const r = humantimeDetail(timestamp, texts);
  return r.ok ? ok(r.value.text) : r;
}

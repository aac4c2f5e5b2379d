/** Calendar arithmetic on YYYY-MM-DD dates (no time zone involved). */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysIn(y: number, m: number): number {
  if (m === 2) return isLeap(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The parts of a valid calendar date, or null. */
export function parseDate(value: string): { y: number; m: number; d: number } | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return null;
  return { y, m: mo, d };
}

export function isDate(value: string): boolean {
  return parseDate(value) !== null;
}

/**
 * The same day `years` later, as registries count it: 29 February becomes 28 February in a
 * year that has none. Throws RangeError on an invalid date or a non-integer year count.
 */
export function addYears(yyyyMmDd: string, years: number): string {
  const p = parseDate(yyyyMmDd);
  if (!p) throw new RangeError(`not a YYYY-MM-DD date: ${yyyyMmDd}`);
  if (!Number.isInteger(years)) throw new RangeError(`not a whole number of years: ${years}`);
  const y = p.y + years;
  if (y < 1 || y > 9999) throw new RangeError(`year out of range: ${y}`);
  const d = Math.min(p.d, daysIn(y, p.m));
  return `${String(y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date part of "YYYY-MM-DD", "YYYY-MM-DD HH:MM:SS" or an ISO timestamp; null if none. */
export function datePart(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const head = value.trim().slice(0, 10);
  return isDate(head) ? head : null;
}

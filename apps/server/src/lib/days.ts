/**
 * Calendar days as the back office writes them: `YYYY-MM-DD` (ISO) or `YYYYMMDD` (the spec's invoice
 * and circuit dates). The importer takes both for every date field and stores one form per field;
 * code that reads a stored day uses parseDay too, so a row in another shape is a clear answer, never a
 * crash (docs/decisions/091-import-dates.md).
 */
export interface Day {
  year: number;
  month: number;
  day: number;
}

const DAY = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/** The day a `YYYY-MM-DD` or `YYYYMMDD` text names; null for any other text or a day that does not exist. */
export function parseDay(value: string): Day | null {
  const m = DAY.exec(value);
  // Both separators or neither: 2026-1101 is neither form.
  if (!m || (value.length !== 8 && value.length !== 10)) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > last ? null : { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** `YYYY-MM-DD`. */
export const isoDay = (d: Day) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
/** `YYYYMMDD`. */
export const compactDay = (d: Day) => `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;
/** The start of the day, UTC. */
export const dayStart = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day));

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/**
 * An ISO 8601 date-time (`2026-11-01T12:00:00Z`, an offset, or none: then UTC) or a day in either
 * form (its start, UTC); null for anything else.
 */
export function parseDateTime(value: string): Date | null {
  const day = parseDay(value);
  if (day) return dayStart(day);
  const m = DATE_TIME.exec(value);
  if (!m || !parseDay(value.slice(0, 10))) return null;
  const d = new Date(m[1] ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

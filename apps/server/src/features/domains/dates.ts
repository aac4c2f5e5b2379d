const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today's date (UTC), YYYY-MM-DD: expiration dates are registry dates, kept in UTC. */
export function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The registration stamp: month day, year, time with seconds ("Nov 21, 2026 11:56:52 PM UTC"). */
export function stamp(t: Date): string {
  const h = t.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${h % 12 || 12}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[t.getUTCMonth()]} ${t.getUTCDate()}, ${t.getUTCFullYear()} ${clock} UTC`;
}

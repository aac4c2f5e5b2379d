/** Display formats of the admin lists. */

/** YYYYMMDD becomes YYYY-MM-DD; shorter (or other) values are shown as they are. */
export function formatActiveDate(value: string): string {
  return /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;
}

/** Thousands separators, as the spec shows file counts. */
export const thousands = (n: number): string => n.toLocaleString('en-US');

/** The two address lines joined, skipping a blank one. */
export const joinAddress = (addr1: string, addr2: string): string =>
  [addr1, addr2].filter((s) => s.trim() !== '').join(', ');

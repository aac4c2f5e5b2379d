/**
 * When each PHP branch stops receiving security fixes (php.net/supported-versions.php). A site
 * on a branch past its date runs code nobody patches any more: the portal says so and suggests a
 * supported one. Branches not listed (newer ones, "Disabled") carry no warning.
 */
export const PHP_END_OF_LIFE: Readonly<Record<string, string>> = {
  '5.6': '2018-12-31',
  '7.0': '2019-01-10',
  '7.1': '2019-12-01',
  '7.2': '2020-11-30',
  '7.3': '2021-12-06',
  '7.4': '2022-11-28',
  '8.0': '2023-11-26',
  '8.1': '2025-12-31',
  '8.2': '2026-12-31',
  '8.3': '2027-12-31',
  '8.4': '2028-12-31',
};

/** The end-of-life date of a version ("8.1.27" counts as 8.1) when it has passed on `today`, else null. */
export function phpEndOfLife(version: string, today: Date): string | null {
  const branch = /^(\d+\.\d+)/.exec(version)?.[1];
  const date = branch ? PHP_END_OF_LIFE[branch] : undefined;
  return date && date < today.toISOString().slice(0, 10) ? date : null;
}

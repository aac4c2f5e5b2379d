/**
 * `value`, or the test fails here, naming what was missing: instead of a `!`, which would let a
 * missing value through to fail later with a less telling error, or not at all.
 */
export function must<T>(value: T | null | undefined, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${value}`);
  return value;
}

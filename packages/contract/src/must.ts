/**
 * `value`, or a clear error naming what was missing: for a value the code knows is there (the first
 * element of a list it has just checked is not empty, a row it has just written) where the types
 * cannot tell (`noUncheckedIndexedAccess`). Instead of a `!`, which would let a missing value
 * through to fail later, far from its cause.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${value}`);
  return value;
}

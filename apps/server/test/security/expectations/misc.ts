import type { Expectation } from './types.ts';

/**
 * Entries without an area file yet. A branch that added its routes' entries at the end of the old
 * single table (security/expectations.ts) moves that block here unchanged when it is merged; it
 * moves on to its area's file (or a new `<area>.ts`, listed in index.ts) when convenient.
 */
export const miscExpectations: Record<string, Expectation> = {
  // --- entries added by other branches go below this line, one block per feature ---
};

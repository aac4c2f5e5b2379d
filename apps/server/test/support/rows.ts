/**
 * The rows of a raw `db.execute(sql…)` answer, typed as the query selects them. Both drivers
 * (node-postgres and PGlite) answer with `{ rows }`; the shared `Db` type leaves the answer open,
 * so this checks it is that shape instead of casting.
 */
export function rowsOf<R extends Record<string, unknown>>(result: unknown): R[] {
  if (typeof result !== 'object' || result === null || !('rows' in result) || !Array.isArray(result.rows))
    throw new Error('expected a query answer with rows');
  return result.rows;
}

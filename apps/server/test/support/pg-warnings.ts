/**
 * node-postgres warns (once per process) when a query is sent on a client that is still running
 * another: "Calling client.query() when the client is already executing a query is deprecated and
 * will be removed in pg@9.0". Two queries at once on one connection — a `Promise.all` of queries
 * inside a transaction, a connection handed out before its set-up query ended — work by luck of
 * pg's queue today and fail with pg 9. PGlite runs one query at a time whatever it is sent, so only
 * the PostgreSQL suite can see it: there, the warning fails the run (an uncaught error that vitest
 * reports with the test file and the last test that ran), with the place that sent the query.
 */
export const CONCURRENT_QUERY = 'when the client is already executing a query';

export const isConcurrentQueryWarning = (w: Error): boolean =>
  w.name === 'DeprecationWarning' && w.message.includes(CONCURRENT_QUERY);

let installed = false;

/** Makes pg's concurrent-query warning a failure in this test process (PostgreSQL test databases). */
export function failOnConcurrentQueries(): void {
  if (installed) return;
  installed = true;
  process.on('warning', (w) => {
    if (isConcurrentQueryWarning(w))
      throw new Error("two queries at once on one PostgreSQL client (pg's warning, the cause, shows where)", {
        cause: w,
      });
  });
}

// The node flags the server is started with by `npm start` (scripts/start.mjs) and the start-up
// benchmarks: docs/decisions/125-embedded-database-baseline-compiler.md.

/**
 * On the embedded database (no DATABASE_URL) and Node 22 or later, PostgreSQL's WebAssembly stays
 * on V8's baseline compiler (`--liftoff-only`). From Node 22 V8's optimising compiler spends about
 * 600 MB for half a second on one function of PGlite, PostgreSQL's SQL parser, soon after every
 * start: the server's peak memory triples. Node 20's compiler does the same in 8 MB, and keeps the
 * raised budget of db/wasm-tiering.ts. V8 takes `--liftoff-only` on the command line only.
 */
export function serverNodeFlags(env, nodeVersion = process.versions.node) {
  const major = Number(nodeVersion.split('.')[0]);
  return !env.DATABASE_URL && major >= 22 ? ['--liftoff-only'] : [];
}

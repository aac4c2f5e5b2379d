import { setFlagsFromString } from 'node:v8';

/**
 * How much of a WebAssembly function V8 runs before it recompiles it with its optimising compiler,
 * TurboFan (V8's `--wasm-tiering-budget`, roughly bytes of code executed; Node 20's default is
 * 1.8 M, Node 24's 13 M). PGlite is PostgreSQL compiled to WebAssembly (9 MB): at Node 20's default,
 * opening a database and its first statements send enough of PostgreSQL to TurboFan to cost a later
 * start of the server 0.4–0.8 s of CPU on V8's background threads and 50 MB of memory, for code
 * that runs once. At 600 M (measured against 180 M and 1.8 G: docs/performance.md, "Start-up:
 * PostgreSQL's WebAssembly optimised only where it runs long") the start keeps almost all of that
 * saving, a long query (a grouping over 100,000 rows, a trigram similarity over thousands of
 * strings) still gets optimised code after a few runs, and the short queries of a request run on
 * the baseline compiler's code, which for them costs less CPU than optimising it.
 */
export const WASM_TIERING_BUDGET = 600_000_000;

/**
 * Sets the budget for this process. Call it before PGlite compiles its module (V8 gives each
 * instance its budget when it is created); it changes nothing in a process without WebAssembly.
 */
export function raiseWasmTieringBudget(): void {
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}

// Run by apps/server/src/db/wasm-tiering.test.ts in a child process started with
// `--allow-natives-syntax --import tsx`: runs a WebAssembly loop far past V8's default tiering budget
// (and well under the raised one), then prints `optimised` or `baseline`: whether V8 recompiled it
// with TurboFan. `raised` as the argument calls raiseWasmTieringBudget() first, as main.ts does.
import { raiseWasmTieringBudget } from '../../src/db/wasm-tiering.ts';

if (process.argv[2] === 'raised') raiseWasmTieringBudget();

interface WasmApi {
  instantiate(bytes: Uint8Array): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

// (func (export "sum") (param i32) (result i32) (local i32)
//   loop  local1 += local0; local0 -= 1; br_if 0 (local0)  end  local1)
const body = [
  1, 1, 0x7f, 0x03, 0x40, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1, 0x20, 0, 0x41, 1, 0x6b, 0x22, 0, 0x0d, 0, 0x0b,
  0x20, 1, 0x0b,
];
const bytes = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
  ...[1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f], // type: (i32) -> i32
  ...[3, 2, 1, 0], // one function of that type
  ...[7, 7, 1, 3, 0x73, 0x75, 0x6d, 0, 0], // exported as "sum"
  ...[10, body.length + 2, 1, body.length, ...body],
]);
// The server's TypeScript libraries declare WebAssembly's types but not the global object.
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
const { instance } = await wasm.instantiate(bytes);
const sum = instance.exports.sum as (n: number) => number;
// V8's own test functions, reachable with --allow-natives-syntax; written in a string so that the
// TypeScript compiler and tsx never parse the `%` syntax.
const isOptimised = new Function('f', 'return %IsTurboFanFunction(f)') as (f: unknown) => boolean;

// ~10 M loop iterations, some 100 MB of code executed: over 1.8 M (Node 20) and 13 M (Node 24),
// under the raised budget.
for (let i = 0; i < 5; i++) sum(2_000_000);
// The optimised code is compiled on a background thread and used from the next call on.
let optimised = false;
for (let i = 0; i < 40 && !optimised; i++) {
  await new Promise((r) => setTimeout(r, 50));
  sum(1000);
  optimised = isOptimised(sum);
}
console.log(optimised ? 'optimised' : 'baseline');

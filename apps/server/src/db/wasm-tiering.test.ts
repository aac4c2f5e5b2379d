import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The raised WebAssembly tiering budget (db/wasm-tiering.ts) is set with `v8.setFlagsFromString`
 * after V8 started, which Node documents as possibly doing nothing: this proves, on the Node that
 * runs the tests, that it takes effect. A loop that V8 optimises at its default budget stays on the
 * baseline compiler's code once the budget is raised.
 */
describe('WebAssembly tiering budget', () => {
  const run = async (...args: string[]) =>
    (
      await promisify(execFile)(
        process.execPath,
        ['--allow-natives-syntax', '--import', 'tsx', 'apps/server/test/support/wasm-hot-loop.ts', ...args],
        { encoding: 'utf8', timeout: 30_000 },
      )
    ).stdout.trim();

  it('at the default a hot loop is optimised; raised, the same loop is not', async () => {
    const [atDefault, raised] = await Promise.all([run(), run('raised')]);
    expect(atDefault).toBe('optimised');
    expect(raised).toBe('baseline');
  });
});

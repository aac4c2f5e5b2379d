import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';

/** The hot loop's verdict (test/support/wasm-hot-loop.ts) in a node started with `nodeFlags`. */
const run = async (args: string[] = [], nodeFlags: string[] = []) =>
  (
    await promisify(execFile)(
      process.execPath,
      [
        ...nodeFlags,
        '--allow-natives-syntax',
        '--import',
        'tsx',
        'apps/server/test/support/wasm-hot-loop.ts',
        ...args,
      ],
      { encoding: 'utf8', timeout: 30_000 },
    )
  ).stdout.trim();

/**
 * The raised WebAssembly tiering budget (db/wasm-tiering.ts) is set with `v8.setFlagsFromString`
 * after V8 started, which Node documents as possibly doing nothing: this proves, on the Node that
 * runs the tests, that it takes effect. A loop that V8 optimises at its default budget stays on the
 * baseline compiler's code once the budget is raised.
 */
describe('WebAssembly tiering budget', () => {
  it('at the default a hot loop is optimised; raised, the same loop is not', async () => {
    const [atDefault, raised] = await Promise.all([run(), run(['raised'])]);
    expect(atDefault).toBe('optimised');
    expect(raised).toBe('baseline');
  });
});

/**
 * `npm start` on the embedded database and Node 22 or later keeps PostgreSQL's WebAssembly on the
 * baseline compiler (scripts/server-node-flags.mjs): the flags it chooses, and that the Node running
 * the tests takes them on the command line.
 */
describe('the embedded database on the baseline compiler', () => {
  it('is chosen for the embedded database from Node 22 on, not for PostgreSQL or on Node 20', () => {
    expect(serverNodeFlags({}, '24.22.3')).toEqual(['--liftoff-only']);
    expect(serverNodeFlags({ DATABASE_URL: '' }, '22.0.0')).toEqual(['--liftoff-only']);
    expect(serverNodeFlags({ DATABASE_URL: 'postgres://portal@db/portal' }, '24.22.3')).toEqual([]);
    expect(serverNodeFlags({}, '20.20.2')).toEqual([]);
  });

  it('keeps a hot loop that V8 would optimise on the baseline compiler', async () => {
    expect(await run([], ['--liftoff-only'])).toBe('baseline');
  });
});

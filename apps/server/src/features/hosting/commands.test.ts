import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { errorLogs } from '../../db/schema.ts';
import { importDocument } from '../../lib/import.ts';
import { type Io, logsCommand } from './commands.ts';

/**
 * `npm run portal -- logs ingest --vid N [FILE|-]` on an embedded database of its own (the
 * command opens the database the configuration names, as the real command does).
 */

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
let dir: string;
let config: Config;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portal-logs-cmd-'));
  config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir: `${dir}/pglite` });
  try {
    // Its own customer and websites: the vids the commands below name, and no more.
    const site = (vid: number) => ({ vid, owner: 'logs-owner', virtname: `site${vid}.example.test`, ssl: 2 });
    await importDocument(database.db, {
      accounts: [
        {
          logname: 'logs-owner',
          uid: 790_001,
          bill_uid: 790_001,
          first_name: 'Test',
          last_name: 'Owner',
          role: 'customer',
          account_role: 'Primary',
          bill_email: 'logs-owner@example.test',
          account_type: 'Shell',
          realm: 'members',
        },
      ],
      websites: [site(3101), site(3102), site(3103), site(3201)],
    });
  } finally {
    await database.close();
  }
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the command in this process with `stdin` as standard input; its output lines are kept. */
async function run(args: string[], stdin: Readable = Readable.from([])) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdin, out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await logsCommand(args, config, io);
  return { code, out, err };
}

async function linesOf(vid: number): Promise<string[]> {
  const database = await openDatabase({ dataDir: `${dir}/pglite` });
  try {
    const rows = await database.db
      .select({ msg: errorLogs.msg })
      .from(errorLogs)
      .where(eq(errorLogs.vid, vid))
      .orderBy(asc(errorLogs.id));
    return rows.map((r) => r.msg);
  } finally {
    await database.close();
  }
}

describe('portal logs ingest', () => {
  it('appends the lines of a file, cleaned, skipping blank ones', async () => {
    const file = join(dir, 'error.log');
    writeFileSync(file, '[php:error] first line\r\n\n   \nsecond\u0000line\nthird line without a break');
    expect(await run(['ingest', '--vid', '3102', file])).toEqual({
      code: 0,
      out: ['3 line(s) added to the error log of vid 3102'],
      err: [],
    });
    expect(await linesOf(3102)).toEqual([
      '[php:error] first line',
      'second line',
      'third line without a break',
    ]);
  });

  it('reads standard input without FILE, and with -', async () => {
    const before = (await linesOf(3103)).length;
    const piped = await run(['ingest', '--vid=3103'], Readable.from(['from stdin 1\nfrom ', 'stdin 2\n']));
    expect(piped).toEqual({ code: 0, out: ['2 line(s) added to the error log of vid 3103'], err: [] });
    const dash = await run(['ingest', '--vid', '3103', '-'], Readable.from(['from stdin 3\n']));
    expect(dash.code).toBe(0);
    expect((await linesOf(3103)).slice(before)).toEqual(['from stdin 1', 'from stdin 2', 'from stdin 3']);
  });

  it('answers 1 for a vid with no website and for a file it cannot read, and adds nothing', async () => {
    expect(await run(['ingest', '--vid', '999999', join(dir, 'error.log')])).toEqual({
      code: 1,
      out: [],
      err: ['no website with vid 999999'],
    });
    expect(await linesOf(999999)).toEqual([]);
    const missing = await run(['ingest', '--vid', '3101', join(dir, 'no-such.log')]);
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/^cannot read .*no-such\.log$/);
  });

  it('answers 2 with the usage line for a missing or bad vid, an unknown option, two files or no subcommand', async () => {
    for (const args of [
      ['ingest'],
      ['ingest', '--vid'],
      ['ingest', '--vid', '0'],
      ['ingest', '--vid', '-4'],
      ['ingest', '--vid', 'abc'],
      ['ingest', '--vid', '12.5'],
      ['ingest', '--vid', '3101', 'a.log', 'b.log'],
      ['ingest', '--vid', '3101', '--since', 'yesterday'],
      ['tail', '--vid', '3101'],
      [],
    ]) {
      const res = await run(args);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.err, args.join(' ')).toEqual([
        expect.stringMatching(/^usage: npm run portal -- logs ingest --vid N/),
      ]);
    }
  });

  it('runs as `npm run portal -- logs ingest --vid N` reading standard input, with its exit codes', async () => {
    // The embedded database of this file, whatever database the test run uses.
    const { DATABASE_URL: _, ...env } = process.env;
    const portal = (args: string[], input: string) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...args], {
          cwd: ROOT,
          env: { ...env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => {
          stdout += d;
        });
        child.stderr.on('data', (d) => {
          stderr += d;
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
        child.stdin.end(input);
      });
    const ok = await portal(['logs', 'ingest', '--vid', '3201'], 'piped one\npiped two\n');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('2 line(s) added to the error log of vid 3201');
    expect((await linesOf(3201)).slice(-2)).toEqual(['piped one', 'piped two']);
    const bad = await portal(['logs', 'ingest', '--vid', 'x'], '');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('usage: npm run portal -- logs ingest');
  }, 120_000);
});

import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { Command } from '../../cli/command.ts';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { ingestStream } from './logs.ts';
import { websiteOfVid } from './repository.ts';

const USAGE =
  'logs ingest --vid N [FILE|-]          append error-log lines of a website (standard input without FILE)';

/** Where the command reads and writes; tests pass their own. */
export interface Io {
  stdin: Readable;
  out(line: string): void;
  err(line: string): void;
}

const processIo: Io = {
  stdin: process.stdin,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
};

/**
 * `logs ingest --vid N [FILE|-]`. Exit codes: 0 done, 1 no such website or unreadable file,
 * 2 usage errors (checked before the database is opened).
 */
export async function logsCommand(args: string[], config: Config, io: Io = processIo): Promise<number> {
  const usage = () => {
    io.err(`usage: npm run portal -- ${USAGE}`);
    return 2;
  };
  const [sub, ...rest] = args;
  if (sub !== 'ingest') return usage();
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(rest);
  } catch {
    // An unknown option or --vid without a value.
    return usage();
  }
  const { values, positionals } = parsed;
  const vid = Number(values.vid);
  if (!/^\d+$/.test(values.vid ?? '') || !Number.isSafeInteger(vid) || vid <= 0 || positionals.length > 1)
    return usage();
  const file = positionals[0];
  const fromFile = file !== undefined && file !== '-';
  if (fromFile) {
    try {
      await access(file);
    } catch {
      io.err(`cannot read ${file}`);
      return 1;
    }
  }
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.embedded ? `${config.DATA_DIR}/pglite` : undefined,
  });
  try {
    if (!(await websiteOfVid(database.db, vid))) {
      io.err(`no website with vid ${vid}`);
      return 1;
    }
    const input = fromFile ? createReadStream(file) : io.stdin;
    const count = await ingestStream(database.db, vid, input);
    io.out(`${count} line(s) added to the error log of vid ${vid}`);
    return 0;
  } finally {
    await database.close();
  }
}

const parse = (args: string[]) =>
  parseArgs({ args, allowPositionals: true, options: { vid: { type: 'string' } } });

/** `npm run portal -- ...` commands of the hosting area. */
export const hostingCommands: Command[] = [
  { name: 'logs', usage: USAGE, run: (args, config) => logsCommand(args, config) },
];

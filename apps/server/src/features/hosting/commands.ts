import { createReadStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Command } from '../../cli/commands.ts';
import { openDatabase } from '../../db/index.ts';
import { websites } from '../../db/schema.ts';
import { ingestStream } from './logs.ts';

const USAGE =
  'logs ingest --vid N [FILE|-]          append error-log lines of a website (standard input without FILE)';

/** `npm run portal -- ...` commands of the hosting area. */
export const hostingCommands: Command[] = [
  {
    name: 'logs',
    usage: USAGE,
    async run(args, config) {
      const [sub, ...rest] = args;
      if (sub !== 'ingest') {
        console.error(`usage: npm run portal -- ${USAGE}`);
        return 2;
      }
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { vid: { type: 'string' } },
      });
      const vid = Number(values.vid);
      if (!Number.isInteger(vid) || vid <= 0 || positionals.length > 1) {
        console.error(`usage: npm run portal -- ${USAGE}`);
        return 2;
      }
      const file = positionals[0];
      const database = await openDatabase({
        url: config.DATABASE_URL,
        dataDir: config.embedded ? `${config.DATA_DIR}/pglite` : undefined,
      });
      try {
        const [site] = await database.db
          .select({ vid: websites.vid })
          .from(websites)
          .where(eq(websites.vid, vid))
          .limit(1);
        if (!site) {
          console.error(`no website with vid ${vid}`);
          return 1;
        }
        const input = file && file !== '-' ? createReadStream(file) : process.stdin;
        const count = await ingestStream(database.db, vid, input);
        console.log(`${count} line(s) added to the error log of vid ${vid}`);
        return 0;
      } finally {
        await database.close();
      }
    },
  },
];

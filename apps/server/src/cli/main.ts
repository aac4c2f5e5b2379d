import { parseArgs } from 'node:util';
import { desc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { accounts, outbox } from '../db/schema.ts';
import { ImportError, importFile } from '../lib/import.ts';
import { COMMANDS as EXTRA } from './commands.ts';

/** `npm run portal -- <command>`: operations on the portal's database (README "The portal command"). */
const USAGE = `usage: npm run portal -- <command>
  import FILE.json                         load accounts and resources (docs/import-format.md)
  account list                             list accounts
  account create LOGNAME --password P [--role customer|staff|admin] [--email E] [--uid N]
  account set-password LOGNAME --password P
  outbox list [--limit N]                  the newest outbound messages
${EXTRA.map((c) => `  ${c.usage}`).join('\n')}`;

async function main(argv: string[]): Promise<number> {
  const config = loadConfig();
  const [cmd, sub, ...rest] = argv;
  const extra = EXTRA.find((c) => c.name === cmd);
  if (extra)
    return extra.run(
      [sub, ...rest].filter((x) => x !== undefined),
      config,
    );
  const db = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.embedded ? `${config.DATA_DIR}/pglite` : undefined,
  });
  try {
    return await run(db, cmd, sub, rest);
  } finally {
    await db.close();
  }
}

async function run(
  database: Database,
  cmd: string | undefined,
  sub: string | undefined,
  rest: string[],
): Promise<number> {
  const { db } = database;
  if (cmd === 'import' && sub) {
    const { counts } = await importFile(db, sub);
    for (const [k, n] of Object.entries(counts)) console.log(`${k.padEnd(20)} ${n}`);
    console.log('import complete');
    return 0;
  }
  if (cmd === 'account' && sub === 'list') {
    const rows = await db.select().from(accounts).orderBy(accounts.logname);
    for (const r of rows)
      console.log(
        [
          r.logname.padEnd(12),
          String(r.uid).padEnd(8),
          r.role.padEnd(9),
          r.accountRole.padEnd(9),
          r.billEmail,
        ].join(' '),
      );
    return 0;
  }
  if (cmd === 'account' && (sub === 'create' || sub === 'set-password')) {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        password: { type: 'string' },
        role: { type: 'string' },
        email: { type: 'string' },
        uid: { type: 'string' },
      },
    });
    const logname = positionals[0]?.toLowerCase();
    if (!logname || !values.password || values.password.length < 8) {
      console.error('a logname and --password of at least 8 characters are required');
      return 2;
    }
    const passwordHash = await hashPassword(values.password);
    if (sub === 'set-password') {
      const updated = await db
        .update(accounts)
        .set({ passwordHash })
        .where(eq(accounts.logname, logname))
        .returning();
      if (!updated.length) {
        console.error(`no account ${logname}`);
        return 1;
      }
      console.log(`password set for ${logname}`);
      return 0;
    }
    const role = values.role ?? 'customer';
    if (!['customer', 'staff', 'admin'].includes(role)) {
      console.error('--role must be customer, staff or admin');
      return 2;
    }
    const [{ max }] = await db
      .select({ max: sql<number>`coalesce(max(${accounts.uid}), 1000) + 1` })
      .from(accounts);
    await db.insert(accounts).values({
      logname,
      uid: values.uid ? Number(values.uid) : Number(max),
      role,
      billEmail: values.email ?? '',
      passwordHash,
    });
    console.log(`account ${logname} created`);
    return 0;
  }
  if (cmd === 'outbox' && sub === 'list') {
    const { values } = parseArgs({ args: rest, options: { limit: { type: 'string' } } });
    const rows = await db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.id))
      .limit(Number(values.limit ?? 20));
    for (const r of rows)
      console.log(`#${r.id} ${r.createdAt.toISOString()} ${r.status.padEnd(7)} ${r.toAddr} — ${r.subject}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ConfigError || err instanceof ImportError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);

import { parseArgs } from 'node:util';
import { desc } from 'drizzle-orm';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { accounts, outbox } from '../db/schema.ts';
import { accountPasswordCommand } from '../features/account/commands.ts';
import { createBreachService, defaultIndexPath } from '../integrations/breach/index.ts';
import { ImportError, importFile } from '../lib/import.ts';
import { buildInfo } from '../lib/build-info.ts';
import { checkConfig } from '../lib/config-check.ts';
import { COMMANDS as EXTRA } from './commands.ts';
import { readPassword } from './read-password.ts';

/** `npm run portal -- <command>`: operations on the portal's database (README "The portal command"). */
const USAGE = `usage: npm run portal -- <command>
  import FILE.json                         load accounts and resources (docs/import-format.md)
    [--replace ENTITY[:FIELD=VALUE]]...    the file holds all those rows: remove the others (docs/mail-servers.md)
  account list                             list accounts
  account create LOGNAME [--role customer|staff|admin] [--email E] [--uid N]
                                           the password is asked for (or read from standard input)
  account set-password LOGNAME             the same
  --version                                the release and the commit it was built from
  check-config                             the configuration, the SMTP relay and the database's schema
  outbox list [--limit N]                  the newest outbound messages
${EXTRA.map((c) => `  ${c.usage}`).join('\n')}`;

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--version' || argv[0] === 'version') {
    const { version, commit } = buildInfo();
    console.log(`${version} (commit ${commit})`);
    return 0;
  }
  const config = loadConfig();
  const [cmd, sub, ...rest] = argv;
  if (cmd === 'check-config') {
    // loadConfig above refused what every start refuses; these are the checks a start does not wait for.
    const found = await checkConfig(config);
    for (const f of found) console.log(`${f.level.padEnd(7)} ${f.text}`);
    return found.some((f) => f.level === 'error') ? 1 : 0;
  }
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
    return await run(db, config, cmd, sub, rest);
  } finally {
    await db.close();
  }
}

async function run(
  database: Database,
  config: Config,
  cmd: string | undefined,
  sub: string | undefined,
  rest: string[],
): Promise<number> {
  const { db } = database;
  if (cmd === 'import' && sub) {
    const { values, positionals } = parseArgs({
      args: [sub, ...rest],
      allowPositionals: true,
      options: { replace: { type: 'string', multiple: true } },
    });
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0) {
      console.error(USAGE);
      return 2;
    }
    const { counts, removed } = await importFile(db, file, { replace: values.replace });
    for (const [k, n] of Object.entries(counts))
      console.log(`${k.padEnd(20)} ${n}${k in removed ? `, ${removed[k]} removed` : ''}`);
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
    // The same breached-password check as the screens that set a password.
    const breach = createBreachService({
      indexPath: config.PWNED_INDEX ?? defaultIndexPath(config.DATA_DIR),
    });
    try {
      return await accountPasswordCommand(db, breach, sub, rest, console, readPassword);
    } finally {
      await breach.close();
    }
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

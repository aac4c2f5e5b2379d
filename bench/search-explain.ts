// bench/search-explain: the staff account search on a large seeded PostgreSQL: the query it was
// (one join with `or`) without the trigram indexes, then with them (migration 0012), then the
// route's query (features/session/repository.ts) with them: EXPLAIN ANALYZE's scans and the
// median time of each search kind. Starts and removes its own PostgreSQL. Prints figures; asserts
// nothing.
//
//   LOAD_SCALE   data size, 1 = 100,000 accounts, 1,000,000 domains, 10,000,000 aliases (default 0.1)
//   SEARCH_ROUNDS searches of each kind per configuration (default 30)
import { must } from '@portal/contract/must';
import { readFileSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/index.ts';
import { accountSearch } from '../apps/server/src/features/session/repository.ts';
import { LARGE_DATA_PG_SETTINGS, seedLargeData, seeded } from './large-data.ts';
import { median, postgres } from './support.ts';

const SCALE = Number(process.env.LOAD_SCALE ?? 0.1);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 30);

/** The search's query before migration 0012 (ACCOUNT_SEARCH_LIMIT 20). */
const OLD_QUERY = `
  select distinct on (a.logname) a.logname, trim(a.first_name || ' ' || a.last_name) as name, a.bill_email,
         coalesce(d.domain, '') as domain
  from accounts a left join domains d on d.owner = a.logname and d.domain ilike $1
  where trim(a.first_name || ' ' || a.last_name) ilike $1 or a.bill_email ilike $1 or d.domain ilike $1
  order by a.logname limit 20`;

/** The route's query for a search text, as drizzle writes it, and its parameters. */
const routeQuery = (text: string) => accountSearch(drizzle.mock() as unknown as Db, text).toSQL();
/** The old query for a search text. */
const oldQuery = (text: string) => ({ sql: OLD_QUERY, params: [`%${text}%`] });

const MIGRATION = new URL('../apps/server/drizzle/0012_staff_search_trigram.sql', import.meta.url);
const TRIGRAM_INDEXES = readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.replace(/^--.*$/gm, '').trim())
  .filter((s) => /^create index/i.test(s));
const DROP_TRIGRAM_INDEXES = 'drop index accounts_name_trgm, accounts_bill_email_trgm, domains_domain_trgm';

const db = await postgres({ throwaway: true, settings: LARGE_DATA_PG_SETTINGS });
const pick = (n: number) => Math.floor(Math.random() * n);

try {
  const data = await seedLargeData(db.url, SCALE);
  console.log(
    `seeded ${data.accounts.toLocaleString()} accounts, ${data.domains.toLocaleString()} domains in ${data.seconds.toFixed(0)} s`,
  );
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const texts = {
    name: () => `User ${1 + pick(data.accounts)}`,
    email: () => `${seeded.account(1 + pick(data.accounts))}@example`,
    domain: () => seeded.domain(1 + pick(data.accounts), pick(10)),
  };
  await client.query(DROP_TRIGRAM_INDEXES);
  await client.query('analyze accounts; analyze domains');
  const run = async (label: string, query: (text: string) => { sql: string; params: unknown[] }) => {
    console.log(`\n${label}:`);
    for (const [kind, text] of Object.entries(texts)) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const q = query(text());
        await client.query(q.sql, q.params);
        times.push(performance.now() - t0);
      }
      const q = query(text());
      const plan = await client.query(`explain (analyze, costs off, timing off) ${q.sql}`, q.params);
      const lines = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]);
      const scans = lines
        .filter((l) => /Scan/.test(must(l, 'l')))
        .map((l) =>
          must(l, 'l')
            .trim()
            .replace(/^->\s*/, ''),
        );
      console.log(
        `  by ${kind}: median ${median(times).toFixed(1)} ms over ${ROUNDS}; scans: ${scans.join('; ')}`,
      );
    }
  };
  await run('the old query, no trigram indexes', oldQuery);
  const t0 = performance.now();
  for (const ddl of TRIGRAM_INDEXES) await client.query(ddl);
  await client.query('analyze accounts; analyze domains');
  console.log(`\ntrigram indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await run('the old query, trigram indexes', oldQuery);
  await run("the route's query (two lookups merged, each word a pattern), trigram indexes", routeQuery);
  const size = await client.query(
    `select sum(pg_relation_size(c.oid))::bigint as bytes from pg_class c where c.relname like '%_trgm'`,
  );
  console.log(`\ntrigram indexes: ${(Number(size.rows[0]?.bytes) / 1e6).toFixed(0)} MB`);
  await client.end();
} finally {
  db.stop();
}

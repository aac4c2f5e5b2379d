// bench/search-explain: the staff account search (features/session/routes.ts, searchAccounts) on a
// large seeded PostgreSQL, without and then with trigram indexes (pg_trgm): EXPLAIN ANALYZE's plan
// and the median time of each search kind. Starts and removes its own PostgreSQL; changes nothing
// in the portal's migrations. Prints figures; asserts nothing.
//
//   LOAD_SCALE   data size, 1 = 100,000 accounts, 1,000,000 domains, 10,000,000 aliases (default 0.1)
//   SEARCH_ROUNDS searches of each kind per configuration (default 30)
import pg from 'pg';
import { LARGE_DATA_PG_SETTINGS, seedLargeData, seeded } from './large-data.ts';
import { postgres } from './support.ts';

const SCALE = Number(process.env.LOAD_SCALE ?? 0.1);
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 30);

/** The route's query, as drizzle writes it (ACCOUNT_SEARCH_LIMIT 20). */
const ROUTE_QUERY = `
  select distinct on (a.logname) a.logname, trim(a.first_name || ' ' || a.last_name) as name, a.bill_email,
         coalesce(d.domain, '') as domain
  from accounts a left join domains d on d.owner = a.logname and d.domain ilike $1
  where trim(a.first_name || ' ' || a.last_name) ilike $1 or a.bill_email ilike $1 or d.domain ilike $1
  order by a.logname limit 20`;

/** The same answer as three index-able lookups (one per field), merged. */
const UNION_QUERY = `
  with hits as (
    select a.logname, '' as domain from accounts a
      where trim(a.first_name || ' ' || a.last_name) ilike $1 or a.bill_email ilike $1
    union all
    select d.owner, d.domain from domains d where d.domain ilike $1)
  select distinct on (a.logname) a.logname, trim(a.first_name || ' ' || a.last_name) as name, a.bill_email,
         max(h.domain) over (partition by a.logname) as domain
  from hits h join accounts a on a.logname = h.logname
  order by a.logname limit 20`;

const TRIGRAM_INDEXES = [
  'create extension if not exists pg_trgm',
  `create index if not exists accounts_name_trgm on accounts using gin ((trim(first_name || ' ' || last_name)) gin_trgm_ops)`,
  'create index if not exists accounts_bill_email_trgm on accounts using gin (bill_email gin_trgm_ops)',
  'create index if not exists domains_domain_trgm on domains using gin (domain gin_trgm_ops)',
];

const db = await postgres({ throwaway: true, settings: LARGE_DATA_PG_SETTINGS });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const pick = (n: number) => Math.floor(Math.random() * n);

try {
  const data = await seedLargeData(db.url, SCALE);
  console.log(
    `seeded ${data.accounts.toLocaleString()} accounts, ${data.domains.toLocaleString()} domains in ${data.seconds.toFixed(0)} s`,
  );
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const patterns = {
    name: () => `%User ${1 + pick(data.accounts)}%`,
    email: () => `%${seeded.account(1 + pick(data.accounts))}@example%`,
    domain: () => `%${seeded.domain(1 + pick(data.accounts), pick(10))}%`,
  };
  const run = async (label: string, query: string) => {
    console.log(`\n${label}:`);
    for (const [kind, pattern] of Object.entries(patterns)) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        await client.query(query, [pattern()]);
        times.push(performance.now() - t0);
      }
      const plan = await client.query(`explain (analyze, costs off, timing off) ${query}`, [pattern()]);
      const lines = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]);
      const scans = lines.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/^->\s*/, ''));
      console.log(
        `  by ${kind}: median ${median(times).toFixed(1)} ms over ${ROUNDS}; scans: ${scans.join('; ')}`,
      );
    }
  };
  await run("today's query, today's indexes", ROUTE_QUERY);
  const t0 = performance.now();
  for (const ddl of TRIGRAM_INDEXES) await client.query(ddl);
  await client.query('analyze accounts; analyze domains');
  console.log(`\ntrigram indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await run("today's query, trigram indexes", ROUTE_QUERY);
  await run('three lookups merged, trigram indexes', UNION_QUERY);
  const size = await client.query(
    `select sum(pg_relation_size(c.oid))::bigint as bytes from pg_class c where c.relname like '%_trgm'`,
  );
  console.log(`\ntrigram indexes: ${(Number(size.rows[0]?.bytes) / 1e6).toFixed(0)} MB`);
  await client.end();
} finally {
  db.stop();
}

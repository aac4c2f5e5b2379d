// bench/logs: error-log queries with 10 million rows for one site on PostgreSQL (DATABASE_URL, or a
// throw-away cluster). Prints the median of the viewer's poll for new rows and of its first page,
// the query plans, and the download's throughput and memory. Not part of `npm test`.
//   BENCH_LOG_ROWS (default 10,000,000), BENCH_SKIP_DOWNLOAD=1 to leave the download out.
import { must } from '@portal/contract/must';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { accounts, errorLogs, websites } from '../apps/server/src/db/schema.ts';
import { appendLogs, logText, readLogs } from '../apps/server/src/features/hosting/logs.ts';
import { median, postgres } from './support.ts';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 10_000_000);
const VID = 990_001;
const OTHER_VID = 990_002;
const CHUNK = 1_000_000;

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)];
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return out;
}

const pg = await postgres();
try {
  const database = await openDatabase({ url: pg.url });
  const { db } = database;
  await db.insert(accounts).values({ logname: 'benchlogs', uid: 990_000 }).onConflictDoNothing();
  await db
    .insert(websites)
    .values([
      { vid: VID, owner: 'benchlogs', virtname: 'bench.example.com', errorLogs: 1 },
      { vid: OTHER_VID, owner: 'benchlogs', virtname: 'other.example.com', errorLogs: 1 },
    ])
    .onConflictDoNothing();

  const { n } = must(
    (
      await db.select({ n: sql<number>`count(*)::int` }).from(errorLogs).where(sql`${errorLogs.vid} = ${VID}`)
    )[0],
    'a row',
  );
  if (n < ROWS) {
    const t0 = Date.now();
    for (let done = n; done < ROWS; done += CHUNK) {
      const k = Math.min(CHUNK, ROWS - done);
      // Interleave another site's rows, as syslog would, so the site's rows are not one contiguous run.
      await db.execute(sql`
        insert into error_logs (vid, msg)
        select case when g % 10 = 0 then ${OTHER_VID}::int else ${VID}::int end,
               '[' || to_char(now(), 'YYYY-MM-DD HH24:MI:SS') || '] [php:error] [pid ' || g || '] PHP Warning:  Undefined variable $x in /home/benchlogs/www/index.php on line ' || (g % 500)
        from generate_series(1, ${Math.ceil((k * 10) / 9)}::int) g`);
      process.stdout.write(`\rloading: ${Math.min(done + k, ROWS).toLocaleString()} rows for vid ${VID}`);
    }
    await db.execute(sql`vacuum analyze error_logs`);
    console.log(`\nloaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  const { total } = must(
    (
      await db
        .select({ total: sql<number>`count(*)::int` })
        .from(errorLogs)
        .where(sql`${errorLogs.vid} = ${VID}`)
    )[0],
    'a row',
  );
  const { last } = must(
    (
      await db
        .select({ last: sql<number>`max(id)::bigint` })
        .from(errorLogs)
        .where(sql`${errorLogs.vid} = ${VID}`)
    )[0],
    'a row',
  );
  console.log(`rows for vid ${VID}: ${Number(total).toLocaleString()} (table: all sites)`);

  const plan = async (q: ReturnType<typeof sql>) =>
    (
      (await db.execute(sql`explain (analyze, costs off, timing off) ${q}`)) as unknown as {
        rows: Record<string, string>[];
      }
    ).rows
      .map((r) => `    ${Object.values(r)[0]}`)
      .join('\n');
  console.log('plan of the poll (rows newer than the last id):');
  console.log(
    await plan(
      sql`select id, msg from error_logs where vid = ${VID} and id > ${Number(last)} order by id limit 1000`,
    ),
  );
  console.log('plan of the first page (newest rows):');
  console.log(await plan(sql`select id, msg from error_logs where vid = ${VID} order by id desc limit 1000`));

  const idle = await time(() => readLogs(db, VID, Number(last)), 1000);
  console.log(
    `poll, no new rows:             median ${ms(must(median(idle), 'median(idle)'))}, p99 ${ms(must(p99(idle), 'p99(idle)'))}`,
  );
  const { lastId } = await appendLogs(db, VID, ['one', 'two', 'three', 'four', 'five']);
  const fresh = await time(() => readLogs(db, VID, lastId - 5), 1000);
  console.log(
    `poll, 5 new rows:              median ${ms(must(median(fresh), 'median(fresh)'))}, p99 ${ms(must(p99(fresh), 'p99(fresh)'))}`,
  );
  const first = await time(() => readLogs(db, VID, 0), 200);
  console.log(
    `first page (newest 1000 rows): median ${ms(must(median(first), 'median(first)'))}, p99 ${ms(must(p99(first), 'p99(first)'))}`,
  );
  // The database's own time for the same statements, without the client round trip (which a busy
  // machine inflates): EXPLAIN ANALYZE's execution time.
  const execTime = async (q: ReturnType<typeof sql>, runs: number) => {
    const out: number[] = [];
    for (let i = 0; i < runs; i++) {
      const rows = (
        (await db.execute(sql`explain (analyze, timing off) ${q}`)) as unknown as {
          rows: Record<string, string>[];
        }
      ).rows;
      const line = rows
        .map((r) => Object.values(r)[0])
        .find((l) => must(l, 'l').startsWith('Execution Time'));
      out.push(Number(/([\d.]+) ms/.exec(line ?? '')?.[1] ?? Number.NaN));
    }
    return median(out);
  };
  const pollExec = await execTime(
    sql`select id, msg from error_logs where vid = ${VID} and id > ${lastId - 5} order by id limit 1000`,
    200,
  );
  const firstExec = await execTime(
    sql`select id, msg from error_logs where vid = ${VID} order by id desc limit 1000`,
    200,
  );
  console.log(
    `in the database: poll ${ms(must(pollExec, 'pollExec'))}, first page ${ms(must(firstExec, 'firstExec'))} (median execution time)`,
  );
  const verdict =
    must(median(fresh), 'median(fresh)') < 5 && must(median(first), 'median(first)') < 5 ? 'under' : 'OVER';
  console.log(`→ poll and first page ${verdict} the 5 ms median target`);

  if (process.env.BENCH_SKIP_DOWNLOAD !== '1') {
    const rss0 = process.memoryUsage().rss;
    let peak = 0;
    let bytes = 0;
    const t0 = Date.now();
    for await (const chunk of logText(db, VID)) {
      bytes += Buffer.byteLength(chunk);
      peak = Math.max(peak, process.memoryUsage().rss - rss0);
    }
    const s = (Date.now() - t0) / 1000;
    console.log(
      `download: ${(bytes / 1e6).toFixed(0)} MB in ${s.toFixed(1)} s = ${(bytes / 1e6 / s).toFixed(0)} MB/s; RSS grew at most ${(peak / 1e6).toFixed(1)} MB`,
    );
  }
  await database.close();
} finally {
  pg.stop();
}

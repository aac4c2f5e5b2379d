import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/index.ts';
import { JobRunner } from '../../src/lib/jobs.ts';
import { faultEffectJob } from './fault-effect-job.ts';

/**
 * The worker process that worker-kill.test.ts kills. It runs a JobRunner on FAULT_DATABASE_URL;
 * the `fault.effect` handler records its side effect in the job's transaction and, for the job
 * whose payload says `block`, stops and says so on stdout — then waits for SIGKILL:
 * - block 'uncommitted': inside the handler, the effect written but not committed (BLOCKED);
 * - block 'committed': right after the job's transaction committed — the work's commit point —
 *   before the runner does anything else (COMMITTED).
 */
const url = process.env.FAULT_DATABASE_URL;
if (!url) throw new Error('FAULT_DATABASE_URL is not set');

const database = await openDatabase({ url });
const noop = () => {};
const log = { warn: noop, error: noop, info: noop, debug: noop } as never;
const blockForever = () => {
  // Keep the process (and any open transaction) alive until it is killed.
  setInterval(noop, 1 << 30);
  return new Promise<never>(() => {});
};

// Stop right after the first commit that makes the effect durable: the commit of a transaction
// opened on the database itself (the job's; a handler's own nested one is only a savepoint).
let blockAfterCommit: number | undefined;
const { db } = database;
const transaction = db.transaction.bind(db);
db.transaction = (async (...args: Parameters<typeof transaction>) => {
  const result = await transaction(...args);
  if (blockAfterCommit !== undefined) {
    process.stdout.write(`COMMITTED ${blockAfterCommit} ${process.pid}\n`);
    await blockForever();
  }
  return result;
}) as typeof db.transaction;

const runner = new JobRunner(db, log, () => new Date());
runner.register(faultEffectJob, async (payload, { db: jobDb, jobId }) => {
  // A transaction of the handler's own: nested in the job's (a savepoint), so it commits with it.
  await jobDb.transaction(async (tx) => {
    await tx.execute(
      sql`insert into fault_effects (job_id, n, worker) values (${jobId}, ${payload.n}, 'child')`,
    );
    if (payload.block === 'uncommitted') {
      process.stdout.write(`BLOCKED ${jobId} ${process.pid}\n`);
      await blockForever();
    }
    if (payload.block === 'committed') blockAfterCommit = jobId;
  });
});

await runner.drain();
process.stdout.write('DRAINED\n');
await database.close();

import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/index.ts';
import { JobRunner } from '../lib/jobs.ts';

/**
 * The worker process that worker-kill.test.ts kills. It runs a JobRunner on FAULT_DATABASE_URL;
 * the `fault.effect` handler records its side effect in a transaction and, for the job marked
 * `block`, stops inside that transaction (uncommitted) and says so on stdout — then waits for
 * SIGKILL.
 */
const url = process.env.FAULT_DATABASE_URL;
if (!url) throw new Error('FAULT_DATABASE_URL is not set');

const database = await openDatabase({ url });
const noop = () => {};
const log = { warn: noop, error: noop, info: noop, debug: noop } as never;
const runner = new JobRunner(database.db, log, () => new Date());

runner.register('fault.effect', async (payload, { db, jobId }) => {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into fault_effects (job_id, n, worker) values (${jobId}, ${Number(payload.n)}, 'child')`,
    );
    if (payload.block) {
      process.stdout.write(`BLOCKED ${jobId} ${process.pid}\n`);
      // Keep the process (and the open transaction) alive until it is killed.
      setInterval(noop, 1 << 30);
      await new Promise(() => {});
    }
  });
});

await runner.drain();
process.stdout.write('DRAINED\n');
await database.close();

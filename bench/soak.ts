// bench/soak: the load benchmark's customer mix for a long run on one server process, printing the
// server's resident memory and the errors every minute. Goal: flat memory, 0 errors. Starts and
// removes its own PostgreSQL. Prints figures; asserts nothing.
//   SOAK_MINUTES duration (default 30); LOAD_SCALE, LOAD_USERS as in bench/load (defaults 1, 64)
import { must } from '@portal/contract/must';
import { LARGE_DATA_PG_SETTINGS, seedLargeData } from './large-data.ts';
import { portalsCpu, printCalls, READS, Recorder, runUsers, startPortals } from './portal-mix.ts';
import { postgres, rssMb } from './support.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const SCALE = Number(process.env.LOAD_SCALE ?? 1);
const USERS = Number(process.env.LOAD_USERS ?? 64);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pg = await postgres({ throwaway: true, settings: LARGE_DATA_PG_SETTINGS });
try {
  console.log(`seeding (LOAD_SCALE=${SCALE}):`);
  const data = await seedLargeData(pg.url, SCALE, () => {});
  console.log(`seeded ${data.accounts.toLocaleString()} accounts in ${data.seconds.toFixed(0)} s`);

  const { portals, stop } = await startPortals(pg.url, 1);
  const server = must(portals[0], 'server');
  const memory = [rssMb(server.pid)];
  console.log(
    `server RSS after start: ${must(memory[0], 'memory[0]').toFixed(0)} MB; ${USERS} virtual users for ${MINUTES} min`,
  );
  console.log('minute  req/s  errors  total errors  reads p99 ms  server RSS MB  server CPU');

  // Per minute, and for the whole run.
  const whole = new Recorder();
  let recorder = new Recorder(whole);
  let running = true;
  const users = runUsers({
    ports: [server.port],
    users: USERS,
    accounts: data.accounts,
    running: () => running,
    recorder: () => recorder,
  });
  let totalErrors = 0;
  let cpu = portalsCpu(portals);
  for (let minute = 1; minute <= MINUTES; minute++) {
    await sleep(60_000);
    const { seconds, calls } = recorder.take();
    const samples = recorder.samples;
    recorder = new Recorder(whole);
    const requests = calls.reduce((t, c) => t + c.requests, 0);
    const errors = calls.reduce((t, c) => t + c.errors, 0);
    totalErrors += errors;
    const readsP99 = Math.max(0, ...calls.filter((c) => READS.has(c.name)).map((c) => c.p99));
    const rss = rssMb(server.pid);
    memory.push(rss);
    const nowCpu = portalsCpu(portals);
    console.log(
      `${String(minute).padStart(6)}${(requests / seconds).toFixed(0).padStart(7)}${String(errors).padStart(8)}` +
        `${String(totalErrors).padStart(14)}${readsP99.toFixed(1).padStart(14)}${rss.toFixed(0).padStart(15)}` +
        `${`${((nowCpu - cpu) / seconds).toFixed(2)} cores`.padStart(12)}`,
    );
    cpu = nowCpu;
    for (const s of samples) console.log(`        ${s}`);
  }
  running = false;
  await users;
  await stop();

  const all = whole.take();
  console.log(`\nwhole run, ${(all.seconds / 60).toFixed(1)} min:`);
  printCalls(all.calls, all.seconds);
  const [first, last] = [memory[1] ?? memory[0], memory[memory.length - 1]];
  console.log(
    `\nserver RSS: ${must(memory[0], 'memory[0]').toFixed(0)} MB at start, ${must(first, 'first').toFixed(0)} MB after minute 1, ${must(last, 'last').toFixed(0)} MB at the end ` +
      `(${(must(last, 'last') - must(first, 'first') >= 0 ? '+' : '') + (must(last, 'last') - must(first, 'first')).toFixed(0)} MB; goal: flat)`,
  );
  console.log(`errors: ${totalErrors} (goal 0: ${totalErrors === 0 ? 'met' : 'MISSED'})`);
} finally {
  pg.stop();
}

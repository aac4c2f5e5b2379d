// bench/load: the portal API under a customer mix on a large PostgreSQL data set, served by 1 and
// then 2 server processes. Starts and removes its own PostgreSQL. Prints figures; asserts nothing.
//
// Each configuration runs twice:
//  - saturated: LOAD_USERS virtual users back to back (closed loop): the most the portal serves;
//  - at a fixed rate (open loop: sessions arrive at random, whatever the latency): the rate at which
//    one server process uses LOAD_CPU_TARGET of a core (70 %), found from the saturated run of the
//    first configuration, or LOAD_RATE requests/s when given. The read goal (p99 < 50 ms) is read here.
//
//   LOAD_SCALE   data size, 1 = 100,000 accounts, 1,000,000 domains, 10,000,000 aliases (default 1)
//   LOAD_USERS   concurrent virtual users of the saturated run (default 64)
//   LOAD_SECONDS measured seconds per run, after LOAD_WARMUP seconds (defaults 60, 10)
//   LOAD_PROCESSES server process counts to run, comma-separated (default 1,2)
//   LOAD_RATE    fixed rate in requests/s, `auto` (default: from LOAD_CPU_TARGET) or `off`
//   LOAD_CPU_TARGET share of one core for one server process at the fixed rate (default 0.7)
//   LOAD_SKIP    calls left out of the mix, comma-separated (e.g. "domain list")
//   LOAD_PHASES  what runs for each configuration, comma-separated (default all four):
//                `saturated`, `fixed` (the two above), `burst`: LOAD_BURST_READERS customers sign in
//                (during the warm-up; give it time), then read back to back while LOAD_BURST_SIGNINS
//                clients sign in back to back (defaults 32, 32) — the readers' p99 while sign-ins
//                saturate the password hashing —, and
//                `search`: LOAD_SEARCH_USERS staff (default 4) search accounts by name, email or
//                domain back to back
//   LOAD_PROFILE a directory: each server process writes a V8 CPU profile there when it stops
//                (`node --import tsx bench/profile.ts <file> 30 <seconds of start-up to skip>`)
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { LARGE_DATA_PG_SETTINGS, LOAD_PASSWORD, seedLargeData } from './large-data.ts';
import {
  CALLS_PER_SESSION,
  type CallStats,
  type Portal,
  portalsCpu,
  portalsThreadCpu,
  printCalls,
  Recorder,
  runArrivals,
  runSignInBurst,
  runStaffSearch,
  runUsers,
  startPortals,
} from './portal-mix.ts';
import { postgres, treeCpuSeconds } from './support.ts';

const SCALE = Number(process.env.LOAD_SCALE ?? 1);
const USERS = Number(process.env.LOAD_USERS ?? 64);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 10);
const PROCESSES = (process.env.LOAD_PROCESSES ?? '1,2').split(',').map(Number);
const RATE = process.env.LOAD_RATE ?? 'auto';
const CPU_TARGET = Number(process.env.LOAD_CPU_TARGET ?? 0.7);
const PHASES = new Set((process.env.LOAD_PHASES ?? 'saturated,fixed,burst,search').split(','));
const BURST_READERS = Number(process.env.LOAD_BURST_READERS ?? 32);
const BURST_SIGNINS = Number(process.env.LOAD_BURST_SIGNINS ?? 32);
const SEARCH_USERS = Number(process.env.LOAD_SEARCH_USERS ?? 4);
const STAFF = { logname: 'loadstaff', password: LOAD_PASSWORD };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const db = await postgres({ throwaway: true, settings: LARGE_DATA_PG_SETTINGS });
if (db.pid === undefined) throw new Error('PostgreSQL started without a process id');
const pgPid = db.pid;

/**
 * Drives the portals with `drive` (which runs until `running()` turns false) for the warm-up, then
 * measures SECONDS: the calls' figures and the CPU the portals, PostgreSQL and this process used.
 */
async function measure(
  portals: Portal[],
  drive: (running: () => boolean, recorder: () => Recorder) => Promise<unknown>,
): Promise<{
  seconds: number;
  calls: CallStats[];
  samples: string[];
  cpu: { portal: number; pg: number; self: number };
  /** The portals' cores by thread group (portal-mix.ts, portalsThreadCpu). */
  threads: { main: number; v8: number; hashing: number; other: number };
}> {
  let recorder = new Recorder();
  let running = true;
  const driving = drive(
    () => running,
    () => recorder,
  );
  await sleep(WARMUP * 1000);
  recorder = new Recorder();
  const before = {
    portal: portalsCpu(portals),
    threads: portalsThreadCpu(portals),
    pg: treeCpuSeconds(pgPid),
    self: process.cpuUsage(),
  };
  await sleep(SECONDS * 1000);
  const { seconds, calls } = recorder.take();
  const self = process.cpuUsage(before.self);
  const after = portalsThreadCpu(portals);
  const cpu = {
    portal: (portalsCpu(portals) - before.portal) / seconds,
    pg: (treeCpuSeconds(pgPid) - before.pg) / seconds,
    self: (self.user + self.system) / 1e6 / seconds,
  };
  const threads = {
    main: (after.main - before.threads.main) / seconds,
    v8: (after.v8 - before.threads.v8) / seconds,
    hashing: (after.hashing - before.threads.hashing) / seconds,
    other: (after.other - before.threads.other) / seconds,
  };
  running = false;
  await driving;
  return { seconds, calls, samples: recorder.samples, cpu, threads };
}

function report(run: Awaited<ReturnType<typeof measure>>): void {
  printCalls(run.calls, run.seconds);
  if (run.samples.length) console.log(`  first failures:\n    ${run.samples.join('\n    ')}`);
  const { portal, pg: db, self } = run.cpu;
  console.log(
    `  CPU: portal ${portal.toFixed(2)} cores, PostgreSQL ${db.toFixed(2)} cores, load generator ${self.toFixed(2)} cores ` +
      `(machine: ${availableParallelism()} cores, shared)`,
  );
  // The sign-ins' password checks counted apart: they run on their own threads (or, before, on
  // libuv's pool, whose other work the load generator does not ask for: it wants no compression).
  const requests = requestsOf(run.calls);
  const perRequest = (cores: number) => ((cores * run.seconds * 1000) / requests).toFixed(3);
  const { main, v8, hashing, other } = run.threads;
  // The portals run on this process's Node (portal-mix.ts, spawnNode).
  if (Number(process.versions.node.split('.')[0]) < 22) {
    console.log('  portal CPU per request by thread: needs Node 22 or later (it names its threads)');
    return;
  }
  const rest = main + v8 + other;
  console.log(
    `  portal CPU per request: ${perRequest(portal)} ms all in = main thread ${perRequest(main)} + V8 helpers ` +
      `${perRequest(v8)} + other ${perRequest(other)} + password checks ${perRequest(hashing)} ms; ` +
      `without them ${perRequest(rest)} ms — goal ≤ 0.3 ms: ${(rest * run.seconds) / requests <= 0.0003 ? 'met' : 'MISSED'}`,
  );
}

const requestsOf = (calls: CallStats[]) => calls.reduce((t, c) => t + c.requests, 0);

try {
  console.log(`seeding (LOAD_SCALE=${SCALE}):`);
  const data = await seedLargeData(db.url, SCALE);
  console.log(
    `seeded ${data.accounts.toLocaleString()} accounts, ${data.domains.toLocaleString()} domains, ` +
      `${data.aliases.toLocaleString()} email aliases in ${data.seconds.toFixed(0)} s`,
  );

  // The staff search's account: a staff member with the seeded accounts' password.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query(
    `insert into accounts (logname, uid, first_name, last_name, bill_email, password_hash, pricing_plan, account_type, role)
     select $1, (select max(uid) + 1 from accounts), 'Load', 'Staff', 'staff@example.net', password_hash, 'Basic', 'Individual', 'staff'
     from accounts where logname = 'u1'`,
    [STAFF.logname],
  );
  await client.end();

  let rate = RATE === 'auto' || RATE === 'off' ? 0 : Number(RATE);
  for (const count of PROCESSES) {
    const { portals, stop } = await startPortals(db.url, count);
    const ports = portals.map((p) => p.port);
    const label = `${count} server process${count > 1 ? 'es' : ''}`;

    let saturated: Awaited<ReturnType<typeof measure>> | undefined;
    if (PHASES.has('saturated')) {
      saturated = await measure(portals, (running, recorder) =>
        runUsers({ ports, users: USERS, accounts: data.accounts, running, recorder }),
      );
      console.log(
        `\n${label}, saturated: ${USERS} virtual users back to back, ${saturated.seconds.toFixed(0)} s measured:`,
      );
      report(saturated);
    }

    if (PHASES.has('fixed') && RATE !== 'off' && (rate || saturated)) {
      if (!rate && saturated) {
        // The portal's CPU per request at saturation, taken from the first configuration so every
        // configuration is offered the same load: the rate at which one process would use CPU_TARGET.
        const cpuPerRequest = (saturated.cpu.portal * saturated.seconds) / requestsOf(saturated.calls);
        rate = CPU_TARGET / cpuPerRequest;
        console.log(
          `\n  portal CPU per request ${(cpuPerRequest * 1000).toFixed(2)} ms → fixed rate for ${CPU_TARGET * 100} % ` +
            `of one core: ${rate.toFixed(0)} req/s`,
        );
      }
      let arrivals = { started: 0, dropped: 0 };
      const fixed = await measure(portals, async (running, recorder) => {
        arrivals = await runArrivals({
          ports,
          sessionsPerSecond: rate / CALLS_PER_SESSION,
          accounts: data.accounts,
          running,
          recorder,
        });
      });
      console.log(
        `\n${label}, fixed rate: ${rate.toFixed(0)} req/s offered (${(rate / CALLS_PER_SESSION).toFixed(1)} sessions/s arriving at random), ` +
          `${fixed.seconds.toFixed(0)} s measured:`,
      );
      report(fixed);
      console.log(
        `  sessions: ${arrivals.started} started, ${arrivals.dropped} dropped (more than 2,000 in flight)` +
          (count === 1
            ? `; portal CPU ${((fixed.cpu.portal / CPU_TARGET) * 100).toFixed(0)} % of the target`
            : ''),
      );
    }

    if (PHASES.has('burst')) {
      const burst = await measure(portals, (running, recorder) =>
        runSignInBurst({
          ports,
          readers: BURST_READERS,
          burst: BURST_SIGNINS,
          accounts: data.accounts,
          running,
          recorder,
        }),
      );
      console.log(
        `\n${label}, sign-in burst: ${BURST_READERS} signed-in customers reading back to back while ` +
          `${BURST_SIGNINS} clients sign in back to back, ${burst.seconds.toFixed(0)} s measured ` +
          `(login errors: 429 hashing_busy when the password queue is full):`,
      );
      report(burst);
    }

    if (PHASES.has('search')) {
      const search = await measure(portals, (running, recorder) =>
        runStaffSearch({
          ports,
          users: SEARCH_USERS,
          accounts: data.accounts,
          staff: STAFF,
          running,
          recorder,
        }),
      );
      console.log(
        `\n${label}, staff search: ${SEARCH_USERS} staff back to back (by name, email, domain), ${search.seconds.toFixed(0)} s measured:`,
      );
      report(search);
    }
    await stop();
  }
} finally {
  db.stop();
}

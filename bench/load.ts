// bench/load: the portal API under a customer mix on a large PostgreSQL data set, served by 1 and
// then 2 server processes. Starts and removes its own PostgreSQL. Prints figures; asserts nothing.
//   LOAD_SCALE   data size, 1 = 100,000 accounts, 1,000,000 domains, 10,000,000 aliases (default 1)
//   LOAD_USERS   concurrent virtual users (default 64)
//   LOAD_SECONDS measured seconds per configuration, after LOAD_WARMUP seconds (defaults 60, 10)
//   LOAD_PROCESSES server process counts to run, comma-separated (default 1,2)
//   LOAD_SKIP    calls left out of the mix, comma-separated (e.g. "domain list")
import { availableParallelism } from 'node:os';
import { LARGE_DATA_PG_SETTINGS, seedLargeData } from './large-data.ts';
import { portalsCpu, printCalls, Recorder, runUsers, startPortals } from './portal-mix.ts';
import { postgres, treeCpuSeconds } from './support.ts';

const SCALE = Number(process.env.LOAD_SCALE ?? 1);
const USERS = Number(process.env.LOAD_USERS ?? 64);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 10);
const PROCESSES = (process.env.LOAD_PROCESSES ?? '1,2').split(',').map(Number);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pg = await postgres({ throwaway: true, settings: LARGE_DATA_PG_SETTINGS });
try {
  console.log(`seeding (LOAD_SCALE=${SCALE}):`);
  const data = await seedLargeData(pg.url, SCALE);
  console.log(
    `seeded ${data.accounts.toLocaleString()} accounts, ${data.domains.toLocaleString()} domains, ` +
      `${data.aliases.toLocaleString()} email aliases in ${data.seconds.toFixed(0)} s`,
  );

  for (const count of PROCESSES) {
    const { portals, stop } = await startPortals(pg.url, count);
    let recorder = new Recorder();
    let running = true;
    const users = runUsers({
      ports: portals.map((p) => p.port),
      users: USERS,
      accounts: data.accounts,
      running: () => running,
      recorder: () => recorder,
    });
    await sleep(WARMUP * 1000);
    recorder = new Recorder();
    const before = { portal: portalsCpu(portals), pg: treeCpuSeconds(pg.pid!), self: process.cpuUsage() };
    await sleep(SECONDS * 1000);
    const { seconds, calls } = recorder.take();
    const used = {
      portal: portalsCpu(portals) - before.portal,
      pg: treeCpuSeconds(pg.pid!) - before.pg,
      self: process.cpuUsage(before.self),
    };
    running = false;
    await users;
    await stop();

    console.log(
      `\n${count} server process${count > 1 ? 'es' : ''}, ${USERS} virtual users, ${seconds.toFixed(0)} s measured:`,
    );
    printCalls(calls, seconds);
    if (recorder.samples.length) console.log(`  first failures:\n    ${recorder.samples.join('\n    ')}`);
    const cores = (cpu: number) => `${(cpu / seconds).toFixed(2)} cores`;
    console.log(
      `  CPU: portal ${cores(used.portal)}, PostgreSQL ${cores(used.pg)}, ` +
        `load generator ${cores((used.self.user + used.self.system) / 1e6)} (machine: ${availableParallelism()} cores, shared)`,
    );
  }
} finally {
  pg.stop();
}

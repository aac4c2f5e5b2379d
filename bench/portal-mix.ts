// The portal under load, shared by bench/load and bench/soak: spawn server processes, drive them
// with virtual users running a customer's usual session, and record latency per call.
import { must } from '@portal/contract/must';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Billing from '@portal/contract/billing/calls';
import * as Domains from '@portal/contract/domains/calls';
import * as Hosting from '@portal/contract/hosting/calls';
import { type BodyOf, type CallDef, callUrl, type ParamsOf } from '@portal/contract/http';
import * as Mail from '@portal/contract/mail/calls';
import * as Session from '@portal/contract/session/calls';
import { LOAD_PASSWORD, seeded } from './large-data.ts';
import { cpuSeconds, freePort, percentile, spawnNode, threadCpuSeconds, waitReady } from './support.ts';

// ---------------------------------------------------------------- server processes

export interface Portal {
  port: number;
  pid: number;
  child: ChildProcess;
}

/** Starts `count` server processes on one database, each on its own port (a load balancer's view). */
export async function startPortals(
  databaseUrl: string,
  count: number,
): Promise<{ portals: Portal[]; stop: () => Promise<void> }> {
  // Outbox files (payment receipts) and anything else the servers write go here.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-portal-'));
  const portals: Portal[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    // LOAD_PROFILE=<dir>: a V8 CPU profile of each process, written when it stops (bench/profile.ts).
    const profile = process.env.LOAD_PROFILE
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE}`]
      : [];
    const child = spawnNode([...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Every process must accept the tokens the others signed.
      PORTAL_JWT_SECRET: 'load-bench-secret-load-bench-secret-0000',
      PORTAL_DEMO: '0',
      PORTAL_ROLE: 'all',
      LOG_LEVEL: 'warn',
      // The staff search's staff account (bench/load.ts) has no second factor.
      PORTAL_STAFF_MFA: 'optional',
    });
    await waitReady(`http://127.0.0.1:${port}/readyz`, child);
    if (child.pid === undefined) throw new Error('a portal process did not start');
    portals.push({ port, pid: child.pid, child });
  }
  const stop = async () => {
    await Promise.all(
      portals.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { portals, stop };
}

// ---------------------------------------------------------------- figures

/** Calls that only read: their goal is p99 < 50 ms. */
export const READS = new Set(['home', 'domain list', 'alias list', 'log poll']);
export const READ_P99_GOAL_MS = 50;

export interface CallStats {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Latencies and errors per call name since the last `take`. */
export class Recorder {
  private latencies = new Map<string, number[]>();
  private errors = new Map<string, number>();
  /** The first few failures, to say what went wrong. */
  readonly samples: string[] = [];
  private since = Date.now();

  /** `also` records the same figures (a whole run's recorder beside one per minute). */
  private also?: Recorder;
  constructor(also?: Recorder) {
    this.also = also;
  }

  record(name: string, ms: number, failure?: string): void {
    this.also?.record(name, ms, failure);
    const list = this.latencies.get(name) ?? [];
    list.push(ms);
    this.latencies.set(name, list);
    if (failure === undefined) return;
    this.errors.set(name, (this.errors.get(name) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${name}: ${failure}`);
  }

  /** The figures since the last take (or creation), then starts afresh. */
  take(): { seconds: number; calls: CallStats[] } {
    const seconds = (Date.now() - this.since) / 1000;
    const calls = [...this.latencies].map(([name, list]) => {
      list.sort((a, b) => a - b);
      return {
        name,
        requests: list.length,
        errors: this.errors.get(name) ?? 0,
        p50: percentile(list, 50),
        p95: percentile(list, 95),
        p99: percentile(list, 99),
      };
    });
    this.latencies = new Map();
    this.errors = new Map();
    this.since = Date.now();
    return { seconds, calls };
  }
}

const pad = (v: string | number, n: number) => String(v).padStart(n);

/** The per-call table with the goals next to the figures. */
export function printCalls(calls: CallStats[], seconds: number, log = console.log): void {
  log(
    `  ${'call'.padEnd(12)}${pad('requests', 10)}${pad('req/s', 8)}${pad('p50 ms', 9)}${pad('p95 ms', 9)}` +
      `${pad('p99 ms', 9)}${pad('errors', 8)}  goal`,
  );
  for (const c of calls) {
    const goal =
      READS.has(c.name) || c.name.startsWith('search ')
        ? `p99 < ${READ_P99_GOAL_MS} ms ${c.p99 < READ_P99_GOAL_MS ? 'met' : 'MISSED'}`
        : '(write)';
    log(
      `  ${c.name.padEnd(12)}${pad(c.requests, 10)}${pad((c.requests / seconds).toFixed(0), 8)}` +
        `${pad(c.p50.toFixed(1), 9)}${pad(c.p95.toFixed(1), 9)}${pad(c.p99.toFixed(1), 9)}${pad(c.errors, 8)}  ${goal}`,
    );
  }
  const requests = calls.reduce((t, c) => t + c.requests, 0);
  const errors = calls.reduce((t, c) => t + c.errors, 0);
  log(
    `  all: ${requests} requests, ${(requests / seconds).toFixed(0)} req/s, ${errors} errors (goal 0: ${errors === 0 ? 'met' : 'MISSED'})`,
  );
}

/** CPU seconds of the server processes (alive or not), for usage over a window. */
export const portalsCpu = (portals: Portal[]) => portals.reduce((t, p) => t + cpuSeconds(p.pid), 0);

/** The portals' CPU seconds by thread group (support.ts, threadCpuSeconds), summed. */
export function portalsThreadCpu(portals: Portal[]): ReturnType<typeof threadCpuSeconds> {
  const sum = { main: 0, v8: 0, hashing: 0, other: 0 };
  for (const p of portals) {
    const t = threadCpuSeconds(p.pid);
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += t[k];
  }
  return sum;
}

// ---------------------------------------------------------------- virtual users

/** Calls left out of the mix (LOAD_SKIP, comma-separated names, e.g. "domain list"), to measure the rest. */
const SKIP = new Set((process.env.LOAD_SKIP ?? '').split(',').filter(Boolean));

interface Answer {
  status: number;
  /** Retry-After, in seconds, when the answer has it. */
  retryAfter?: number;
  body: { status?: unknown; message?: string; data?: unknown };
}

/**
 * One browser: its own keep-alive connection from its own loopback address, so the portal's
 * per-address sign-in limit sees many users rather than one address signing in thousands of times.
 */
class Client {
  private agent: http.Agent;
  token = '';
  /** The Retry-After of the last answer that had one (a refused sign-in), in seconds. */
  retryAfter = 0;

  private port: number;
  private recorder: () => Recorder;
  constructor(port: number, address: string, recorder: () => Recorder) {
    this.port = port;
    this.recorder = recorder;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  }

  /** Calls one contract call and records it under `name`; answers the envelope's data (undefined on failure). */
  async call<C extends CallDef>(
    name: string,
    def: C,
    input: { params?: ParamsOf<C>; body?: BodyOf<C> },
  ): Promise<unknown> {
    if (SKIP.has(name)) return undefined;
    const t0 = performance.now();
    let failure: string | undefined;
    let data: unknown;
    try {
      const answer = await this.send(def.method, callUrl(def.path, input.params ?? {}), input.body);
      this.retryAfter = answer.retryAfter ?? 0;
      if (answer.status !== 200 || answer.body.status !== 1)
        failure = `HTTP ${answer.status} ${answer.body.message ?? ''}`.trim();
      else data = answer.body.data;
    } catch (err) {
      failure = (err as Error).message;
    }
    this.recorder().record(name, performance.now() - t0, failure);
    return data;
  }

  private send(method: string, path: string, body: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (payload) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const retryAfter = res.headers['retry-after'] ? Number(res.headers['retry-after']) : undefined;
            try {
              resolve({ status, retryAfter, body: JSON.parse(Buffer.concat(chunks).toString()) });
            } catch {
              resolve({ status, retryAfter, body: {} });
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Rounds of page views per sign-in: a session reads and edits a few times before it ends. */
const ROUNDS_PER_SESSION = 3;
/** Log polls per round (the viewer polls for new lines while it is open). */
const POLLS_PER_ROUND = 3;
/** One session in this many ends with a card payment. */
const PAY_EVERY = 4;

const pick = (n: number) => Math.floor(Math.random() * n);

/**
 * A customer's session: sign in, then rounds of home page, domain list, an alias list and an alias
 * edit, and the error-log viewer polling; sometimes a payment with a new card.
 */
async function session(client: Client, accounts: number, sessionNo: number): Promise<void> {
  const n = 1 + pick(accounts);
  const logname = seeded.account(n);
  client.token = '';
  const login = (await client.call('login', Session.login, {
    body: { username: logname, password: LOAD_PASSWORD },
  })) as { id_token: string } | undefined;
  if (!login) {
    // Refused (429 when the password queue is full): a person tries again when told, or a second later.
    await new Promise((r) => setTimeout(r, (client.retryAfter || 1) * 1000));
    return;
  }
  client.token = login.id_token;
  let lastLogId = 0;
  for (let round = 0; round < ROUNDS_PER_SESSION; round++) {
    await client.call('home', Session.customer, { params: { logname } });
    await client.call('domain list', Domains.domains, { params: { account: logname } });
    const domain = seeded.domain(n, pick(10));
    await client.call('alias list', Mail.domainEmailAliases, { params: { domain } });
    await client.call('alias edit', Mail.updateDomainAlias, {
      body: {
        src_user: seeded.alias(pick(10)),
        src_domain: domain,
        targets: `${logname}@example.net\nround${round}@mail.example.org`,
      },
    });
    for (let poll = 0; poll < POLLS_PER_ROUND; poll++) {
      const logs = (await client.call('log poll', Hosting.getErrorLogs, {
        body: { logname, vid: seeded.vid(n), last_log_id: lastLogId },
      })) as { new_last_log_id: number } | undefined;
      lastLogId = logs?.new_last_log_id ?? lastLogId;
    }
  }
  if (sessionNo % PAY_EVERY === 0) {
    await client.call('payment', Billing.singlePayment, { body: cardPayment(logname, 'load benchmark') });
  }
}

/** A payment of $12.34 with a new test card, kept by no one (save_status 0), under a new idempotency key. */
export function cardPayment(account: string, comments: string): BodyOf<typeof Billing.singlePayment> {
  return {
    account,
    amount: '12.34',
    email: `${account}@example.net`,
    comments,
    save_status: 0,
    ccname: 'Load User',
    ccnumber: '4111111111111111',
    expdate: '12/30',
    cvv: '123',
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zipcode: '62701',
    country: 'US',
    cardtype: 'Visa',
    idempotency_key: randomUUID().replaceAll('-', ''),
  };
}

/** Calls one session makes on average: a sign-in, the rounds, and a payment in one session of PAY_EVERY. */
export const CALLS_PER_SESSION = 1 + ROUNDS_PER_SESSION * (4 + POLLS_PER_ROUND) + 1 / PAY_EVERY;

/** The loopback address of the i-th simulated client (127.0.x.y, 200 per x). */
const clientAddress = (i: number) => `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`;

/**
 * Runs `users` virtual users back to back (no think time) until `running()` turns false, spread
 * round-robin over the portals. Figures go to whichever recorder `recorder()` answers.
 */
export async function runUsers(opts: {
  ports: number[];
  users: number;
  accounts: number;
  running: () => boolean;
  recorder: () => Recorder;
}): Promise<void> {
  await Promise.all(
    Array.from({ length: opts.users }, async (_, i) => {
      const client = new Client(
        must(opts.ports[i % opts.ports.length], 'opts.ports[i % opts.ports.length]'),
        clientAddress(i),
        opts.recorder,
      );
      for (let s = i; opts.running(); s++) await session(client, opts.accounts, s);
      client.close();
    }),
  );
}

/**
 * Open loop: new sessions arrive at `sessionsPerSecond` on average (a Poisson process: exponential gaps),
 * whatever the portal's latency, as customers arrive independently of one another. Each session is a new
 * client (its own connection, one of `addresses` loopback addresses) running its calls back to back.
 * At most `maxInFlight` sessions run at once; arrivals beyond that are counted as `dropped` rather than
 * queued inside the generator (a sign the rate is more than the portal sustains).
 */
export async function runArrivals(opts: {
  ports: number[];
  sessionsPerSecond: number;
  accounts: number;
  running: () => boolean;
  recorder: () => Recorder;
  maxInFlight?: number;
  addresses?: number;
}): Promise<{ started: number; dropped: number }> {
  const maxInFlight = opts.maxInFlight ?? 2000;
  const addresses = opts.addresses ?? 1000;
  const inFlight = new Set<Promise<void>>();
  let started = 0;
  let dropped = 0;
  let next = performance.now();
  while (opts.running()) {
    next += (-Math.log(1 - Math.random()) / opts.sessionsPerSecond) * 1000;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight.size >= maxInFlight) {
      dropped++;
      continue;
    }
    const n = started++;
    const client = new Client(
      must(opts.ports[n % opts.ports.length], 'opts.ports[n % opts.ports.length]'),
      clientAddress(n % addresses),
      opts.recorder,
    );
    const run: Promise<void> = session(client, opts.accounts, n).finally(() => {
      client.close();
      inFlight.delete(run);
    });
    inFlight.add(run);
  }
  await Promise.all(inFlight);
  return { started, dropped };
}

// ---------------------------------------------------------------- sign-in bursts and staff search

/** The reads of a session with the sign-in out of the way: what a signed-in customer does meanwhile. */
async function signedInReads(client: Client, n: number, running: () => boolean): Promise<void> {
  const logname = seeded.account(n);
  let lastLogId = 0;
  while (running()) {
    await client.call('home', Session.customer, { params: { logname } });
    await client.call('domain list', Domains.domains, { params: { account: logname } });
    await client.call('alias list', Mail.domainEmailAliases, {
      params: { domain: seeded.domain(n, pick(10)) },
    });
    const logs = (await client.call('log poll', Hosting.getErrorLogs, {
      body: { logname, vid: seeded.vid(n), last_log_id: lastLogId },
    })) as { new_last_log_id: number } | undefined;
    lastLogId = logs?.new_last_log_id ?? lastLogId;
  }
}

/**
 * Everyone comes back after an outage: `readers` customers sign in first, one after the other; then
 * they read back to back while `burst` clients sign in back to back (a right password each time; a
 * refused client — 429 `hashing_busy` when the password queue is full — waits a second, as a person
 * would, and is counted as a failure). The readers' p99 is what a burst must not spoil.
 */
export async function runSignInBurst(opts: {
  ports: number[];
  readers: number;
  burst: number;
  accounts: number;
  running: () => boolean;
  recorder: () => Recorder;
}): Promise<void> {
  const readers: { client: Client; n: number }[] = [];
  for (let i = 0; i < opts.readers && opts.running(); i++) {
    const client = new Client(
      must(opts.ports[i % opts.ports.length], 'opts.ports[i % opts.ports.length]'),
      clientAddress(i),
      opts.recorder,
    );
    const n = 1 + pick(opts.accounts);
    const login = (await client.call('reader login', Session.login, {
      body: { username: seeded.account(n), password: LOAD_PASSWORD },
    })) as { id_token: string } | undefined;
    if (!login) throw new Error(`reader ${i} could not sign in`);
    client.token = login.id_token;
    readers.push({ client, n });
  }
  const reading = readers.map(async ({ client, n }) => {
    await signedInReads(client, n, opts.running);
    client.close();
  });
  const burst = Array.from({ length: opts.burst }, async (_, i) => {
    const client = new Client(
      must(opts.ports[i % opts.ports.length], 'opts.ports[i % opts.ports.length]'),
      clientAddress(opts.readers + i),
      opts.recorder,
    );
    while (opts.running()) {
      const ok = await client.call('login', Session.login, {
        body: { username: seeded.account(1 + pick(opts.accounts)), password: LOAD_PASSWORD },
      });
      if (!ok) await new Promise((r) => setTimeout(r, 1000));
    }
    client.close();
  });
  await Promise.all([...reading, ...burst]);
}

/**
 * Staff search back to back by `users` staff clients signed in as `staff`: by a name, an email, or a
 * domain's beginning, of a random seeded account (each finds it).
 */
export async function runStaffSearch(opts: {
  ports: number[];
  users: number;
  accounts: number;
  staff: { logname: string; password: string };
  running: () => boolean;
  recorder: () => Recorder;
}): Promise<void> {
  await Promise.all(
    Array.from({ length: opts.users }, async (_, i) => {
      const client = new Client(
        must(opts.ports[i % opts.ports.length], 'opts.ports[i % opts.ports.length]'),
        clientAddress(5000 + i),
        opts.recorder,
      );
      const login = (await client.call('staff login', Session.login, {
        body: { username: opts.staff.logname, password: opts.staff.password },
      })) as { id_token: string } | undefined;
      if (!login) return;
      client.token = login.id_token;
      for (let k = 0; opts.running(); k++) {
        const n = 1 + pick(opts.accounts);
        const by = (['name', 'email', 'domain'] as const)[k % 3];
        const text =
          by === 'name'
            ? `User ${n}`
            : by === 'email'
              ? `${seeded.account(n)}@example`
              : seeded.domain(n, pick(10));
        await client.call(`search ${by}`, Session.searchAccounts, { params: { text } });
      }
      client.close();
    }),
  );
}

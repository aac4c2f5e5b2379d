import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commonText } from '@portal/contract/messages';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/index.ts';
import { accounts, addresses, jobs, outbox } from '../../src/db/schema.ts';
import { deliverJob, type Transport } from '../../src/integrations/mailer.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { importDocument } from '../../src/lib/import.ts';
import { STALE_MS } from '../../src/lib/jobs.ts';
import { registerWorkers } from '../../src/workers.ts';
import { makeClock, type Sent } from '../support/helper.ts';
import { mailsTo } from '../support/mail.ts';
import { type PrivatePostgres, pgBin, startPrivatePostgres } from './postgres.ts';
import { sleep, waitUntil } from './wait.ts';
import { must } from '../support/must.ts';

/**
 * PostgreSQL restarted under load. The test runs its own PostgreSQL server, builds the portal on
 * it, keeps sign-ins and address changes coming, stops the server (`pg_ctl stop -m fast`) and starts
 * it again — without restarting the portal. Every request must answer 200 or 503 with the
 * envelope (never 500, never hang), the portal must serve again once the server is back, and every
 * address change must be all there with its accounting mail and delivery job, or not at all.
 * The background job loop runs throughout, started as server.ts starts it: it delivers the mail
 * queued before the outage and goes on by itself afterwards, each message once.
 */

/** The accounts this test makes (alice, bob, carol) share one password. */
const PASSWORD = 'restart-test-pass';
// A limit only: nothing below asserts how long anything took.
const REQUEST_LIMIT_MS = 60_000;

interface Outcome {
  stream: string;
  n: number;
  phase: 'before' | 'outage' | 'after';
  status: number | 'hang';
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  body: any;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !pgBin())('PostgreSQL restarted under load', () => {
  let pg: PrivatePostgres;
  let database: Database;
  let app: FastifyInstance;
  let dataDir: string;
  /** Outbox ids in delivery order, as the SMTP server saw them (one entry per delivery). */
  const delivered: number[] = [];
  /** What the test transport delivered, for the mail reader (the outbox keeps no body once sent). */
  const sent: Sent[] = [];
  const clock = makeClock();

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-fault-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'silent',
      PORTAL_AGENT_DELAY_MS: '0',
    });
    database = await openDatabase({ url: pg.url });
    const passwordHash = await hashPassword(PASSWORD);
    await importDocument(database.db, {
      accounts: ['alice', 'bob', 'carol'].map((logname, i) => ({
        logname,
        uid: 9601 + i,
        bill_email: `${logname}@example.test`,
        password_hash: passwordHash,
      })),
    });
    const transport: Transport = {
      name: 'smtp',
      async deliver(id, msg) {
        delivered.push(id);
        sent.push({ ...msg, id });
        return `<fault-${id}@portal>`;
      },
    };
    app = await buildApp(config, {
      database,
      now: clock.now,
      transport,
      checkResponses: true,
      logger: false,
    });
    registerWorkers(app);
    await app.ready();
    // The real loop, as server.ts starts it for the 'all' and 'worker' roles (default poll).
    app.deps.jobs.start();
  }, 180_000);

  afterAll(async () => {
    await app?.deps.jobs.stop();
    await app?.close();
    await database?.close().catch(() => {});
    await pg?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  async function call(
    url: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number | 'hang'; body: unknown }> {
    let timer: NodeJS.Timeout | undefined;
    const res = await Promise.race([
      app.inject({
        method: 'POST',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as object,
      }),
      new Promise<'hang'>((resolve) => {
        timer = setTimeout(() => resolve('hang'), REQUEST_LIMIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (res === 'hang') return { status: 'hang', body: null };
    let parsed: unknown = res.body;
    try {
      parsed = res.json();
    } catch {}
    return { status: res.statusCode, body: parsed };
  }

  const login = async (logname: string) => {
    const r = await call('/api/miglogin', { username: logname, password: PASSWORD });
    if (r.status !== 200) throw new Error(`login ${logname}: ${JSON.stringify(r.body)}`);
    return (r.body as { data: { id_token: string } }).data.id_token;
  };

  const street = (logname: string, n: number) => `${n} Fault Lane ${logname}`;
  const addressBody = (logname: string, n: number) => ({
    account: logname,
    address: street(logname, n),
    city: 'Faultville',
    state: 'VT',
    zipcode: String(10000 + n),
  });

  it('answers 503 with the envelope while it is down, recovers by itself, and leaves no half-written change', async () => {
    const changers = ['alice', 'bob'] as const;
    const tokens = Object.fromEntries(await Promise.all(changers.map(async (l) => [l, await login(l)])));
    // A known starting point for every changer, so the chain of accounting mails starts at 0.
    for (const l of changers) {
      const r = await call('/api/update-account-address', addressBody(l, 0), tokens[l]);
      expect(r.status).toBe(200);
    }

    let phase: Outcome['phase'] = 'before';
    let stopStreams = false;
    const outcomes: Outcome[] = [];

    const stream = async (
      name: string,
      request: (n: number) => Promise<{ status: number | 'hang'; body: unknown }>,
    ) => {
      for (let n = 1; !stopStreams; n++) {
        const at = phase;
        const r = await request(n);
        outcomes.push({ stream: name, n, phase: at, status: r.status, body: r.body });
        if (r.status === 'hang') return;
        // A short pause keeps a refused connection from spinning a core.
        await sleep(10);
      }
    };
    const changeStream = (l: string) =>
      stream(`change:${l}`, (n) => call('/api/update-account-address', addressBody(l, n), tokens[l]));
    const loginStream = (l: string) =>
      stream(`login:${l}`, () => call('/api/miglogin', { username: l, password: PASSWORD }));
    const streams = Promise.all([...changers.map(changeStream), loginStream('carol')]);

    const recent = () =>
      outcomes
        .slice(-12)
        .map((o) => `${o.stream}#${o.n}/${o.phase}: ${o.status} ${JSON.stringify(o.body).slice(0, 160)}`);
    const count = (pred: (o: Outcome) => boolean) => outcomes.filter(pred).length;
    const everyStream = (pred: (o: Outcome) => boolean, min: number) =>
      ['change:alice', 'change:bob', 'login:carol'].every(
        (s) => count((o) => o.stream === s && pred(o)) >= min,
      );

    let readyDown: Awaited<ReturnType<typeof app.inject>>;
    let lastBefore = 0;
    let deliveredBefore = 0;
    try {
      await waitUntil(
        'requests succeed before the outage',
        () => everyStream((o) => o.status === 200, 3),
        recent,
      );
      // The loop is at work: mail queued before the outage is going out.
      await waitUntil('the job loop delivers mail before the outage', () => delivered.length > 0);
      phase = 'outage';
      ({ id: lastBefore } = must(
        (await database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0],
        'the newest outbox row',
      ));
      deliveredBefore = delivered.length;
      await pg.stop();
      await waitUntil(
        'every stream sees the outage',
        () => everyStream((o) => o.phase === 'outage' && o.status === 503, 3),
        recent,
      );
      readyDown = await app.inject({ method: 'GET', url: '/readyz' });
      await pg.start();
      phase = 'after';
      await waitUntil(
        'every stream succeeds again after the restart',
        () => everyStream((o) => o.phase === 'after' && o.status === 200, 5),
        recent,
      );
    } finally {
      stopStreams = true;
      await streams;
    }
    const readyUp = await app.inject({ method: 'GET', url: '/readyz' });

    const byStatus = (ph: Outcome['phase']) => {
      const m: Record<string, number> = {};
      for (const o of outcomes.filter((x) => x.phase === ph)) m[o.status] = (m[o.status] ?? 0) + 1;
      return m;
    };
    console.log(
      `[faults] PostgreSQL restart: ${outcomes.length} requests; before ${JSON.stringify(byStatus('before'))}, ` +
        `during outage ${JSON.stringify(byStatus('outage'))}, after restart ${JSON.stringify(byStatus('after'))}`,
    );

    // Only 200 and 503 — no 500, no hang — and every 503 is the envelope with a clear message.
    const odd = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(odd.map((o) => ({ ...o, body: JSON.stringify(o.body).slice(0, 300) }))).toEqual([]);
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.body).toMatchObject({ status: 0, message: commonText.unavailable, code: 'unavailable' });
      expect(typeof o.body.request_id).toBe('string');
    }
    expect(readyDown.statusCode).toBe(503);
    expect(readyUp.statusCode).toBe(200);

    // No half-written change: per account, the accounting mails form an unbroken chain (each old
    // address is the previous new one), the last new address is the stored one (in both tables),
    // every answered change has its mail, and every mail has exactly one delivery job.
    const db = database.db;
    for (const l of changers) {
      const mails = (await mailsTo({ db, app, sent }, { account: l })).reverse();
      const chain = mails
        .filter((m) => m.kind === 'address.account')
        .map((m) => {
          const [, oldPart, newPart] = m.body.split(/Old address:|New address:/);
          const num = (part: string) => Number(part.match(/(\d+) Fault Lane/)?.[1] ?? -1);
          return { id: m.id, old: num(must(oldPart, 'oldPart')), next: num(must(newPart, 'newPart')) };
        });
      expect(must(chain[0], 'chain[0]').next).toBe(0);
      for (let i = 1; i < chain.length; i++)
        expect(must(chain[i], 'chain[i]').old).toBe(must(chain[i - 1], 'chain[i - 1]').next);
      const answered = outcomes.filter((o) => o.stream === `change:${l}` && o.status === 200).map((o) => o.n);
      const mailed = new Set(chain.map((c) => c.next));
      for (const n of answered) expect(mailed.has(n)).toBe(true);
      const last = must(chain.at(-1), 'a change').next;
      const addr = must((await db.select().from(addresses).where(eq(addresses.owner, l)))[0], 'addr');
      const acct = must((await db.select().from(accounts).where(eq(accounts.logname, l)))[0], 'acct');
      expect(addr.address).toBe(street(l, last));
      expect(acct.addr1).toBe(street(l, last));
      const refused = outcomes.filter((o) => o.stream === `change:${l}` && o.status === 503);
      const lost = refused.length;
      // A 503 can only hide a committed change if the connection died between COMMIT and its answer.
      const committedAnyway = refused.filter((o) => mailed.has(o.n)).length;
      console.log(
        `[faults] ${l}: ${answered.length} changes answered 200, ${lost} answered 503, ` +
          `${chain.length - 1} accounting mails after the baseline (${committedAnyway} of them for a change answered 503); ` +
          `chain unbroken, last = ${last}`,
      );
    }
    const allMail = await db.select().from(outbox);
    const deliverJobs = (await db.select().from(jobs).where(eq(jobs.kind, deliverJob.kind))).map((j) =>
      Number(j.payload.id),
    );
    for (const m of allMail) expect(deliverJobs.filter((id) => id === m.id)).toHaveLength(1);
    expect(deliverJobs).toHaveLength(allMail.length);

    // And the loop, never restarted nor drained by hand, sends every message: those queued before
    // the outage and those queued after it. A job the outage cut off could not record its
    // failure and is still 'running' under its worker's lock; the loop takes it over once the lock
    // is stale, so the test's clock moves on as time would (back-offs and the stale limit expire).
    const unsent = () => db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'queued'));
    let moved = 0;
    await waitUntil(
      'the job loop sends every queued message by itself',
      async () => {
        if ((await unsent()).length === 0) return true;
        if (moved < STALE_MS + 60_000) {
          clock.advance(30_000);
          moved += 30_000;
        }
        return false;
      },
      () => ({ delivered: delivered.length, moved }),
    );
    // Read again: the loop's own jobs (auto-billing) may have queued more since.
    const finalMail = await db.select().from(outbox);
    const sentRows = await db.select().from(outbox).where(eq(outbox.status, 'sent'));
    expect(sentRows).toHaveLength(finalMail.length);
    expect(allMail.some((m) => m.id <= lastBefore)).toBe(true);
    expect(allMail.some((m) => m.id > lastBefore)).toBe(true);
    // Once each by Message-ID (the receiver's view): every message arrived, none under two ids.
    // The only repeat allowed is the one message whose delivery the outage may have cut off
    // between the SMTP answer and its 'sent' record: it goes out again under the same Message-ID
    // (mailer.ts), which the receiver drops.
    const times = new Map<number, number>();
    for (const id of delivered) times.set(id, (times.get(id) ?? 0) + 1);
    expect([...times.keys()].sort((a, b) => a - b)).toEqual(finalMail.map((m) => m.id).sort((a, b) => a - b));
    const repeated = [...times].filter(([, n]) => n > 1);
    expect(repeated.length).toBeLessThanOrEqual(1);
    expect(repeated.every(([, n]) => n === 2)).toBe(true);
    // No delivery job left behind: every one done, none failed, running or waiting.
    const left = await db
      .select({ id: jobs.id, status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, deliverJob.kind), inArray(jobs.status, ['queued', 'running', 'failed'])));
    expect(left).toEqual([]);
    console.log(
      `[faults] job loop through the restart: ${deliveredBefore} messages delivered before the outage, ` +
        `${finalMail.length} in all (${finalMail.filter((m) => m.id > lastBefore).length} queued after it), ` +
        `${repeated.length} repeated under its Message-ID; test clock moved ${moved / 1000} s for back-offs and stale locks`,
    );
  }, 300_000);
});

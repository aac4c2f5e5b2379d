import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, outbox } from '../../src/db/schema.ts';
import { deliverJob, messageIdDomain, smtpTransport } from '../../src/integrations/mailer.ts';
import { makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { freePort } from '../support/free-port.ts';
import { SmtpSink } from './smtp-sink.ts';
import { must } from '../support/must.ts';

/**
 * SMTP down for a while, then back. The portal's real outbox path (changes through the API, the
 * outbox table, the outbox.deliver job, nodemailer over SMTP) against a real SMTP receiver on
 * loopback that is first absent (connection refused), then refuses (421 at the greeting, 451 after
 * the message), then is back on the same port. Every message arrives exactly once, counted by
 * Message-ID. Time is the test's clock, so back-off is stepped through, not waited for.
 */

const PASSWORD = 'smtp-outage-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
let sink: SmtpSink;
let restore: TestApp['app']['deps']['outbox']['transport']['deliver'];

beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
  restore = t.app.deps.outbox.transport.deliver;
}, 120_000);
afterAll(() => t.close());

beforeEach(async () => {
  sink = new SmtpSink(await freePort());
  // The real SMTP transport (nodemailer) in place of the harness's recorder.
  t.app.deps.outbox.transport.deliver = smtpTransport(
    `smtp://127.0.0.1:${sink.port}`,
    messageIdDomain(t.app.deps.config.MAIL_FROM),
  ).deliver;
});
afterEach(async () => {
  t.app.deps.outbox.transport.deliver = restore;
  await sink.close();
});

const addr = (account: string, n: number) => ({
  account,
  first_name: 'Fault',
  last_name: 'Tester',
  address: `${n} Outage Road`,
  city: 'Burlington',
  state: 'VT',
  zipcode: '05401',
});

/** Runs due jobs, then moves the clock past the longest back-off (30 min), `rounds` times. */
async function rounds(n: number): Promise<number> {
  let ran = 0;
  for (let i = 0; i < n; i++) {
    ran += await t.drainJobs();
    t.clock.advance(31 * 60_000);
  }
  return ran;
}

async function rowsFor(ids: number[]) {
  return t.db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(asc(outbox.id));
}

async function newMailIds(sinceId: number): Promise<number[]> {
  const rows = await t.db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.id));
  return rows.filter((r) => r.id > sinceId).map((r) => r.id);
}

async function maxMailId(): Promise<number> {
  const rows = await t.db.select({ id: outbox.id }).from(outbox);
  return Math.max(0, ...rows.map((r) => r.id));
}

describe('SMTP down for a while, then back', () => {
  it('delivers every queued message exactly once when the server returns on the same port', async () => {
    const since = await maxMailId();

    // Messages queued through the portal's own paths while SMTP is down.
    const changes = [
      ['alice', '/api/update-account-address'],
      ['bob', '/api/update-account-address'],
      ['alice', '/api/update-bill-address'],
      ['bob', '/api/update-bill-address'],
    ] as const;
    for (const [i, [who, url]] of changes.entries()) {
      const r = await as(who).post(url, addr(who, i + 1));
      expect(r.status).toBe(200);
    }
    await t.app.deps.outbox.send(t.db, {
      kind: 'fault.test',
      to: 'member@example.com',
      subject: 'Fault test: direct send',
      body: 'A message queued while SMTP is down.',
    });
    const ids = await newMailIds(since);
    expect(ids).toHaveLength(5);

    // 1. Nothing listens: connection refused, every attempt fails and is kept.
    await rounds(3);
    let rows = await rowsFor(ids);
    expect(rows.every((r) => r.status === 'queued' && r.attempts === 3)).toBe(true);
    expect(rows.every((r) => /ECONNREFUSED/.test(r.lastError ?? ''))).toBe(true);
    const refusedErrors = new Set(rows.map((r) => r.lastError));

    // 2. Up but refusing at the greeting (421), then taking the message and answering 451.
    await sink.open();
    sink.mode = 'greet-421';
    await rounds(2);
    sink.mode = 'data-451';
    await rounds(2);
    rows = await rowsFor(ids);
    expect(rows.every((r) => r.status === 'queued' && r.attempts === 7)).toBe(true);
    expect(sink.accepted).toHaveLength(0);
    const rejectedByData = sink.received.filter((r) => r.outcome === 'rejected').length;
    expect(rejectedByData).toBe(ids.length * 2);

    // 3. Closed again, then back on the same port and accepting.
    await sink.close();
    await rounds(1);
    sink.mode = 'accept';
    await sink.open();
    await rounds(2);

    rows = await rowsFor(ids);
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'sent'));
    const byId = new Map<string, number>();
    for (const r of sink.accepted) byId.set(r.messageId, (byId.get(r.messageId) ?? 0) + 1);
    for (const row of rows) {
      // In the portal's own domain (MAIL_FROM's), not the SMTP relay's.
      expect(row.messageId).toBe(`<outbox-${row.id}@example.net>`);
      expect(byId.get(must(row.messageId, 'the message id'))).toBe(1);
      expect(sink.accepted.find((r) => r.messageId === row.messageId)?.subject).toBe(row.subject);
    }
    expect(sink.accepted).toHaveLength(ids.length);

    // Nothing more goes out later, and no delivery job is left behind.
    await rounds(2);
    expect(sink.accepted).toHaveLength(ids.length);
    const deliverJobs = (await t.db.select().from(jobs).where(eq(jobs.kind, deliverJob.kind))).filter((j) =>
      ids.includes(Number(j.payload.id)),
    );
    expect(deliverJobs.map((j) => j.status)).toEqual(ids.map(() => 'done'));

    console.log(
      `[faults] SMTP outage: ${ids.length} messages; ${must(rows[0], 'rows[0]').attempts} attempts each ` +
        `(3 refused, 2 × 421, 2 × 451, 1 refused, 1 accepted); receiver saw ${sink.connections} connections, ` +
        `${sink.received.length} full messages, accepted ${sink.accepted.length} — ` +
        `${byId.size} distinct Message-IDs, each once. Refused error: ${[...refusedErrors][0]}`,
    );
  }, 120_000);

  it('a connection lost after the message was sent is retried with the same Message-ID', async () => {
    const since = await maxMailId();
    await t.app.deps.outbox.send(t.db, {
      kind: 'fault.test',
      to: 'member@example.com',
      subject: 'Fault test: lost answer',
      body: 'Body',
    });
    const [id] = await newMailIds(since);
    await sink.open();
    sink.mode = 'data-drop';
    await rounds(1);
    let row = must((await rowsFor([must(id, 'id')]))[0], 'row');
    expect(row.status).toBe('queued');
    sink.mode = 'accept';
    await rounds(2);
    row = must((await rowsFor([must(id, 'id')]))[0], 'row');
    expect(row.status).toBe('sent');
    // The receiver got the message twice (it cannot be known whether the first arrived), with one
    // Message-ID, so it keeps one; the portal recorded it as sent once.
    const copies = sink.received.filter((r) => r.messageId === `<outbox-${id}@example.net>`);
    expect(copies.map((c) => c.outcome)).toEqual(['dropped', 'accepted']);
    expect(new Set(copies.map((c) => c.messageId)).size).toBe(1);
    console.log(
      `[faults] SMTP answer lost: outbox #${id} transmitted ${copies.length} times under one Message-ID ` +
        `(${copies.map((c) => c.outcome).join(', ')}); recorded sent after ${row.attempts} attempts`,
    );
  }, 60_000);
});

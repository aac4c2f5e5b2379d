import { must } from '../support/must.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { billingText } from '@portal/contract/billing/messages';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, outbox, payments } from '../../src/db/schema.ts';
import { RECONCILE_DELAY_MS } from '../../src/features/billing/payments.ts';
import { FakeAuthorizeNet } from '../fakes/authorize-net.ts';
import { AuthorizeNetGateway, shortKey } from '../../src/integrations/gateway/index.ts';
import { payment } from '../support/card-bodies.ts';
import { factories } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { waitUntil } from './wait.ts';

/**
 * A slow card gateway, through the API. authorize-net.test.ts covers the client on its own (time-
 * outs, dropped answers, HTTP 500, unreachable: reconciled, never charged twice) and
 * gateway-flows.test.ts a lost answer end to end; missing was the customer who submits again while
 * the first charge is still at the gateway, and the time-out through the API. A proxy in front of
 * the local Authorize.Net holds the charge's answer (the gateway has charged) until the test lets
 * it go — no timing involved: the time-out case holds it past the client's time-out.
 */

class HoldingProxy {
  hold = false;
  held = 0;
  url = '';
  private waiting: (() => void)[] = [];
  private server: Server | undefined;

  private readonly target: string;
  constructor(target: string) {
    this.target = target;
  }

  async start(): Promise<void> {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const answer = await fetch(this.target, {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
        body,
      });
      const text = Buffer.from(await answer.arrayBuffer());
      if (this.hold && body.toString('utf8').includes('createTransactionRequest')) {
        this.held++;
        await new Promise<void>((resolve) => this.waiting.push(resolve));
      }
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(text);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/xml/v1/request.api`;
  }

  release(): void {
    this.hold = false;
    for (const w of this.waiting.splice(0)) w();
  }

  async close(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let fake: FakeAuthorizeNet;
let proxy: HoldingProxy;
let t: TestApp;

beforeAll(async () => {
  fake = await FakeAuthorizeNet.start();
  proxy = new HoldingProxy(fake.url);
  await proxy.start();
  t = await build({
    demo: false,
    env: {
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_ENDPOINT: proxy.url,
      AUTHNET_LOGIN_ID: fake.loginId,
      AUTHNET_TRANSACTION_KEY: fake.transactionKey,
      // The spec's literal card (019-card-tokens.md: refused by default with authorize-net).
      PORTAL_CARD_NUMBERS: 'accept',
    },
  });
  await makeBob(t);
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await t?.close();
  await fake?.close();
});

const PASSWORD = 'gateway-slow-pass';
/** The paying customer of each portal, bob, with the address his receipts go to. */
const makeBob = (app: TestApp) =>
  factories(app).makeAccount({
    logname: 'bob',
    password: PASSWORD,
    fields: { bill_email: 'bob.baker@example.org' },
  });

/** bob's payment of `amount` with a new card, under the idempotency key `key`. */
const bobPays = (amount: string, key: string) =>
  payment({ account: 'bob', email: 'bob.baker@example.org', amount, idempotency_key: key });

describe('a slow card gateway', () => {
  it('a second submit while the charge is at the gateway is told so, and the card is charged once', async () => {
    const body = bobPays('12.00', 'fault-slow-1');
    const bob = t.as('bob');
    await t.token('bob', PASSWORD);
    proxy.hold = true;
    const first = bob.post('/api/single-payment', body);
    await waitUntil('the charge to reach the gateway', () => proxy.held === 1);
    expect(fake.charges(shortKey('bob:fault-slow-1'))).toHaveLength(1); // the gateway has charged

    // The customer, seeing nothing yet, submits again.
    const second = await bob.post('/api/single-payment', body);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({
      status: 0,
      message: 'This payment is already being processed',
      code: 'payment_in_progress', // The client tells it by its code
    });
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(1);

    proxy.release();
    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('approved');
    const transId = done.body.data.trans_id;
    expect(transId).toBe(
      must(fake.charges(shortKey('bob:fault-slow-1'))[0], "fake.charges(shortKey('bob:fault-slow-1'))[0]")
        .transId,
    );

    // And a third submit after the answer came back: the first answer again, no new charge.
    const third = await bob.post('/api/single-payment', body);
    expect(third.status).toBe(200);
    expect(third.body.data.trans_id).toBe(transId);
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(1);
    expect(fake.charges(shortKey('bob:fault-slow-1'))).toHaveLength(1);

    const recent = await bob.get('/api/recent-payments/bob');
    const mine = (recent.body.data.payments as { amount: number; status: string; trans_id: string }[]).filter(
      (p) => p.trans_id === transId,
    );
    expect(mine).toHaveLength(1);
    expect(must(mine[0], 'mine[0]').status).toBe('approved');
    console.log(
      `[faults] slow gateway: submits answered ${[second.status, done.status, third.status].join(', ')} ` +
        `(second while held: "${second.body.message}"); gateway charge requests 1, charges 1, trans ${transId}`,
    );
  }, 90_000);
});

describe('a card gateway that answers after the time-out', () => {
  /** The portal of this case: its gateway client gives up on an answer after TIMEOUT_MS. */
  let late: TestApp;
  const TIMEOUT_MS = 400;

  beforeAll(async () => {
    // The one client its routes and workers share.
    late = await build({
      demo: false,
      gateway: new AuthorizeNetGateway({
        endpoint: proxy.url,
        loginId: fake.loginId,
        transactionKey: fake.transactionKey,
        timeoutMs: TIMEOUT_MS,
      }),
    });
    await makeBob(late);
  }, 120_000);
  afterAll(async () => {
    proxy.release();
    await late?.close();
  });

  it('tells the customer the payment is being confirmed, never charges twice, and reconciles it once', async () => {
    const key = 'fault-timeout-1';
    const body = bobPays('13.00', key);
    const invoiceNo = shortKey(`bob:${key}`);
    const balance = async () =>
      must((await late.db.select().from(accounts).where(eq(accounts.logname, 'bob')))[0], 'the first row')
        .balanceCents;
    const receipts = () =>
      late.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.account, 'bob'), like(outbox.kind, 'billing.receipt%')));
    const bob = late.as('bob');
    await late.token('bob', PASSWORD);
    const before = await balance();
    const chargesBefore = fake.requestsOf('createTransactionRequest').length;
    const heldBefore = proxy.held;

    // The gateway takes the charge; its answer is held until long after the client gave up.
    proxy.hold = true;
    const first = await bob.post('/api/single-payment', body);
    expect(proxy.held).toBe(heldBefore + 1); // answered while the gateway's answer was still held
    expect(fake.charges(invoiceNo)).toHaveLength(1); // the card was charged
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(billingText.paymentPending);
    expect(first.body.data).toMatchObject({ status: 'unknown', trans_id: '', amount: 13 });
    expect(await balance()).toBe(before); // nothing applied while the outcome is unknown
    expect(await receipts()).toHaveLength(0);

    // The customer submits again, while the answer is still held and after it came back: the
    // same message, and the gateway is not asked to charge again.
    const again = await bob.post('/api/single-payment', body);
    proxy.release();
    const afterRelease = await bob.post('/api/single-payment', body);
    for (const r of [again, afterRelease]) {
      expect(r.status).toBe(200);
      expect(r.body.message).toBe(billingText.paymentPending);
      expect(r.body.data.status).toBe('unknown');
    }
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(chargesBefore + 1);

    // The reconcile job asks the gateway a minute later and records the charge it finds.
    late.clock.advance(RECONCILE_DELAY_MS + 1000);
    await late.drainJobs();
    const row = must(
      (
        await late.db
          .select()
          .from(payments)
          .where(eq(payments.idempotencyKey, `bob:${key}`))
      )[0],
      'row',
    );
    const charge = must(fake.charges(invoiceNo)[0], 'charge');
    expect(row).toMatchObject({ status: 'approved', transId: charge.transId, amountCents: 1300 });
    expect(await balance()).toBe(before - 1300);
    expect((await receipts()).map((m) => m.toAddr).sort()).toEqual(
      [late.app.deps.config.ACCOUNTING_EMAIL, late.app.deps.config.NOC_EMAIL, 'bob.baker@example.org'].sort(),
    );

    // Later runs and submits change nothing: applied once, receipts once, charged once.
    late.clock.advance(60 * 60_000);
    await late.drainJobs();
    const last = await bob.post('/api/single-payment', body);
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ status: 'approved', trans_id: charge.transId });
    expect(await balance()).toBe(before - 1300);
    expect(await receipts()).toHaveLength(3);
    expect(fake.charges(invoiceNo)).toHaveLength(1);
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(chargesBefore + 1);
    console.log(
      `[faults] gateway answer after the time-out: submits answered ${[first, again, afterRelease, last]
        .map((r) => `${r.status} ${r.body.data.status}`)
        .join(', ')}; gateway charge requests 1, reconciled ${row.status} ${row.transId}, receipts 3`,
    );
  }, 90_000);
});

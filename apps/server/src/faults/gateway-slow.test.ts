import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAuthorizeNet } from '../integrations/gateway/fake-authorize-net.ts';
import { shortKey } from '../integrations/gateway/index.ts';
import { build, type TestApp } from '../test/helper.ts';

/**
 * A slow card gateway, through the API. authorize-net.test.ts covers the client on its own (time-
 * outs, dropped answers, HTTP 500, unreachable: reconciled, never charged twice) and
 * gateway-flows.test.ts a lost answer end to end; missing was the customer who submits again while
 * the first charge is still at the gateway. A proxy in front of the local Authorize.Net holds the
 * charge's answer (the gateway has charged) until the test lets it go — no timing involved.
 */

class HoldingProxy {
  hold = false;
  held = 0;
  url = '';
  private waiting: (() => void)[] = [];
  private server: Server | undefined;

  constructor(private readonly target: string) {}

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
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
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/xml/v1/request.api`;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function eventually(what: string, cond: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(20);
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
    env: {
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_ENDPOINT: proxy.url,
      AUTHNET_LOGIN_ID: fake.loginId,
      AUTHNET_TRANSACTION_KEY: fake.transactionKey,
    },
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await t?.close();
  await fake?.close();
});

describe('a slow card gateway', () => {
  it('a second submit while the charge is at the gateway is told so, and the card is charged once', async () => {
    const body = {
      account: 'bob',
      ccname: 'Bob Baker',
      ccnumber: '4111111111111111',
      expdate: '11/30',
      cvv: '864',
      address: '48 Elm Avenue',
      city: 'Burlington',
      state: 'VT',
      zipcode: '05401',
      country: 'US',
      email: 'bob.baker@example.org',
      amount: '12.00',
      save_status: 0,
      idempotency_key: 'fault-slow-1',
    };
    const bob = t.as('bob');
    await t.token('bob');
    proxy.hold = true;
    const first = bob.post('/api/single-payment', body);
    await eventually('the charge to reach the gateway', () => proxy.held === 1);
    expect(fake.charges(shortKey('bob:fault-slow-1'))).toHaveLength(1); // the gateway has charged

    // The customer, seeing nothing yet, submits again.
    const second = await bob.post('/api/single-payment', body);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 0, message: 'This payment is already being processed' });
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(1);

    proxy.release();
    const done = await first;
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('approved');
    const transId = done.body.data.trans_id;
    expect(transId).toBe(fake.charges(shortKey('bob:fault-slow-1'))[0].transId);

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
    expect(mine[0].status).toBe('approved');
    console.log(
      `[faults] slow gateway: submits answered ${[second.status, done.status, third.status].join(', ')} ` +
        `(second while held: "${second.body.message}"); gateway charge requests 1, charges 1, trans ${transId}`,
    );
  }, 90_000);
});

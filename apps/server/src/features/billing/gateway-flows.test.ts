import { must } from '../../../test/support/must.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, REDACT } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { FakeAuthorizeNet } from '../../../test/fakes/authorize-net.ts';
import { shortKey } from '../../integrations/gateway/index.ts';
import type { Transport } from '../../integrations/mailer.ts';
import { factories } from '../../../test/support/factories.ts';
import { createTestDatabase, makeClock, type Res, type Sent } from '../../../test/support/helper.ts';
import { dumpDatabase } from '../../../test/support/at-rest.ts';
import { registerWorkers } from '../../workers.ts';

/**
 * Billing on both gateways, end to end, with the real request logger on (level trace, the
 * production redaction paths): every card and payment flow runs, then the database (every
 * column of every table, test/support/at-rest.ts), the captured logs and the outbox are searched for the card numbers
 * and CVVs typed in.
 */

const NUMBERS = ['4111111111111111', '5424000000000015', '6011000000000012', '370000000000002'] as const;
const DASHED = '4111-1111-1111-1111';
const CVVS = ['8642', '9753'] as const;

interface Harness {
  inject(
    method: 'GET' | 'POST',
    url: string,
    as: string | null,
    body?: unknown,
  ): Promise<Pick<Res, 'status' | 'body'>>;
  logs: string[];
  sent: Sent[];
  clock: ReturnType<typeof makeClock>;
  drain(): Promise<number>;
  dump(): Promise<string>;
  close(): Promise<void>;
}

async function harness(env: Record<string, string>): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-billing-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORTAL_JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'trace',
    // The made staff member has no second factor (the policy `required` has its own tests).
    PORTAL_STAFF_MFA: 'optional',
    ...env,
  });
  const { database, drop } = await createTestDatabase();
  const logs: string[] = [];
  const sent: Sent[] = [];
  const transport: Transport = {
    name: 'smtp',
    async deliver(id, msg) {
      sent.push({ ...msg, id });
      return `<t-${id}@portal>`;
    },
  };
  const clock = makeClock();
  const app = await buildApp(config, {
    database,
    now: clock.now,
    transport,
    checkResponses: true,
    logger: {
      level: 'trace',
      redact: { paths: REDACT, censor: '[redacted]' },
      stream: { write: (line: string) => void logs.push(line) },
    },
  });
  registerWorkers(app);
  await app.ready();
  // Requests as an account signed in once (`token`), or as nobody (null).
  const tokens = new Map<string, string>();
  const send = async (method: 'GET' | 'POST', url: string, token: string | undefined, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(method === 'POST' ? { payload: (body ?? {}) as object } : {}),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
  const token = async (logname: string, password = '') => {
    const signedIn = tokens.get(logname);
    if (signedIn) return signedIn;
    const res = await send('POST', '/api/miglogin', undefined, { username: logname, password });
    if (res.status !== 200) throw new Error(`login ${logname} failed: ${JSON.stringify(res.body)}`);
    tokens.set(logname, res.body.data.id_token);
    return res.body.data.id_token as string;
  };
  const inject: Harness['inject'] = async (method, url, as, body) =>
    send(method, url, as ? await token(as) : undefined, body);
  // This file's customer bob (receipts to his own billing address) and a staff member, signed in.
  await factories({
    db: database.db,
    clock,
    token,
    as: (logname) => ({
      get: async (url) => send('GET', url, logname ? await token(logname) : undefined),
      post: async (url, body) => send('POST', url, logname ? await token(logname) : undefined, body),
    }),
  }).makeSignedIn({ bob: { fields: { bill_email: 'bob.baker@example.org' } }, staff: { role: 'staff' } });
  return {
    inject,
    logs,
    sent,
    clock,
    drain: () => app.deps.jobs.drain(),
    dump: () => dumpDatabase(app.deps.db),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const card = (number: string, over: Record<string, unknown> = {}) => ({
  account: 'bob',
  ccname: 'Bob Baker',
  ccnumber: number,
  expdate: '11/30',
  cvv: CVVS[0],
  address: '48 Elm Avenue',
  city: 'Burlington',
  state: 'VT',
  zipcode: '05401',
  country: 'US',
  email: 'bob.baker@example.org',
  ...over,
});

/** Every card and payment flow, on whichever gateway the harness uses. */
async function runEveryFlow(h: Harness, opts: { dropNext?: () => void }) {
  const ok = (res: { status: number; body: unknown }, status = 200) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body as { data: Record<string, unknown>; message: string };
  };
  // Cards: add (every brand), add declined, update, delete.
  const added = ok(
    await h.inject(
      'POST',
      '/api/add-card',
      'bob',
      card(DASHED, { cardtype: 'Visa', auto_bill: 1, cvv: '864' }),
    ),
  );
  ok(
    await h.inject(
      'POST',
      '/api/add-card',
      'bob',
      card(must(NUMBERS[1], 'NUMBERS[1]'), { cardtype: 'M/C', auto_bill: 0, cvv: '975' }),
    ),
  );
  ok(
    await h.inject(
      'POST',
      '/api/add-card',
      'staff',
      card(must(NUMBERS[3], 'NUMBERS[3]'), { cardtype: 'AmExp', auto_bill: 0 }),
    ),
  );
  ok(
    await h.inject(
      'POST',
      '/api/add-card',
      'bob',
      card(must(NUMBERS[2], 'NUMBERS[2]'), {
        cardtype: 'Discover',
        auto_bill: 0,
        zipcode: '46282',
        cvv: '864',
      }),
    ),
    422,
  );
  ok(
    await h.inject(
      'POST',
      '/api/add-card',
      'bob',
      card('4111111111111112', { cardtype: 'Visa', auto_bill: 0 }),
    ),
    400,
  );
  const id = added.data.card_id as number;
  ok(
    await h.inject('POST', '/api/update-card', 'bob', { account: 'bob', id, expdate: '1231', auto_bill: 1 }),
  );
  // Payments: one-off, save, save + auto-bill, declined, error, saved card, staff.
  const pay = (number: string, over: Record<string, unknown> = {}) =>
    card(number, {
      amount: '10.00',
      save_status: 0,
      cvv: number.startsWith('37') ? CVVS[0] : '864',
      ...over,
    });
  ok(await h.inject('POST', '/api/single-payment', 'bob', pay(DASHED, { idempotency_key: 'flow-0001' })));
  ok(await h.inject('POST', '/api/single-payment', 'bob', pay(DASHED, { idempotency_key: 'flow-0001' })));
  ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'bob',
      pay(must(NUMBERS[2], 'NUMBERS[2]'), { save_status: 1 }),
    ),
  );
  ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'bob',
      pay(must(NUMBERS[3], 'NUMBERS[3]'), { save_status: 2, cvv: CVVS[1] }),
    ),
  );
  ok(
    await h.inject('POST', '/api/single-payment', 'bob', pay(must(NUMBERS[0], 'NUMBERS[0]'), { cvv: '901' })),
    422,
  );
  ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'bob',
      pay(must(NUMBERS[0], 'NUMBERS[0]'), { amount: '0.01' }),
    ),
    503,
  );
  ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'bob',
      pay(must(NUMBERS[0], 'NUMBERS[0]'), { expdate: '0120' }),
    ),
    400,
  );
  ok(
    await h.inject('POST', '/api/saved-card-payment', 'staff', {
      account: 'bob',
      amount: '3.50',
      save_status: 0,
      which_card: id,
      comments: `Card on file; the other was ${NUMBERS[1]}`,
    }),
  );
  // Card data typed into the comments (by staff: the call is audited, body included).
  ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'staff',
      pay(must(NUMBERS[3], 'NUMBERS[3]'), {
        cvv: CVVS[1],
        comments: `Taken by phone: card ${DASHED} (${NUMBERS[2]}), CVV ${CVVS[1]}, 4111 1111 1111 1111`,
      }),
    ),
  );
  // An answer lost on the way back: recorded as unknown, reconciled by the job.
  opts.dropNext?.();
  const lost = ok(
    await h.inject(
      'POST',
      '/api/single-payment',
      'bob',
      pay(must(NUMBERS[0], 'NUMBERS[0]'), {
        amount: opts.dropNext ? '6.00' : '0.03',
        idempotency_key: 'flow-lost',
      }),
    ),
  );
  expect(lost.data.status).toBe('unknown');
  await h.drain();
  h.clock.advance(61_000);
  await h.drain();
  const recent = ok(await h.inject('GET', '/api/recent-payments/bob', 'bob'));
  const list = recent.data.payments as Array<{ amount: number; status: string }>;
  expect(list.find((p) => p.amount === (opts.dropNext ? 6 : 0.03))?.status).toBe('approved');
  ok(await h.inject('POST', '/api/delete-card', 'bob', { account: 'bob', id }));
  await h.drain();
}

function expectNoCardData(h: Harness, dump: string) {
  const haystacks = {
    database: dump,
    logs: h.logs.join('\n'),
    outbox: h.sent.map((m) => `${m.subject}\n${m.body}`).join('\n'),
  };
  expect(h.logs.length).toBeGreaterThan(20);
  // The comments are kept, their card data masked: in the payment, its audit entry and receipts.
  const masked = 'Taken by phone: card XXXX1111 (XXXX0012), CVV ***, XXXX1111';
  expect(dump).toContain(`payments.comments: ${masked}`);
  expect(dump).toMatch(new RegExp(`audit_log\\.details: .*${masked.replace(/[()*]/g, '\\$&')}`));
  expect(haystacks.outbox).toContain(`Comments: ${masked}`);
  expect(dump).toContain('payments.comments: Card on file; the other was XXXX0015');
  for (const [where, text] of Object.entries(haystacks)) {
    for (const n of [...NUMBERS, DASHED, '4111 1111 1111 1111'])
      expect(text.includes(n), `${n} in ${where}`).toBe(false);
    // CVVs as whole numbers: not inside a longer run of digits or letters (a timestamp), nor a
    // hyphen-joined one (a UUID's 4-digit group is "9753" about once in 65,536 ids).
    for (const cvv of CVVS)
      expect(new RegExp(`(?<![0-9A-Za-z-])${cvv}(?![0-9A-Za-z-])`).test(text), `CVV ${cvv} in ${where}`).toBe(
        false,
      );
  }
}

describe('sandbox gateway: every flow, then no card data anywhere', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({});
  });
  afterAll(() => h.close());

  it('runs every card and payment flow; the card numbers and CVVs are in no table, log or message', async () => {
    await runEveryFlow(h, {});
    expectNoCardData(h, await h.dump());
  });

  it('shows the sandbox notice', async () => {
    expect((await h.inject('GET', '/api/urls', null)).body.data.sandbox_payments).toBe(true);
  });
});

describe('Authorize.Net (local server speaking its API)', () => {
  let fake: FakeAuthorizeNet;
  let h: Harness;
  beforeAll(async () => {
    fake = await FakeAuthorizeNet.start();
    h = await harness({
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_ENDPOINT: fake.url,
      AUTHNET_LOGIN_ID: fake.loginId,
      AUTHNET_TRANSACTION_KEY: fake.transactionKey,
      // These flows post the spec's literal card (019-card-tokens.md: refused by default here).
      PORTAL_CARD_NUMBERS: 'accept',
    });
  });
  afterAll(async () => {
    await h.close();
    await fake.close();
  });

  it("shows the sandbox notice: a test endpoint, not Authorize.Net's production one", async () => {
    expect((await h.inject('GET', '/api/urls', null)).body.data.sandbox_payments).toBe(true);
  });

  it('runs every flow against it (dropped answer reconciled); no card data anywhere', async () => {
    await runEveryFlow(h, { dropNext: () => fake.failNext('drop') });
    expectNoCardData(h, await h.dump());
    // Cards live at the gateway: profiles were created there.
    expect(fake.requestsOf('createCustomerProfileRequest').length).toBeGreaterThan(0);
  });

  it('a retried submit is charged once at the gateway; a decline and an error are told apart', async () => {
    const body = card(must(NUMBERS[0], 'NUMBERS[0]'), {
      amount: '21.00',
      save_status: 0,
      cvv: '864',
      idempotency_key: 'anet-retry-1',
    });
    const first = await h.inject('POST', '/api/single-payment', 'bob', body);
    const second = await h.inject('POST', '/api/single-payment', 'bob', body);
    expect(first.status).toBe(200);
    expect(second.body.data.trans_id).toBe(first.body.data.trans_id);
    expect(fake.charges(shortKey('bob:anet-retry-1'))).toHaveLength(1);
    const declined = await h.inject('POST', '/api/single-payment', 'bob', {
      ...body,
      idempotency_key: undefined,
      zipcode: '46282',
    });
    expect(declined.status).toBe(422);
    const failed = await h.inject('POST', '/api/single-payment', 'bob', {
      ...body,
      idempotency_key: undefined,
      amount: '0.01',
    });
    expect(failed.status).toBe(503);
  });

  it('an unreadable gateway answer leaves the payment unknown; reconciled as never charged, not re-sent', async () => {
    fake.failNext('garbage');
    const body = card(must(NUMBERS[0], 'NUMBERS[0]'), {
      amount: '8.00',
      save_status: 0,
      cvv: '864',
      idempotency_key: 'anet-garbage',
    });
    const res = await h.inject('POST', '/api/single-payment', 'bob', body);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('unknown');
    const sentCharges = fake.requestsOf('createTransactionRequest').length;
    h.clock.advance(61_000);
    await h.drain();
    // The gateway has no such charge: the payment failed; the same submit is not charged blind.
    expect(fake.charges(shortKey('bob:anet-garbage'))).toHaveLength(0);
    const again = await h.inject('POST', '/api/single-payment', 'bob', body);
    expect(again.status).toBe(503);
    expect(fake.requestsOf('createTransactionRequest').length).toBe(sentCharges);
  });
});

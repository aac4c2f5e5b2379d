import { must } from '../../../test/support/must.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthorizeNetGateway, type AuthorizeNetOptions, stripBom } from './authorize-net.ts';
import { FakeAuthorizeNet } from '../../../test/fakes/authorize-net.ts';
import { type BillingInput, type CardNumberInput, type GatewayLogger, luhnValid, shortKey } from './types.ts';

const VISA = '4111111111111111';

function card(over: Partial<CardNumberInput & BillingInput> = {}): CardNumberInput & BillingInput {
  return {
    number: VISA,
    expdate: '1230',
    cvv: '123',
    name: 'Alice B. Anderson',
    address: 'PO Box 311',
    city: 'Portland',
    state: 'ME',
    zipcode: '04112',
    country: 'US',
    ...over,
  };
}

let fake: FakeAuthorizeNet;
let logs: string[];

function capture(into: string[]): GatewayLogger {
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      into.push(JSON.stringify({ level, ...obj, msg }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function client(over: Partial<AuthorizeNetOptions> = {}): AuthorizeNetGateway {
  return new AuthorizeNetGateway({
    endpoint: fake.url,
    loginId: fake.loginId,
    transactionKey: fake.transactionKey,
    timeoutMs: 2000,
    logger: capture(logs),
    ...over,
  });
}

let n = 0;
const key = () => `payment-${process.pid}-${++n}`;

beforeEach(async () => {
  fake = await FakeAuthorizeNet.start();
  logs = [];
});

afterEach(async () => {
  await fake.close();
});

describe('Authorize.Net client: stored cards', () => {
  it('stores a card as a customer profile with a payment profile', async () => {
    const gw = client();
    const r = await gw.storeCard({ account: 'alice', email: 'alice@example.net', card: card() });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.card).toMatchObject({ ccn4: '1111', cardType: 'Visa' });
    expect(r.alreadyStored).toBeUndefined();
    const req = must(fake.requestsOf('createCustomerProfileRequest')[0], 'req');
    expect(req.body).toMatchObject({
      profile: {
        merchantCustomerId: 'alice',
        email: 'alice@example.net',
        paymentProfiles: [
          {
            billTo: { firstName: 'Alice B.', lastName: 'Anderson', zip: '04112', country: 'US' },
            payment: { creditCard: { cardNumber: VISA, expirationDate: '2030-12', cardCode: '123' } },
          },
        ],
      },
      validationMode: 'liveMode',
    });
    const stored = fake.profiles.get(r.card.customerProfileId)?.paymentProfiles.get(r.card.paymentProfileId);
    expect(stored?.expirationDate).toBe('2030-12');
  });

  it('adds a card to an existing customer profile, and finds a profile the gateway already has', async () => {
    const gw = client();
    const first = await gw.storeCard({ account: 'alice', card: card() });
    if (!first.ok) throw new Error(first.message);
    const cid = first.card.customerProfileId;

    const second = await gw.storeCard({
      account: 'alice',
      existingCustomerProfileId: cid,
      card: card({ number: '5424000000000015' }),
    });
    expect(second).toMatchObject({
      ok: true,
      card: { customerProfileId: cid, ccn4: '0015', cardType: 'M/C' },
    });
    expect(fake.requestsOf('createCustomerPaymentProfileRequest')).toHaveLength(1);

    // Without the profile id (e.g. the first answer was lost): E00039 names the profile, the card goes there.
    const third = await gw.storeCard({ account: 'alice', card: card({ number: '6011000000000012' }) });
    expect(third).toMatchObject({ ok: true, card: { customerProfileId: cid, cardType: 'Discover' } });

    // The same card again: the gateway's duplicate answer carries the existing payment profile.
    const again = await gw.storeCard({ account: 'alice', existingCustomerProfileId: cid, card: card() });
    expect(again).toEqual({ ok: true, card: first.card, alreadyStored: true });
    expect(fake.profiles.get(cid)?.paymentProfiles.size).toBe(3);
  });

  it('makes a new profile when the remembered one is gone at the gateway', async () => {
    const r = await client().storeCard({ account: 'carol', existingCustomerProfileId: '999', card: card() });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.card.customerProfileId).not.toBe('999');
  });

  it('reports a card that fails validation', async () => {
    const gw = client();
    expect(await gw.storeCard({ account: 'dave', card: card({ zipcode: '46282' }) })).toEqual({
      ok: false,
      message: 'This transaction has been declined.',
    });
    expect(await gw.storeCard({ account: 'dave', card: card({ expdate: '0120' }) })).toEqual({
      ok: false,
      message: 'The credit card has expired.',
    });
    // Refused before any call: bad number, date, CVV.
    const before = fake.requests.length;
    expect(await gw.storeCard({ account: 'dave', card: card({ number: '4111111111111112' }) })).toEqual({
      ok: false,
      message: 'The credit card number is invalid.',
    });
    expect((await gw.storeCard({ account: 'dave', card: card({ expdate: '1330' }) })).ok).toBe(false);
    expect((await gw.storeCard({ account: 'dave', card: card({ cvv: '12' }) })).ok).toBe(false);
    expect(fake.requests.length).toBe(before);
  });

  it('updates the expiry and keeps the rest of the payment profile', async () => {
    const gw = client();
    const r = await gw.storeCard({ account: 'erin', card: card() });
    if (!r.ok) throw new Error(r.message);
    const ids = { customerProfileId: r.card.customerProfileId, paymentProfileId: r.card.paymentProfileId };

    expect(await gw.updateCard({ ...ids, expdate: '0631' })).toEqual({ ok: true });
    const stored = fake.profiles.get(ids.customerProfileId)?.paymentProfiles.get(ids.paymentProfileId);
    expect(stored).toMatchObject({
      cardNumber: VISA,
      expirationDate: '2031-06',
      billTo: {
        firstName: 'Alice B.',
        lastName: 'Anderson',
        address: 'PO Box 311',
        city: 'Portland',
        zip: '04112',
      },
    });
    const update = must(fake.requestsOf('updateCustomerPaymentProfileRequest')[0], 'update');
    expect(update.raw).not.toContain(VISA);
    expect(update.body).toMatchObject({
      paymentProfile: { payment: { creditCard: { cardNumber: 'XXXX1111', expirationDate: '2031-06' } } },
    });

    expect(
      await gw.updateCard({ ...ids, expdate: '0631', billTo: { zipcode: '05401', company: 'Acme' } }),
    ).toEqual({
      ok: true,
    });
    expect(stored?.billTo).toMatchObject({
      company: 'Acme',
      zip: '05401',
      address: 'PO Box 311',
      lastName: 'Anderson',
    });

    expect(await gw.updateCard({ ...ids, expdate: '0120' })).toEqual({
      ok: false,
      message: 'The credit card has expired.',
    });
    expect(await gw.updateCard({ ...ids, expdate: '13/31' })).toEqual({
      ok: false,
      message: 'The credit card expiration date is invalid.',
    });
    expect(await gw.updateCard({ ...ids, paymentProfileId: '1', expdate: '0631' })).toEqual({
      ok: false,
      message: 'The record cannot be found.',
    });
  });

  it('deletes a card; deleting it again is fine', async () => {
    const gw = client();
    const r = await gw.storeCard({ account: 'fred', card: card() });
    if (!r.ok) throw new Error(r.message);
    const ids = { customerProfileId: r.card.customerProfileId, paymentProfileId: r.card.paymentProfileId };
    expect(await gw.deleteCard(ids)).toEqual({ ok: true });
    expect(fake.profiles.get(ids.customerProfileId)?.paymentProfiles.size).toBe(0);
    expect(await gw.deleteCard(ids)).toEqual({ ok: true });
  });
});

describe('Authorize.Net client: charges', () => {
  it('approves a card charge and sends the idempotency key as refId and invoice number', async () => {
    const k = key();
    const r = await client().chargeCard({
      idempotencyKey: k,
      amountCents: 4995,
      card: card(),
      invoiceNumber: '20261101',
      description: 'Members Portal payment',
    });
    expect(r).toMatchObject({ outcome: 'approved', ccn4: '1111' });
    const t = must(fake.transactions[0], 't');
    expect(r).toEqual({ outcome: 'approved', transId: t.transId, authCode: t.authCode, ccn4: '1111' });
    const req = must(fake.requestsOf('createTransactionRequest')[0], 'req');
    const ref = shortKey(k);
    expect(req.body).toMatchObject({
      refId: ref,
      transactionRequest: {
        transactionType: 'authCaptureTransaction',
        amount: '49.95',
        payment: { creditCard: { cardNumber: VISA, expirationDate: '2030-12', cardCode: '123' } },
        order: { invoiceNumber: ref, description: 'Invoice 20261101: Members Portal payment' },
        billTo: { firstName: 'Alice B.', lastName: 'Anderson', zip: '04112' },
        transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '28800' }] },
      },
    });
    expect(t).toMatchObject({ amount: '49.95', invoiceNumber: ref, status: 'capturedPendingSettlement' });
  });

  it('reports declines with their transaction id', async () => {
    const gw = client();
    const zip = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 1000,
      card: card({ zipcode: '46282' }),
    });
    expect(zip).toEqual({
      outcome: 'declined',
      transId: must(fake.transactions[0], 'fake.transactions[0]').transId,
      message: 'This transaction has been declined.',
      // The response reason code: auto-billing retries by it (docs/decisions/054-auto-billing-retries.md).
      reasonCode: '2',
    });
    const number = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 1000,
      card: card({ number: '4222222222222' }),
    });
    expect(number.outcome).toBe('declined');
    const cvv = await gw.chargeCard({ idempotencyKey: key(), amountCents: 1000, card: card({ cvv: '901' }) });
    expect(cvv).toMatchObject({ outcome: 'declined', reasonCode: '44' });
    expect(fake.charges()).toHaveLength(0);
  });

  it('reports gateway errors: processing error, expired card, bad credentials', async () => {
    const processing = await client().chargeCard({ idempotencyKey: key(), amountCents: 1, card: card() });
    expect(processing).toEqual({
      outcome: 'error',
      message: 'An error occurred during processing. Please try again.',
    });
    const expired = await client().chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ expdate: '0120' }),
    });
    expect(expired).toEqual({ outcome: 'error', message: 'The credit card has expired.' });
    const auth = await client({ transactionKey: 'wrong' }).chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card(),
    });
    expect(auth).toEqual({
      outcome: 'error',
      message: 'User authentication failed due to invalid authentication values.',
    });
    expect(fake.charges()).toHaveLength(0);
  });

  it('refuses bad input before calling the gateway', async () => {
    const gw = client();
    expect((await gw.chargeCard({ idempotencyKey: key(), amountCents: 0, card: card() })).outcome).toBe(
      'error',
    );
    expect((await gw.chargeCard({ idempotencyKey: key(), amountCents: 10.5, card: card() })).outcome).toBe(
      'error',
    );
    expect((await gw.chargeCard({ idempotencyKey: '', amountCents: 100, card: card() })).outcome).toBe(
      'error',
    );
    expect(
      (await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card({ number: '1234' }) }))
        .outcome,
    ).toBe('error');
    expect(fake.requests).toHaveLength(0);
  });

  it('charges a stored card', async () => {
    const gw = client();
    const r = await gw.storeCard({ account: 'gina', card: card({ number: '370000000000002', cvv: '1234' }) });
    if (!r.ok) throw new Error(r.message);
    const k = key();
    const paid = await gw.chargeStoredCard({
      idempotencyKey: k,
      amountCents: 12000,
      customerProfileId: r.card.customerProfileId,
      paymentProfileId: r.card.paymentProfileId,
      invoiceNumber: '20261101',
    });
    expect(paid).toMatchObject({ outcome: 'approved', ccn4: '0002' });
    const req = must(fake.requestsOf('createTransactionRequest')[0], 'req');
    expect(req.body).toMatchObject({
      refId: shortKey(k),
      transactionRequest: {
        amount: '120.00',
        profile: {
          customerProfileId: r.card.customerProfileId,
          paymentProfile: { paymentProfileId: r.card.paymentProfileId },
        },
        order: { invoiceNumber: shortKey(k), description: 'Invoice 20261101' },
      },
    });
    expect(req.raw).not.toContain('370000000000002');

    const missing = await gw.chargeStoredCard({
      idempotencyKey: key(),
      amountCents: 100,
      customerProfileId: r.card.customerProfileId,
      paymentProfileId: '1',
    });
    expect(missing).toEqual({
      outcome: 'error',
      message: 'Customer Profile ID or Customer Payment Profile ID not found.',
    });
  });

  it('a retry with the same idempotency key charges once and returns the first answer', async () => {
    const gw = client();
    const k = key();
    const first = await gw.chargeCard({ idempotencyKey: k, amountCents: 2500, card: card() });
    const second = await gw.chargeCard({ idempotencyKey: k, amountCents: 2500, card: card() });
    expect(first.outcome).toBe('approved');
    expect(second).toEqual(first);
    expect(fake.requestsOf('createTransactionRequest')).toHaveLength(2);
    expect(fake.charges(shortKey(k))).toHaveLength(1);

    // Also for a declined first answer, and for a stored card.
    const d = key();
    const declined = await gw.chargeCard({
      idempotencyKey: d,
      amountCents: 2500,
      card: card({ zipcode: '46282' }),
    });
    expect(
      await gw.chargeCard({ idempotencyKey: d, amountCents: 2500, card: card({ zipcode: '46282' }) }),
    ).toEqual(declined);
    const s = await gw.storeCard({ account: 'hank', card: card() });
    if (!s.ok) throw new Error(s.message);
    const sk = key();
    const ids = { customerProfileId: s.card.customerProfileId, paymentProfileId: s.card.paymentProfileId };
    const a = await gw.chargeStoredCard({ idempotencyKey: sk, amountCents: 700, ...ids });
    const b = await gw.chargeStoredCard({ idempotencyKey: sk, amountCents: 700, ...ids });
    expect(b).toEqual(a);
    expect(fake.charges(shortKey(sk))).toHaveLength(1);

    // A different key is a different payment, even for the same card and amount.
    const other = await gw.chargeCard({ idempotencyKey: key(), amountCents: 2500, card: card() });
    expect(other.outcome).toBe('approved');
    expect(fake.charges()).toHaveLength(3);
  });

  it('a time-out is unknown; findCharge reconciles it and a retry does not charge again', async () => {
    const impatient = client({ timeoutMs: 150 });
    const gw = client();
    const k = key();
    fake.delayMs = 1500;
    const r = await impatient.chargeCard({ idempotencyKey: k, amountCents: 5000, card: card() });
    expect(r.outcome).toBe('unknown');
    expect(fake.charges(shortKey(k))).toHaveLength(1); // the gateway did charge
    fake.delayMs = 0;

    const found = await gw.findCharge(k);
    const t = must(fake.transactions[0], 't');
    expect(found).toEqual({ outcome: 'approved', transId: t.transId, authCode: t.authCode, ccn4: '1111' });
    const retry = await gw.chargeCard({ idempotencyKey: k, amountCents: 5000, card: card() });
    expect(retry).toEqual(found);
    expect(fake.charges(shortKey(k))).toHaveLength(1);
  });

  it('a connection lost after the gateway charged is unknown, then reconciled', async () => {
    const gw = client();
    const k = key();
    fake.failNext('drop');
    expect((await gw.chargeCard({ idempotencyKey: k, amountCents: 5000, card: card() })).outcome).toBe(
      'unknown',
    );
    expect(await gw.findCharge(k)).toMatchObject({
      outcome: 'approved',
      transId: must(fake.transactions[0], 'fake.transactions[0]').transId,
    });
  });

  it('an HTTP 500 or an unreadable answer is unknown; findCharge then finds nothing', async () => {
    const gw = client();
    const k = key();
    fake.failNext('http-500');
    expect((await gw.chargeCard({ idempotencyKey: k, amountCents: 5000, card: card() })).outcome).toBe(
      'unknown',
    );
    fake.failNext('garbage');
    expect((await gw.chargeCard({ idempotencyKey: k, amountCents: 5000, card: card() })).outcome).toBe(
      'unknown',
    );
    expect(await gw.findCharge(k)).toBeNull();
  });

  it('an unreachable gateway is an error: nothing was sent', async () => {
    const url = fake.url;
    await fake.close();
    const gw = new AuthorizeNetGateway({ endpoint: url, loginId: 'a', transactionKey: 'b', timeoutMs: 2000 });
    const r = await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card() });
    expect(r).toEqual({
      outcome: 'error',
      message: 'The payment gateway could not be reached; nothing was charged.',
    });
    expect(await gw.findCharge('x')).toMatchObject({ outcome: 'unknown' });
    expect((await gw.deleteCard({ customerProfileId: '1', paymentProfileId: '2' })).ok).toBe(false);
    fake = await FakeAuthorizeNet.start();
  });

  it('a transaction held for review is unknown until reviewed', async () => {
    const gw = client();
    const k = key();
    const r = await gw.chargeCard({ idempotencyKey: k, amountCents: 4, card: card() });
    expect(r).toMatchObject({ outcome: 'unknown', message: expect.stringContaining('held for review') });
    expect(await gw.findCharge(k)).toMatchObject({ outcome: 'unknown' });
    must(fake.transactions[0], 'fake.transactions[0]').status = 'capturedPendingSettlement';
    expect(await gw.findCharge(k)).toMatchObject({
      outcome: 'approved',
      transId: must(fake.transactions[0], 'fake.transactions[0]').transId,
    });
    must(fake.transactions[0], 'fake.transactions[0]').status = 'voided';
    expect(await gw.findCharge(k)).toMatchObject({
      outcome: 'declined',
      message: 'The transaction was voided.',
    });
  });
});

describe('Authorize.Net client: findCharge', () => {
  it('returns null for a key the gateway never saw', async () => {
    expect(await client().findCharge('never-sent')).toBeNull();
  });

  it('finds charges in the unsettled list and in settled batches', async () => {
    const gw = client();
    const approvedKey = key();
    const declinedKey = key();
    const approved = await gw.chargeCard({ idempotencyKey: approvedKey, amountCents: 1999, card: card() });
    const declined = await gw.chargeCard({
      idempotencyKey: declinedKey,
      amountCents: 1999,
      card: card({ zipcode: '46282' }),
    });
    expect(await gw.findCharge(approvedKey)).toEqual(approved);
    expect(await gw.findCharge(declinedKey)).toEqual(declined);

    fake.settle();
    expect(must(fake.transactions[0], 'fake.transactions[0]').status).toBe('settledSuccessfully');
    expect(await gw.findCharge(approvedKey)).toEqual(approved);
    expect(await gw.findCharge(declinedKey)).toEqual(declined);
    expect(fake.requestsOf('getSettledBatchListRequest').length).toBeGreaterThan(0);
    expect(fake.requestsOf('getTransactionListRequest').length).toBeGreaterThan(0);
    expect(await gw.findCharge('never-sent')).toBeNull();
  });
});

describe('Authorize.Net client: wire format', () => {
  it('strips the byte-order mark Authorize.Net puts before its JSON', async () => {
    expect(stripBom('\uFEFF{"a":1}')).toBe('{"a":1}');
    expect(stripBom('{"a":1}')).toBe('{"a":1}');
    const res = await fetch(fake.url, {
      method: 'POST',
      body: JSON.stringify({
        getUnsettledTransactionListRequest: { merchantAuthentication: { name: 'x', transactionKey: 'y' } },
      }),
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(
      (await client().chargeCard({ idempotencyKey: key(), amountCents: 100, card: card() })).outcome,
    ).toBe('approved');
    fake.bom = false;
    expect(
      (await client().chargeCard({ idempotencyKey: key(), amountCents: 100, card: card() })).outcome,
    ).toBe('approved');
  });

  it('sends elements in schema order (the fake rejects any other order)', async () => {
    const res = await fetch(fake.url, {
      method: 'POST',
      body: JSON.stringify({
        createTransactionRequest: {
          merchantAuthentication: { name: fake.loginId, transactionKey: fake.transactionKey },
          transactionRequest: { amount: '1.00', transactionType: 'authCaptureTransaction' },
        },
      }),
    });
    const answer = JSON.parse(stripBom(await res.text()));
    expect(answer.messages.message[0].code).toBe('E00003');
    // Every call above went through, so the client's order is accepted.
    const gw = client();
    const r = await gw.storeCard({ account: 'ivy', card: card() });
    if (!r.ok) throw new Error(r.message);
    await gw.updateCard({
      customerProfileId: r.card.customerProfileId,
      paymentProfileId: r.card.paymentProfileId,
      expdate: '0131',
    });
    await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card() });
    expect(logs.join('\n')).not.toContain('E00003');
  });
});

describe('Authorize.Net client: card data stays out of logs and messages', () => {
  it('never logs or returns a full card number, CVV or the transaction key', async () => {
    // A 19-digit Luhn-valid Visa passes local checks; Authorize.Net takes at most 16 digits and
    // echoes the number back in its schema error.
    let long = '';
    for (let d = 0; d <= 9 && !luhnValid(long); d++) long = `411111111111111111${d}`;
    expect(luhnValid(long)).toBe(true);
    const cvv = '5791';
    const gw = client();
    const results: unknown[] = [];
    results.push(await gw.storeCard({ account: 'jay', card: card({ cvv }) }));
    results.push(await gw.storeCard({ account: 'jay', card: card({ zipcode: '46282', cvv }) }));
    results.push(await gw.storeCard({ account: 'jay', card: card({ number: long, cvv }) }));
    results.push(await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card({ cvv }) }));
    results.push(
      await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card({ zipcode: '46282', cvv }) }),
    );
    results.push(await gw.chargeCard({ idempotencyKey: key(), amountCents: 1, card: card({ cvv }) }));
    const echoed = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: long, cvv }),
    });
    results.push(echoed);
    expect(echoed).toMatchObject({ outcome: 'error', message: expect.stringContaining('XXXX') });
    results.push(
      await gw.chargeCard({
        idempotencyKey: key(),
        amountCents: 100,
        card: card({ cvv, address: `my card is ${VISA}` }),
        description: `paid with ${VISA}`,
      }),
    );
    fake.delayMs = 1500;
    const timedOut = await client({ timeoutMs: 100 }).chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ cvv }),
    });
    expect(timedOut.outcome).toBe('unknown');
    results.push(timedOut);
    fake.delayMs = 0;

    // The fake did receive the numbers (so they were really in play)…
    expect(fake.requests.some((r) => r.raw.includes(long))).toBe(true);
    expect(fake.requests.some((r) => r.raw.includes(VISA))).toBe(true);
    // …but no log line or result has them.
    const text = `${logs.join('\n')}\n${JSON.stringify(results)}`;
    expect(logs.length).toBeGreaterThan(10);
    expect(text).not.toContain(VISA);
    expect(text).not.toContain(long);
    expect(text).not.toMatch(/(?<!\d)5791(?!\d)/);
    expect(text).not.toContain(fake.transactionKey);
    expect(text).toContain('XXXX1111');
    // The address and description never carry a card number to the gateway either.
    const last = fake.requestsOf('createTransactionRequest').find((r) => r.raw.includes('my card is'));
    expect(last?.raw).not.toMatch(/my card is 4111/);
    expect(last?.raw).toContain('paid with XXXX1111');
  });
});

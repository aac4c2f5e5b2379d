import { billingText } from '@portal/contract/billing/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAuthorizeNet, NONCE_TTL_MS } from '../../../test/fakes/authorize-net.ts';
import { TOKEN_TTL_MS } from '../../integrations/gateway/index.ts';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { must } from '../../../test/support/must.ts';

/**
 * Card tokens (docs/decisions/019-card-tokens.md): the API takes `opaque_data` in place
 * of the card number and CVV; a token is single-use, valid 15 minutes and, with the sandbox, made
 * for one account; PORTAL_CARD_NUMBERS=refuse answers 400 to a typed-in card number.
 */

const billing = (account: string) => ({
  account,
  ccname: 'Alice Anderson',
  address: 'PO Box 311',
  city: 'Portland',
  state: 'ME',
  zipcode: '04112',
  country: 'US',
});
const newCard = (account: string, opaque_data: unknown) => ({
  ...billing(account),
  opaque_data,
  auto_bill: 0,
});
const payment = (account: string, opaque_data: unknown, over: Record<string, unknown> = {}) => ({
  ...billing(account),
  opaque_data,
  amount: '12.00',
  save_status: 0,
  ...over,
});

/** This file's customers and staff member, made in each app and signed in (`t.as('alice')`). */
const PEOPLE = { alice: {}, bob: {}, staff: { role: 'staff' } } as const;

describe('sandbox gateway: tokens made in the browser by its own endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
    await factories(t).makeSignedIn(PEOPLE);
  });
  afterAll(() => t.close());

  const tokenize = async (as: string, account: string, ccnumber = '4111111111111111', cvv = '123') => {
    const res = await t.as(as).post('/api/sandbox/tokenize', { account, ccnumber, expdate: '1130', cvv });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.opaque_data as { descriptor: string; value: string };
  };

  it('tells the card forms to use the sandbox script, served by the portal itself', async () => {
    const res = await t.as('alice').get('/api/card-tokenizer');
    expect(res.body.data).toEqual({ kind: 'sandbox', script: '/sandbox-gateway/accept.js' });
    const script = await t.request('GET', '/sandbox-gateway/accept.js');
    expect(script.status).toBe(200);
    expect(String(script.headers['content-type'])).toContain('javascript');
    expect(String(script.body)).toContain('dispatchData');
  });

  it('stores a card from a token: last four, type and expiry come back from the gateway', async () => {
    const token = await tokenize('alice', 'alice', '5424000000000015');
    expect(token.descriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(token.value).not.toContain('5424');
    const res = await t.as('alice').post('/api/add-card', newCard('alice', token));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pay_method).toMatchObject({ ccn4: '0015', card_type: 'M/C', expdate: '1130' });
  });

  it('a token is used once: the second add-card or payment with it is refused', async () => {
    const token = await tokenize('alice', 'alice', '6011000000000012');
    expect((await t.as('alice').post('/api/add-card', newCard('alice', token))).status).toBe(200);
    const again = await t.as('alice').post('/api/add-card', newCard('alice', token));
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(billingText.unableToAddCard('Invalid OTS Token.'));

    const pay = await tokenize('alice', 'alice');
    const first = await t.as('alice').post('/api/single-payment', payment('alice', pay));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'approved', ccn4: '1111' });
    const second = await t.as('alice').post('/api/single-payment', payment('alice', pay));
    expect(second.status).toBe(503);
    expect(second.body.message).toBe(billingText.gatewayError('Invalid OTS Token.'));
  });

  it('a token expires after 15 minutes', async () => {
    const late = await tokenize('alice', 'alice');
    const inTime = await tokenize('alice', 'alice');
    t.clock.advance(TOKEN_TTL_MS - 1000);
    expect((await t.as('alice').post('/api/single-payment', payment('alice', inTime))).status).toBe(200);
    t.clock.advance(1000);
    const res = await t.as('alice').post('/api/single-payment', payment('alice', late, { save_status: 1 }));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(billingText.unableToAddCard('Invalid OTS Token.'));
  });

  it('a token made for one account is refused for another (and only a billing user of an account makes one)', async () => {
    const alices = await tokenize('alice', 'alice');
    const byBob = await t.as('bob').post('/api/add-card', newCard('bob', alices));
    expect(byBob.status).toBe(422);
    // Staff tokenising for alice cannot pay bob's account with it either.
    const staffs = await tokenize('staff', 'alice');
    const forBob = await t.as('staff').post('/api/single-payment', payment('bob', staffs));
    expect(forBob.status).toBe(503);
    expect(forBob.body.message).toBe(billingText.gatewayError('Invalid OTS Token.'));
    const cross = await t.as('bob').post('/api/sandbox/tokenize', {
      account: 'alice',
      ccnumber: '4111111111111111',
      expdate: '1130',
      cvv: '123',
    });
    expect(cross.status).toBe(403);
  });

  it('the sandbox tokenises only the documented test cards', async () => {
    const res = await t.as('alice').post('/api/sandbox/tokenize', {
      account: 'alice',
      ccnumber: '4000056655665556',
      expdate: '1130',
      cvv: '123',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).not.toContain('4000056655665556');
  });

  it('the decline triggers work through tokens (card 4222222222222, CVV 901, ZIP 46282)', async () => {
    const cvv901 = await tokenize('alice', 'alice', '4111111111111111', '901');
    expect((await t.as('alice').post('/api/single-payment', payment('alice', cvv901))).status).toBe(422);
    const zip = await tokenize('alice', 'alice');
    const declined = await t
      .as('alice')
      .post('/api/single-payment', payment('alice', zip, { zipcode: '46282' }));
    expect(declined.status).toBe(422);
  });

  it('paying again with the same card and "save the card" keeps one card, not a second identical one', async () => {
    const count = async () =>
      (await t.as('bob').get('/api/get-payment-methods/bob')).body.data.pay_methods.length;
    const before = await count();
    for (const amount of ['3.00', '4.00']) {
      const token = await tokenize('bob', 'bob', '2223000010309703');
      const res = await t
        .as('bob')
        .post('/api/single-payment', payment('bob', token, { amount, save_status: 1 }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await count()).toBe(before + 1);
    // And through Add Card.
    expect(
      (
        await t
          .as('bob')
          .post('/api/add-card', newCard('bob', await tokenize('bob', 'bob', '2223000010309703')))
      ).status,
    ).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('takes a token or a card number, not both', async () => {
    const token = await tokenize('alice', 'alice');
    const res = await t.as('alice').post('/api/single-payment', {
      ...payment('alice', token),
      ccnumber: '4111111111111111',
      cvv: '123',
      expdate: '1130',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ opaque_data: billingText.cardOrToken });
  });

  it("keeps the spec's literal payload working by default with the sandbox (PORTAL_CARD_NUMBERS=accept)", async () => {
    const res = await t.as('alice').post('/api/single-payment', {
      ...billing('alice'),
      ccnumber: '4111111111111111',
      expdate: '1130',
      cvv: '123',
      amount: '5.00',
      save_status: 0,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('PORTAL_CARD_NUMBERS=refuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_CARD_NUMBERS: 'refuse' } });
    await factories(t).makeSignedIn(PEOPLE);
  });
  afterAll(() => t.close());

  it('answers 400 to add-card and single-payment carrying a card number; nothing is stored', async () => {
    const literal = { ...billing('alice'), ccnumber: '4111111111111111', expdate: '1130', cvv: '123' };
    const add = await t.as('alice').post('/api/add-card', { ...literal, cardtype: 'Visa', auto_bill: 0 });
    expect(add.status).toBe(400);
    expect(add.body.message).toBe(billingText.cardNumbersRefused);
    const before = (await t.as('alice').get('/api/recent-payments/alice')).body.data.payments.length;
    const pay = await t
      .as('staff')
      .post('/api/single-payment', { ...literal, amount: '5.00', save_status: 2 });
    expect(pay.status).toBe(400);
    expect(JSON.stringify(pay.body)).not.toContain('4111111111111111');
    const after = (await t.as('alice').get('/api/recent-payments/alice')).body.data.payments.length;
    expect(after).toBe(before);
    const cards = (await t.as('alice').get('/api/get-payment-methods/alice')).body.data.pay_methods;
    expect(
      cards.some((c: { ccn4: string; expdate: string }) => c.ccn4 === '1111' && c.expdate === '1130'),
    ).toBe(false);
  });

  it('still takes tokens', async () => {
    const made = await t.as('alice').post('/api/sandbox/tokenize', {
      account: 'alice',
      ccnumber: '4111111111111111',
      expdate: '1130',
      cvv: '123',
    });
    const res = await t.as('alice').post('/api/single-payment', payment('alice', made.body.data.opaque_data));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe('Authorize.Net: Accept.js tokens (opaqueData) through the local server speaking its API', () => {
  let fake: FakeAuthorizeNet;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeAuthorizeNet.start();
    t = await build({
      demo: false,
      env: {
        PORTAL_GATEWAY: 'authorize-net',
        AUTHNET_ENDPOINT: fake.url,
        AUTHNET_LOGIN_ID: fake.loginId,
        AUTHNET_TRANSACTION_KEY: fake.transactionKey,
        AUTHNET_CLIENT_KEY: fake.clientKey,
      },
    });
    await factories(t).makeSignedIn(PEOPLE);
    fake.now = t.clock.now;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const nonce = (number = '4111111111111111', cvv = '123') => {
    const o = fake.tokenize({ number, expdate: '1130', cvv });
    return { descriptor: o.dataDescriptor, value: o.dataValue };
  };

  it('gives the forms Accept.js from jstest.authorize.net with the public client key; the CSP allows that host', async () => {
    const res = await t.as('alice').get('/api/card-tokenizer');
    expect(res.body.data).toEqual({
      kind: 'accept-js',
      script: 'https://jstest.authorize.net/v1/Accept.js',
      api_login_id: fake.loginId,
      client_key: fake.clientKey,
    });
    expect(JSON.stringify(res.body)).not.toContain(fake.transactionKey);
    const csp = String((await t.request('GET', '/api/urls')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://jstest.authorize.net;");
    expect(csp).toContain("connect-src 'self' https://apitest.authorize.net;");
    expect(csp).not.toContain('https://js.authorize.net');
    // The sandbox's endpoint does not exist here.
    const sandbox = await t.as('alice').post('/api/sandbox/tokenize', {
      account: 'alice',
      ccnumber: '4111111111111111',
      expdate: '1130',
      cvv: '123',
    });
    expect(sandbox.status).toBe(404);
  });

  it('refuses a typed-in card number by default (400), before any gateway call', async () => {
    const sent = fake.requests.length;
    const res = await t.as('alice').post('/api/single-payment', {
      ...billing('alice'),
      ccnumber: '4111111111111111',
      expdate: '1130',
      cvv: '123',
      amount: '5.00',
      save_status: 0,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(billingText.cardNumbersRefused);
    expect(fake.requests.length).toBe(sent);
  });

  it('add-card sends payment.opaqueData in createCustomerPaymentProfileRequest; last four, type, expiry from the gateway', async () => {
    const res = await t.as('bob').post('/api/add-card', newCard('bob', nonce('370000000000002', '1234')));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.pay_method).toMatchObject({ ccn4: '0002', card_type: 'AmExp', expdate: '1130' });
    const added = must(fake.requestsOf('createCustomerPaymentProfileRequest').at(-1), 'the request');
    const payment = (added.body.paymentProfile as { payment: Record<string, unknown> }).payment;
    expect(Object.keys(payment)).toEqual(['opaqueData']);
    expect(added.raw).not.toContain('370000000000002');
  });

  it('single-payment sends payment.opaqueData in createTransactionRequest; a nonce is used once', async () => {
    const token = nonce();
    const first = await t.as('alice').post('/api/single-payment', payment('alice', token));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'approved', ccn4: '1111' });
    const charge = must(fake.requestsOf('createTransactionRequest').at(-1), 'the request');
    const tr = charge.body.transactionRequest as { payment: Record<string, unknown> };
    expect(Object.keys(tr.payment)).toEqual(['opaqueData']);
    const again = await t
      .as('alice')
      .post('/api/single-payment', payment('alice', token, { amount: '13.00' }));
    expect(again.status).toBe(503);
    expect(again.body.message).toBe(billingText.gatewayError('Invalid OTS Token.'));
    // Saved with the payment (card status 1): stored from the nonce, then the stored card charged.
    const saved = await t
      .as('alice')
      .post('/api/single-payment', payment('alice', nonce('6011000000000012'), { save_status: 1 }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.card_id).toBeGreaterThan(0);
  });

  it('an expired nonce is refused (15 minutes)', async () => {
    const token = nonce();
    t.clock.advance(NONCE_TTL_MS);
    const res = await t.as('alice').post('/api/add-card', newCard('alice', token));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(billingText.unableToAddCard('Invalid OTS Token.'));
  });

  it("Accept.js's own call (securePaymentContainerRequest) answers a nonce only for the public client key", async () => {
    const post = (clientKey: string) =>
      fetch(fake.url, {
        method: 'POST',
        body: JSON.stringify({
          securePaymentContainerRequest: {
            merchantAuthentication: { name: fake.loginId, clientKey },
            data: {
              type: 'TOKEN',
              id: 'x',
              token: { cardNumber: '4111111111111111', expirationDate: '1130', cardCode: '123' },
            },
          },
        }),
      }).then(async (r) => JSON.parse((await r.text()).replace(/^\uFEFF/, '')));
    const good = await post(fake.clientKey);
    expect(good.opaqueData.dataDescriptor).toBe('COMMON.ACCEPT.INAPP.PAYMENT');
    const res = await t
      .as('alice')
      .post(
        '/api/add-card',
        newCard('alice', { descriptor: good.opaqueData.dataDescriptor, value: good.opaqueData.dataValue }),
      );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await post('wrong')).messages.message[0].code).toBe('E00007');
  });
});

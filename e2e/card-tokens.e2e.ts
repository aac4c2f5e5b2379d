import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAuthorizeNet } from '../apps/server/test/fakes/authorize-net.ts';
import { baseUrl, launch, login, newPage, url } from './browser.ts';
import { startPortal } from './portal.ts';
import { must } from '@portal/contract/must';

/**
 * Card numbers never reach the portal: the Add/Edit Credit Card and Make a Payment
 * screens tokenise in the browser through the gateway's script. From the browser's own network
 * log, no request to the portal carries the card number or the CVV — except the one to the
 * embedded sandbox gateway's tokenising endpoint, which stands for Authorize.Net's host in this
 * mode (with PORTAL_GATEWAY=authorize-net, Accept.js posts to Authorize.Net itself).
 */

const SANDBOX_GATEWAY = '/api/sandbox/tokenize';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

interface Sent {
  url: string;
  method: string;
  body: string;
}

/** Every request the page makes, with its body (the browser's network log). */
function networkLog(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (req) => {
    sent.push({ url: req.url(), method: req.method(), body: req.postData() ?? '' });
  });
  return sent;
}

/** The card's digits or its CVV in a request body (grouped or not, as a whole number for the CVV). */
function carries(body: string, digits: string, cvv: string): boolean {
  const compact = body.replace(/[\s-]/g, '');
  return compact.includes(digits) || new RegExp(`(?<![0-9A-Za-z])${cvv}(?![0-9A-Za-z])`).test(body);
}

function expectNoCardToPortal(sent: Sent[], digits: string, cvv: string, call: string) {
  const portal = sent.filter((r) => r.url.startsWith(baseUrl()));
  const toPortal = portal.filter((r) => !r.url.endsWith(SANDBOX_GATEWAY));
  const leaks = toPortal.filter((r) => carries(r.body, digits, cvv)).map((r) => `${r.method} ${r.url}`);
  expect(leaks).toEqual([]);
  // The API call took the token in place of the card.
  const api = toPortal.filter((r) => r.method === 'POST' && r.url.endsWith(call));
  expect(api).toHaveLength(1);
  const body = JSON.parse(must(api[0], 'the request').body) as Record<string, unknown>;
  expect(body).not.toHaveProperty('ccnumber');
  expect(body).not.toHaveProperty('cvv');
  expect(body.opaque_data).toMatchObject({ descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT' });
  // The card went to the gateway's tokenising endpoint, once.
  const gateway = portal.filter((r) => r.url.endsWith(SANDBOX_GATEWAY));
  expect(gateway).toHaveLength(1);
  expect(carries(must(gateway[0], 'the request').body, digits, cvv)).toBe(true);
}

describe('card forms tokenise in the browser', () => {
  it('Add/Edit Credit Card: stores a card; no request to the portal carries its number or CVV', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    const sent = networkLog(page);
    await page.goto(url('/edit-cc'));
    await page.getByLabel('Card number').waitFor();
    await expect
      .poll(() => page.getByLabel('Address').inputValue(), { timeout: 15_000 })
      .toBe('48 Elm Avenue');
    await page.getByLabel('Card number').fill('4012 8888 1888 8');
    await page.getByRole('combobox', { name: 'Card type' }).selectOption('Visa');
    await page.getByLabel('Expiration (MMYY)').fill('0931');
    await page.getByLabel('CVV').fill('739');
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByText('The Card has been added').waitFor();
    // Last four, type and expiry as the gateway holds them.
    await page.getByText('Visa ending 8888').waitFor();
    expectNoCardToPortal(sent, '4012888818888', '739', '/api/add-card');
    await page.context().close();
  });

  it('Make a Payment with a new card: paid; no request to the portal carries its number or CVV', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    const sent = networkLog(page);
    await page.goto(url('/make-payment'));
    await page.getByTestId('payment-status').getByText('Last invoice', { exact: true }).waitFor();
    await page.getByLabel('Amount ($)').fill('7.77');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('Card number').fill('5424000000000015');
    await page.getByLabel('Expiration (MMYY)').fill('1030');
    await page.getByLabel('CVV').fill('846');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    // Nothing is due on this account: the payment is a credit, which the form asks about first.
    await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
    await page.getByTestId('thankyou').waitFor();
    expect((await page.getByTestId('thankyou').textContent()) ?? '').toContain('Amount: $7.77');
    expectNoCardToPortal(sent, '5424000000000015', '846', '/api/single-payment');
    await page.context().close();
  });

  it("keeps the spec's card rules in the form: a number failing Luhn is never sent anywhere", async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    const sent = networkLog(page);
    await page.goto(url('/make-payment'));
    await page.getByTestId('payment-status').getByText('Last invoice', { exact: true }).waitFor();
    await page.getByLabel('Amount ($)').fill('7.00');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('Card number').fill('4111111111111112');
    await page.getByLabel('Expiration (MMYY)').fill('1030');
    await page.getByLabel('CVV').fill('12');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await page.getByText('Invalid Credit Card Number').waitFor();
    expect(sent.filter((r) => r.method === 'POST' && /tokenize|single-payment/.test(r.url))).toEqual([]);
    await page.context().close();
  });
});

/**
 * The same with PORTAL_GATEWAY=authorize-net, against the local server speaking Authorize.Net's API
 * (the machine has no outside network). The browser asks for Accept.js at jstest.authorize.net and
 * posts the card to apitest.authorize.net; both requests are answered here: the script by a
 * stand-in that makes Accept.js's own call (securePaymentContainerRequest with the public client
 * key), the API by the local server. The portal's CSP must let exactly those through.
 */
describe('with Authorize.Net: Accept.js posts the card to the gateway, the portal gets the nonce', () => {
  let fake: FakeAuthorizeNet;
  let portal: Awaited<ReturnType<typeof startPortal>>;
  const ACCEPT_JS = 'https://jstest.authorize.net/v1/Accept.js';
  const ACCEPT_API = 'https://apitest.authorize.net/xml/v1/request.api';
  const STAND_IN = `window.Accept = { dispatchData(secure, callback) {
    const c = secure.cardData;
    fetch(${JSON.stringify(ACCEPT_API)}, { method: 'POST', body: JSON.stringify({ securePaymentContainerRequest: {
      merchantAuthentication: { name: secure.authData.apiLoginID, clientKey: secure.authData.clientKey },
      data: { type: 'TOKEN', id: String(Date.now()), token: { cardNumber: c.cardNumber, expirationDate: c.month + c.year, cardCode: c.cardCode } } } }) })
      .then((r) => r.text()).then((t) => callback(JSON.parse(t.replace(/^\uFEFF/, ''))));
  } };`;

  beforeAll(async () => {
    fake = await FakeAuthorizeNet.start();
    portal = await startPortal({
      PORTAL_GATEWAY: 'authorize-net',
      AUTHNET_ENDPOINT: fake.url,
      AUTHNET_LOGIN_ID: fake.loginId,
      AUTHNET_TRANSACTION_KEY: fake.transactionKey,
      AUTHNET_CLIENT_KEY: fake.clientKey,
    });
  }, 200_000);
  afterAll(async () => {
    await portal?.stop();
    await fake?.close();
  });

  async function signedIn(logname: string): Promise<{ page: Page; sent: Sent[]; blocked: string[] }> {
    const page = await newPage(browser);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) blocked.push(m.text());
    });
    await page.route(ACCEPT_JS, (route) =>
      route.fulfill({ contentType: 'application/javascript', body: STAND_IN }),
    );
    await page.route(ACCEPT_API, async (route) => {
      const answer = await route.fetch({ url: fake.url });
      await route.fulfill({ response: answer, headers: { 'access-control-allow-origin': '*' } });
    });
    await page.goto(`${portal.baseUrl}/portal/`);
    await page.getByLabel('Username').fill(logname);
    await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('operator').waitFor();
    return { page, sent: networkLog(page), blocked };
  }

  function expectOnlyGatewaySeesCard(sent: Sent[], digits: string, cvv: string, call: string) {
    const toPortal = sent.filter((r) => r.url.startsWith(portal.baseUrl));
    expect(toPortal.filter((r) => carries(r.body, digits, cvv)).map((r) => r.url)).toEqual([]);
    const api = toPortal.filter((r) => r.method === 'POST' && r.url.endsWith(call));
    expect(api).toHaveLength(1);
    expect(JSON.parse(must(api[0], 'the request').body).opaque_data.descriptor).toBe(
      'COMMON.ACCEPT.INAPP.PAYMENT',
    );
    const gateway = sent.filter((r) => r.url === ACCEPT_API);
    expect(gateway).toHaveLength(1);
    expect(carries(must(gateway[0], 'the request').body, digits, cvv)).toBe(true);
  }

  it('Add/Edit Credit Card and Make a Payment: the card goes to Authorize.Net only', async () => {
    const { page, sent, blocked } = await signedIn('bob');
    await page.goto(`${portal.baseUrl}/portal/edit-cc`);
    await page.getByLabel('Card number').waitFor();
    await page.getByLabel('Card number').fill('370000000000002');
    await page.getByRole('combobox', { name: 'Card type' }).selectOption('AmExp');
    await page.getByLabel('Expiration (MMYY)').fill('0832');
    await page.getByLabel('CVV').fill('4821');
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByText('The Card has been added').waitFor();
    await page.getByText('AmExp ending 0002').waitFor();
    expectOnlyGatewaySeesCard(sent, '370000000000002', '4821', '/api/add-card');
    const added = fake.requestsOf('createCustomerPaymentProfileRequest').at(-1);
    expect(JSON.stringify(added?.body)).toContain('opaqueData');

    sent.length = 0;
    await page.goto(`${portal.baseUrl}/portal/make-payment`);
    await page.getByTestId('payment-status').getByText('Last invoice', { exact: true }).waitFor();
    await page.getByLabel('Amount ($)').fill('9.41');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('Card number').fill('6011000000000012');
    await page.getByLabel('Expiration (MMYY)').fill('0731');
    await page.getByLabel('CVV').fill('582');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    // Nothing is due on this account: the payment is a credit, which the form asks about first.
    await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
    await page.getByTestId('thankyou').waitFor();
    expectOnlyGatewaySeesCard(sent, '6011000000000012', '582', '/api/single-payment');
    const charge = fake.requestsOf('createTransactionRequest').at(-1);
    expect(JSON.stringify(charge?.body)).toContain('opaqueData');
    expect(fake.charges().at(-1)?.accountNumber).toBe('XXXX0012');
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardType, luhnValid } from '../../src/integrations/gateway/types.ts';
import { must } from '../support/must.ts';

/**
 * A local stand-in for Authorize.Net's JSON API, for tests: it listens on 127.0.0.1 (port 0),
 * answers the calls AuthorizeNetGateway makes with Authorize.Net's shapes (BOM included), and
 * records every request it receives.
 *
 * Deterministic behaviour (Authorize.Net's sandbox conventions, plus a few of ours):
 * - any Luhn-valid card number is accepted; an expired card → error (reason 8);
 * - billing ZIP 46282 or card 4222222222222 → declined (reason 2); card code 901 → declined (reason 44);
 * - amount 0.01 → processing error (reason 19); amount 0.04 → held for review (responseCode 4);
 * - a repeat of a transaction (same card or profile, amount, invoice number, billing fields) inside its
 *   duplicateWindow → error 11 carrying the original transId;
 * - `delayMs` answers late (the request is processed first, like a slow gateway); `failNext()` makes
 *   the next answer an HTTP 500, a non-JSON page, or a dropped connection after processing;
 * - element order of the main request objects is checked like the XML schema does (E00003);
 * - Accept.js's `securePaymentContainerRequest` (authenticated by the public client key) turns a card
 *   into a payment nonce (`opaqueData`), or `tokenize()` does it directly; `payment.opaqueData` is
 *   then taken in place of `creditCard` by createTransactionRequest and the profile requests. A
 *   nonce must exist, is good for one request and for 15 minutes (`now` is the fake's clock);
 *   otherwise E00114 "Invalid OTS Token.".
 */

type Json = Record<string, unknown>;

export interface FakeRequest {
  type: string;
  body: Json;
  raw: string;
}

export interface FakeTransaction {
  transId: string;
  refId?: string;
  invoiceNumber?: string;
  description?: string;
  amount: string;
  responseCode: 1 | 2 | 3 | 4;
  reasonCode: number;
  reasonText: string;
  status: string;
  authCode: string;
  accountNumber: string;
  accountType: string;
  customerProfileId?: string;
  paymentProfileId?: string;
  billTo: Json;
  submitTimeUTC: string;
  batchId?: string;
  dupKey: string;
}

interface FakePaymentProfile {
  id: string;
  cardNumber: string;
  expirationDate: string;
  billTo: Json;
}

interface FakeProfile {
  id: string;
  merchantCustomerId?: string;
  description?: string;
  email?: string;
  paymentProfiles: Map<string, FakePaymentProfile>;
}

export type FakeFailure = 'http-500' | 'garbage' | 'drop';

export interface FakeAuthorizeNetOptions {
  loginId?: string;
  transactionKey?: string;
  /** Accept.js's Public Client Key. */
  clientKey?: string;
  /** Start answers with a UTF-8 BOM, as Authorize.Net does (default true). */
  bom?: boolean;
}

/** Accept.js's payment nonces: the descriptor, and how long one may be used. */
export const NONCE_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
export const NONCE_TTL_MS = 15 * 60_000;

interface FakeNonce {
  cardNumber: string;
  /** YYYY-MM */
  expirationDate: string;
  cardCode?: string;
  expiresAt: number;
}

const ORDER: Record<string, string[]> = {
  securePaymentContainerRequest: ['data'],
  createTransactionRequest: ['transactionRequest'],
  createCustomerProfileRequest: ['profile', 'validationMode'],
  createCustomerPaymentProfileRequest: ['customerProfileId', 'paymentProfile', 'validationMode'],
  getCustomerPaymentProfileRequest: [
    'customerProfileId',
    'customerPaymentProfileId',
    'unmaskExpirationDate',
    'includeIssuerInfo',
  ],
  updateCustomerPaymentProfileRequest: ['customerProfileId', 'paymentProfile', 'validationMode'],
  deleteCustomerPaymentProfileRequest: ['customerProfileId', 'customerPaymentProfileId'],
  getUnsettledTransactionListRequest: ['status', 'sorting', 'paging'],
  getSettledBatchListRequest: ['includeStatistics', 'firstSettlementDate', 'lastSettlementDate'],
  getTransactionListRequest: ['batchId', 'sorting', 'paging'],
  getTransactionDetailsRequest: ['transId'],
};
const TRANSACTION_REQUEST = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'solution',
  'callId',
  'terminalNumber',
  'authCode',
  'refTransId',
  'splitTenderId',
  'order',
  'lineItems',
  'tax',
  'duty',
  'shipping',
  'taxExempt',
  'poNumber',
  'customer',
  'billTo',
  'shipTo',
  'customerIP',
  'cardholderAuthentication',
  'retail',
  'employeeId',
  'transactionSettings',
  'userFields',
];
const BILL_TO = [
  'firstName',
  'lastName',
  'company',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'phoneNumber',
  'faxNumber',
  'email',
];
const CREDIT_CARD = ['cardNumber', 'expirationDate', 'cardCode'];
const PROFILE = [
  'merchantCustomerId',
  'description',
  'email',
  'paymentProfiles',
  'shipToList',
  'profileType',
];
const PAYMENT_PROFILE = [
  'customerType',
  'billTo',
  'payment',
  'driversLicense',
  'taxId',
  'defaultPaymentProfile',
  'customerPaymentProfileId',
];
const ORDER_TYPE = ['invoiceNumber', 'description'];

class SchemaError extends Error {}
/** An unknown, used or expired payment nonce. */
class NonceError extends Error {}

const ANET_TYPE: Record<string, string> = {
  Visa: 'Visa',
  'M/C': 'MasterCard',
  Discover: 'Discover',
  AmExp: 'AmericanExpress',
};

export class FakeAuthorizeNet {
  readonly loginId: string;
  readonly transactionKey: string;
  readonly clientKey: string;
  /** The fake's clock (nonce expiry); tests may give it theirs. */
  now: () => Date = () => new Date();
  private readonly nonces = new Map<string, FakeNonce>();
  private nonceSeq = 0;
  /** The endpoint to give the client: http://127.0.0.1:PORT/xml/v1/request.api */
  url = '';
  bom: boolean;
  /** Answer this many ms late (after processing the request). */
  delayMs = 0;
  readonly requests: FakeRequest[] = [];
  readonly transactions: FakeTransaction[] = [];
  readonly profiles = new Map<string, FakeProfile>();
  readonly batches: { batchId: string; settlementTimeUTC: string }[] = [];
  private server: Server | null = null;
  private failures: FakeFailure[] = [];
  private seq = {
    trans: 60_000_000_000,
    profile: 500_000_000,
    paymentProfile: 510_000_000,
    batch: 9_000_000,
  };

  constructor(opts: FakeAuthorizeNetOptions = {}) {
    this.loginId = opts.loginId ?? 'fake-login';
    this.transactionKey = opts.transactionKey ?? 'fakeTransactionKey123';
    this.clientKey = opts.clientKey ?? 'fakePublicClientKey456';
    this.bom = opts.bom ?? true;
  }

  static async start(opts: FakeAuthorizeNetOptions = {}): Promise<FakeAuthorizeNet> {
    const fake = new FakeAuthorizeNet(opts);
    await fake.listen();
    return fake;
  }

  async listen(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/xml/v1/request.api`;
    return this.url;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next answer fails this way (queue several by calling again). */
  failNext(kind: FakeFailure): void {
    this.failures.push(kind);
  }

  /**
   * What Accept.js does in the browser: a card → a payment nonce ({dataDescriptor, dataValue}),
   * single-use, valid 15 minutes. `expdate` is MMYY.
   */
  tokenize(card: { number: string; expdate: string; cvv?: string }): {
    dataDescriptor: string;
    dataValue: string;
  } {
    const mm = card.expdate.slice(0, 2);
    const yy = card.expdate.replace('/', '').slice(2, 4);
    const dataValue = `eyJ${Buffer.from(`nonce-${++this.nonceSeq}-${Math.random()}`).toString('base64url')}`;
    this.nonces.set(dataValue, {
      cardNumber: card.number,
      expirationDate: `20${yy}-${mm}`,
      cardCode: card.cvv,
      expiresAt: this.now().getTime() + NONCE_TTL_MS,
    });
    return { dataDescriptor: NONCE_DESCRIPTOR, dataValue };
  }

  /** Uses a nonce up: any request that names it spends it, whatever its outcome. */
  private redeem(opaque: Json): FakeNonce {
    const value = str(opaque.dataValue) ?? '';
    const nonce = this.nonces.get(value);
    this.nonces.delete(value);
    if (
      !nonce ||
      str(opaque.dataDescriptor) !== NONCE_DESCRIPTOR ||
      nonce.expiresAt <= this.now().getTime()
    ) {
      throw new NonceError();
    }
    return nonce;
  }

  /** The card of a `payment` element: `creditCard`, or `opaqueData` (a nonce, spent here). */
  private cardOf(
    payment: Json | undefined,
  ): { cardNumber: string; expirationDate: string; cardCode?: string } | null {
    const opaque = obj(payment?.opaqueData);
    if (opaque) {
      checkOrder('opaqueData', opaque, ['dataDescriptor', 'dataValue', 'dataKey']);
      const { cardNumber, expirationDate, cardCode } = this.redeem(opaque);
      return { cardNumber, expirationDate, cardCode };
    }
    const card = obj(payment?.creditCard);
    if (!card) return null;
    checkOrder('creditCard', card, CREDIT_CARD);
    const cardNumber = str(card.cardNumber) ?? '';
    checkCardFields(cardNumber, str(card.cardCode));
    return { cardNumber, expirationDate: str(card.expirationDate) ?? '', cardCode: str(card.cardCode) };
  }

  /** Requests of one type, e.g. 'createTransactionRequest'. */
  requestsOf(type: string): FakeRequest[] {
    return this.requests.filter((r) => r.type === type);
  }

  /** Approved transactions (money taken), optionally for one invoice number. */
  charges(invoiceNumber?: string): FakeTransaction[] {
    return this.transactions.filter(
      (t) => t.responseCode === 1 && (invoiceNumber === undefined || t.invoiceNumber === invoiceNumber),
    );
  }

  /** Closes a settlement batch with every unsettled transaction in it; returns its id. */
  settle(at: Date = new Date()): string {
    const batchId = String(++this.seq.batch);
    this.batches.push({ batchId, settlementTimeUTC: at.toISOString() });
    for (const t of this.transactions) {
      if (t.batchId) continue;
      t.batchId = batchId;
      if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
    }
    return batchId;
  }

  // -------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || !req.url?.startsWith('/xml/v1/request.api')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    let answer: Json;
    let parsed: Json | null = null;
    try {
      const value: unknown = JSON.parse(raw.replace(/^\uFEFF/, ''));
      parsed = value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
    } catch {
      parsed = null;
    }
    const type = parsed ? Object.keys(parsed)[0] : undefined;
    const body = type ? obj(parsed?.[type]) : undefined;
    this.requests.push({ type: type ?? '', body: body ?? {}, raw });

    const failure = this.failures.shift();
    if (failure === 'http-500') {
      res
        .writeHead(500, { 'content-type': 'text/html' })
        .end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (failure === 'garbage') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Service Unavailable</body></html>');
      return;
    }

    if (!type || !body) {
      answer = error('E00003', 'Root element is missing.');
    } else {
      try {
        answer = this.dispatch(type, body);
      } catch (err) {
        if (!(err instanceof SchemaError)) throw err;
        answer = error('E00003', err.message);
      }
    }
    if (failure === 'drop') {
      req.socket.destroy();
      return;
    }
    if (this.delayMs > 0) {
      await new Promise<void>((resolve) => setTimeout(resolve, this.delayMs).unref());
      if (res.destroyed || req.socket.destroyed) return;
    }
    const text = (this.bom ? '\uFEFF' : '') + JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(text);
  }

  private dispatch(type: string, body: Json): Json {
    const order = ORDER[type];
    if (!order) return error('E00045', `The root node does not reference a valid request: ${type}.`);
    checkOrder(type, body, ['merchantAuthentication', 'clientId', 'refId', ...order]);
    const auth = obj(body.merchantAuthentication);
    // Accept.js authenticates with the public client key, which can do nothing else.
    const keyOk =
      type === 'securePaymentContainerRequest'
        ? auth?.clientKey === this.clientKey
        : auth?.transactionKey === this.transactionKey;
    if (!auth || auth.name !== this.loginId || !keyOk) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }
    const refId = str(body.refId);
    if (refId !== undefined) maxLength('refId', refId, 20);
    let answer: Json;
    try {
      answer = this.route(type, body);
    } catch (err) {
      if (!(err instanceof NonceError)) throw err;
      answer = error('E00114', 'Invalid OTS Token.');
    }
    return refId !== undefined ? { ...answer, refId } : answer;
  }

  private route(type: string, body: Json): Json {
    switch (type) {
      case 'securePaymentContainerRequest':
        return this.securePaymentContainer(body);
      case 'createTransactionRequest':
        return this.createTransaction(body);
      case 'createCustomerProfileRequest':
        return this.createCustomerProfile(body);
      case 'createCustomerPaymentProfileRequest':
        return this.createCustomerPaymentProfile(body);
      case 'getCustomerPaymentProfileRequest':
        return this.getCustomerPaymentProfile(body);
      case 'updateCustomerPaymentProfileRequest':
        return this.updateCustomerPaymentProfile(body);
      case 'deleteCustomerPaymentProfileRequest':
        return this.deleteCustomerPaymentProfile(body);
      case 'getUnsettledTransactionListRequest':
        return this.listTransactions(
          this.transactions.filter((t) => !t.batchId),
          body,
        );
      case 'getSettledBatchListRequest':
        return this.settledBatchList(body);
      case 'getTransactionListRequest':
        return this.listTransactions(
          this.transactions.filter((t) => t.batchId !== undefined && t.batchId === str(body.batchId)),
          body,
        );
      default:
        return this.transactionDetails(body);
    }
  }

  // --- Accept.js ------------------------------------------------------------------------------

  private securePaymentContainer(body: Json): Json {
    const token = obj(obj(body.data)?.token);
    if (!token) throw new SchemaError("The element 'data' has incomplete content.");
    const cardNumber = str(token.cardNumber) ?? '';
    const expirationDate = str(token.expirationDate) ?? '';
    const cardCode = str(token.cardCode);
    checkCardFields(cardNumber, cardCode);
    if (!luhnValid(cardNumber)) return error('E_WC_05', 'Please provide valid credit card number.');
    if (!/^\d{4}$/.test(expirationDate)) return error('E_WC_06', 'Please provide valid expiration month.');
    return {
      opaqueData: this.tokenize({ number: cardNumber, expdate: expirationDate, cvv: cardCode }),
      messages: ok(),
    };
  }

  // --- transactions ----------------------------------------------------------------------------

  private createTransaction(body: Json): Json {
    const tr = obj(body.transactionRequest);
    if (!tr) throw new SchemaError("The element 'createTransactionRequest' has incomplete content.");
    checkOrder('transactionRequest', tr, TRANSACTION_REQUEST);
    if (tr.transactionType !== 'authCaptureTransaction') {
      return error(
        'E00003',
        `The transaction type '${str(tr.transactionType)}' is not supported by this fake.`,
      );
    }
    const amountText = str(tr.amount) ?? '';
    const amount = Number(amountText);
    if (!/^\d+(\.\d{1,2})?$/.test(amountText) || !(amount > 0))
      return txError(body, 5, 'A valid amount is required.');
    const order = obj(tr.order) ?? {};
    checkOrder('order', order, ORDER_TYPE);
    const invoiceNumber = str(order.invoiceNumber);
    if (invoiceNumber !== undefined) maxLength('invoiceNumber', invoiceNumber, 20);
    const window = Number(
      (arr(obj(tr.transactionSettings)?.setting) as Json[]).find(
        (s) => obj(s)?.settingName === 'duplicateWindow',
      )?.settingValue ?? 120,
    );

    let cardNumber: string;
    let expirationDate: string;
    let cardCode: string | undefined;
    let billTo: Json;
    let customerProfileId: string | undefined;
    let paymentProfileId: string | undefined;
    const payment = this.cardOf(obj(tr.payment));
    const profileRef = obj(tr.profile);
    if (payment) {
      ({ cardNumber, expirationDate, cardCode } = payment);
      billTo = obj(tr.billTo) ?? {};
      checkOrder('billTo', billTo, BILL_TO);
    } else if (profileRef) {
      customerProfileId = str(profileRef.customerProfileId);
      paymentProfileId = str(obj(profileRef.paymentProfile)?.paymentProfileId);
      const stored = this.profiles.get(customerProfileId ?? '')?.paymentProfiles.get(paymentProfileId ?? '');
      if (!stored) return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.');
      ({ cardNumber, expirationDate, billTo } = stored);
    } else {
      return txError(body, 33, 'Credit card number is required.');
    }

    const dupKey = JSON.stringify([
      tr.transactionType,
      cardNumber,
      expirationDate,
      amount.toFixed(2),
      invoiceNumber ?? '',
      str(tr.poNumber) ?? '',
      str(obj(tr.customer)?.id) ?? '',
      ...BILL_TO.slice(0, 8).map((k) => str(billTo[k]) ?? ''),
    ]);
    const now = Date.now();
    const original = this.transactions.find(
      (t) => t.dupKey === dupKey && now - Date.parse(t.submitTimeUTC) < window * 1000,
    );
    if (original) {
      return {
        transactionResponse: {
          responseCode: '3',
          authCode: original.authCode,
          avsResultCode: 'P',
          cvvResultCode: '',
          cavvResultCode: '',
          transId: original.transId,
          refTransID: '',
          transHash: '',
          testRequest: '0',
          accountNumber: original.accountNumber,
          accountType: original.accountType,
          errors: [{ errorCode: '11', errorText: 'A duplicate transaction has been submitted.' }],
        },
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
        },
      };
    }

    if (!luhnValid(cardNumber)) return txError(body, 6, 'The credit card number is invalid.');
    if (expired(expirationDate)) return txError(body, 8, 'The credit card has expired.');

    let responseCode: 1 | 2 | 3 | 4 = 1;
    let reasonCode = 1;
    let reasonText = 'This transaction has been approved.';
    let status = 'capturedPendingSettlement';
    if (amount === 0.01) {
      [responseCode, reasonCode, reasonText, status] = [
        3,
        19,
        'An error occurred during processing. Please try again.',
        'generalError',
      ];
    } else if (cardNumber === '4222222222222' || str(billTo.zip) === '46282') {
      [responseCode, reasonCode, reasonText, status] = [
        2,
        2,
        'This transaction has been declined.',
        'declined',
      ];
    } else if (cardCode === '901') {
      [responseCode, reasonCode, reasonText, status] = [
        2,
        44,
        'This transaction has been declined.',
        'declined',
      ];
    } else if (amount === 0.04) {
      [responseCode, reasonCode, reasonText, status] = [
        4,
        252,
        'Your order has been received. Thank you for your business!',
        'FDSPendingReview',
      ];
    }
    const type = cardType(cardNumber);
    const t: FakeTransaction = {
      transId: String(++this.seq.trans),
      refId: str(body.refId),
      invoiceNumber,
      description: str(order.description),
      amount: amount.toFixed(2),
      responseCode,
      reasonCode,
      reasonText,
      status,
      authCode: responseCode === 1 || responseCode === 4 ? `A${String(this.seq.trans).slice(-5)}` : '',
      accountNumber: `XXXX${cardNumber.slice(-4)}`,
      accountType: type ? must(ANET_TYPE[type], `a known card type (${type})`) : 'Visa',
      customerProfileId,
      paymentProfileId,
      billTo,
      submitTimeUTC: new Date(now).toISOString(),
      dupKey,
    };
    this.transactions.push(t);
    const good = responseCode === 1 || responseCode === 4;
    return {
      transactionResponse: {
        responseCode: String(responseCode),
        authCode: t.authCode,
        avsResultCode: 'Y',
        cvvResultCode: cardCode === '901' ? 'N' : cardCode ? 'M' : '',
        cavvResultCode: '2',
        transId: t.transId,
        refTransID: '',
        transHash: '',
        testRequest: '0',
        accountNumber: t.accountNumber,
        accountType: t.accountType,
        ...(good
          ? { messages: [{ code: String(reasonCode), description: reasonText }] }
          : { errors: [{ errorCode: String(reasonCode), errorText: reasonText }] }),
      },
      messages:
        responseCode === 1 || responseCode === 4
          ? { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] }
          : { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
    };
  }

  private listTransactions(list: FakeTransaction[], body: Json): Json {
    const sorting = obj(body.sorting);
    const paging = obj(body.paging);
    const sorted = [...list].sort(
      (a, b) => a.submitTimeUTC.localeCompare(b.submitTimeUTC) || a.transId.localeCompare(b.transId),
    );
    if (sorting?.orderDescending === true || sorting?.orderDescending === 'true') sorted.reverse();
    const limit = Math.min(Number(paging?.limit ?? 1000), 1000);
    const offset = Math.max(Number(paging?.offset ?? 1), 1);
    const page = sorted.slice((offset - 1) * limit, offset * limit);
    if (page.length === 0)
      return { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } };
    return {
      transactions: page.map((t) => ({
        transId: t.transId,
        submitTimeUTC: t.submitTimeUTC,
        submitTimeLocal: t.submitTimeUTC.slice(0, 19),
        transactionStatus: t.status,
        invoiceNumber: t.invoiceNumber,
        firstName: t.billTo.firstName,
        lastName: t.billTo.lastName,
        accountType: t.accountType,
        accountNumber: t.accountNumber,
        settleAmount: Number(t.amount),
        marketType: 'eCommerce',
        product: 'Card Not Present',
      })),
      totalNumInResultSet: list.length,
      messages: ok(),
    };
  }

  private settledBatchList(body: Json): Json {
    const from = Date.parse(str(body.firstSettlementDate) ?? '') || 0;
    const to = Date.parse(str(body.lastSettlementDate) ?? '') || Number.POSITIVE_INFINITY;
    const batches = this.batches.filter((b) => {
      const at = Date.parse(b.settlementTimeUTC);
      return at >= from && at <= to;
    });
    if (batches.length === 0)
      return { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } };
    return {
      batchList: batches.map((b) => ({
        batchId: b.batchId,
        settlementTimeUTC: b.settlementTimeUTC,
        settlementTimeLocal: b.settlementTimeUTC.slice(0, 19),
        settlementState: 'settledSuccessfully',
        paymentMethod: 'creditCard',
        marketType: 'eCommerce',
        product: 'Card Not Present',
      })),
      messages: ok(),
    };
  }

  private transactionDetails(body: Json): Json {
    const t = this.transactions.find((x) => x.transId === str(body.transId));
    if (!t) return error('E00040', 'The record cannot be found.');
    return {
      transaction: {
        transId: t.transId,
        submitTimeUTC: t.submitTimeUTC,
        submitTimeLocal: t.submitTimeUTC.slice(0, 19),
        transactionType: 'authCaptureTransaction',
        transactionStatus: t.status,
        responseCode: t.responseCode,
        responseReasonCode: t.reasonCode,
        responseReasonDescription: t.responseCode === 1 ? 'Approval' : t.reasonText,
        authCode: t.authCode,
        AVSResponse: 'Y',
        ...(t.batchId ? { batch: { batchId: t.batchId, settlementState: 'settledSuccessfully' } } : {}),
        order: { invoiceNumber: t.invoiceNumber, description: t.description },
        authAmount: Number(t.amount),
        settleAmount: t.responseCode === 1 ? Number(t.amount) : 0,
        payment: {
          creditCard: { cardNumber: t.accountNumber, expirationDate: 'XXXX', cardType: t.accountType },
        },
        ...(t.customerProfileId
          ? {
              profile: {
                customerProfileId: t.customerProfileId,
                customerPaymentProfileId: t.paymentProfileId,
              },
            }
          : {}),
        billTo: t.billTo,
        product: 'Card Not Present',
        marketType: 'eCommerce',
      },
      messages: ok(),
    };
  }

  // --- customer profiles -------------------------------------------------------------------

  private createCustomerProfile(body: Json): Json {
    const profile = obj(body.profile);
    if (!profile) throw new SchemaError("The element 'createCustomerProfileRequest' has incomplete content.");
    checkOrder('profile', profile, PROFILE);
    const merchantCustomerId = str(profile.merchantCustomerId);
    if (merchantCustomerId !== undefined) maxLength('merchantCustomerId', merchantCustomerId, 20);
    const description = str(profile.description);
    const email = str(profile.email);
    const dup = [...this.profiles.values()].find(
      (p) =>
        p.merchantCustomerId === merchantCustomerId && p.description === description && p.email === email,
    );
    if (dup) return error('E00039', `A duplicate record with ID ${dup.id} already exists.`);
    const incoming = arr(profile.paymentProfiles).map((p) => obj(p) ?? {});
    const created: FakePaymentProfile[] = [];
    const directResponses: string[] = [];
    for (const pp of incoming) {
      const { profile: parsed, cardCode } = this.parsePaymentProfile(pp);
      const v = validate({ ...parsed, cardCode }, str(body.validationMode));
      if (v && !v.ok) {
        return {
          validationDirectResponseList: [v.direct],
          messages: { resultCode: 'Error', message: [{ code: 'E00027', text: v.text }] },
        };
      }
      if (v) directResponses.push(v.direct);
      created.push({ id: String(++this.seq.paymentProfile), ...parsed });
    }
    const id = String(++this.seq.profile);
    this.profiles.set(id, {
      id,
      merchantCustomerId,
      description,
      email,
      paymentProfiles: new Map(created.map((p) => [p.id, p])),
    });
    return {
      customerProfileId: id,
      customerPaymentProfileIdList: created.map((p) => p.id),
      customerShippingAddressIdList: [],
      validationDirectResponseList: directResponses,
      messages: ok(),
    };
  }

  private createCustomerPaymentProfile(body: Json): Json {
    const profile = this.profiles.get(str(body.customerProfileId) ?? '');
    if (!profile) return error('E00040', 'The record cannot be found.');
    const pp = obj(body.paymentProfile);
    if (!pp)
      throw new SchemaError("The element 'createCustomerPaymentProfileRequest' has incomplete content.");
    const { profile: parsed, cardCode } = this.parsePaymentProfile(pp);
    const existing = [...profile.paymentProfiles.values()].find((p) => p.cardNumber === parsed.cardNumber);
    if (existing) {
      return {
        customerProfileId: profile.id,
        customerPaymentProfileId: existing.id,
        messages: {
          resultCode: 'Error',
          message: [{ code: 'E00039', text: 'A duplicate customer payment profile already exists.' }],
        },
      };
    }
    if (profile.paymentProfiles.size >= 10)
      return error('E00042', 'You cannot add more than 10 payment profiles.');
    const v = validate({ ...parsed, cardCode }, str(body.validationMode));
    if (v && !v.ok) {
      return {
        validationDirectResponse: v.direct,
        messages: { resultCode: 'Error', message: [{ code: 'E00027', text: v.text }] },
      };
    }
    const id = String(++this.seq.paymentProfile);
    profile.paymentProfiles.set(id, { id, ...parsed });
    return {
      customerProfileId: profile.id,
      customerPaymentProfileId: id,
      ...(v ? { validationDirectResponse: v.direct } : {}),
      messages: ok(),
    };
  }

  private getCustomerPaymentProfile(body: Json): Json {
    const pp = this.profiles
      .get(str(body.customerProfileId) ?? '')
      ?.paymentProfiles.get(str(body.customerPaymentProfileId) ?? '');
    if (!pp) return error('E00040', 'The record cannot be found.');
    const type = cardType(pp.cardNumber);
    const unmasked = body.unmaskExpirationDate === true || body.unmaskExpirationDate === 'true';
    // Authorize.Net answers with its own field order (phoneNumber first).
    const { phoneNumber, ...rest } = pp.billTo;
    return {
      paymentProfile: {
        customerProfileId: str(body.customerProfileId),
        customerPaymentProfileId: pp.id,
        payment: {
          creditCard: {
            cardNumber: `XXXX${pp.cardNumber.slice(-4)}`,
            expirationDate: unmasked ? pp.expirationDate : 'XXXX',
            cardType: type ? must(ANET_TYPE[type], `a known card type (${type})`) : 'Visa',
          },
        },
        customerTypeSpecified: false,
        billTo: phoneNumber !== undefined ? { phoneNumber, ...rest } : rest,
      },
      messages: ok(),
    };
  }

  private updateCustomerPaymentProfile(body: Json): Json {
    const profile = this.profiles.get(str(body.customerProfileId) ?? '');
    const incoming = obj(body.paymentProfile);
    if (!incoming)
      throw new SchemaError("The element 'updateCustomerPaymentProfileRequest' has incomplete content.");
    checkOrder('paymentProfile', incoming, PAYMENT_PROFILE);
    const pp = profile?.paymentProfiles.get(str(incoming.customerPaymentProfileId) ?? '');
    if (!pp) return error('E00040', 'The record cannot be found.');
    const card = obj(obj(incoming.payment)?.creditCard);
    if (!card) throw new SchemaError("The element 'paymentProfile' has incomplete content.");
    checkOrder('creditCard', card, CREDIT_CARD);
    const number = str(card.cardNumber) ?? '';
    let cardNumber = pp.cardNumber;
    if (/^X+\d{4}$/.test(number)) {
      if (number.slice(-4) !== pp.cardNumber.slice(-4)) {
        return error('E00003', 'The masked card number does not match the stored card.');
      }
    } else {
      checkCardFields(number, str(card.cardCode));
      cardNumber = number;
    }
    const exp = str(card.expirationDate) ?? '';
    const expirationDate = exp === 'XXXX' ? pp.expirationDate : exp;
    const billTo = obj(incoming.billTo) ?? {};
    checkOrder('billTo', billTo, BILL_TO);
    const next = { cardNumber, expirationDate, billTo };
    const v = validate({ ...next, cardCode: str(card.cardCode) }, str(body.validationMode));
    if (v && !v.ok) {
      return {
        validationDirectResponse: v.direct,
        messages: { resultCode: 'Error', message: [{ code: 'E00027', text: v.text }] },
      };
    }
    // An update replaces the payment profile: billing fields left out are cleared.
    Object.assign(pp, next);
    return { ...(v ? { validationDirectResponse: v.direct } : {}), messages: ok() };
  }

  /** The stored fields of a payment profile, and the card code (used for validation only, never kept). */
  private parsePaymentProfile(pp: Json): { profile: Omit<FakePaymentProfile, 'id'>; cardCode?: string } {
    checkOrder('paymentProfile', pp, PAYMENT_PROFILE);
    const billTo = obj(pp.billTo) ?? {};
    checkOrder('billTo', billTo, BILL_TO);
    const card = this.cardOf(obj(pp.payment));
    if (!card)
      throw new SchemaError(
        "The element 'paymentProfile' has incomplete content. List of possible elements expected: 'payment'.",
      );
    return {
      profile: { cardNumber: card.cardNumber, expirationDate: card.expirationDate, billTo },
      cardCode: card.cardCode,
    };
  }

  private deleteCustomerPaymentProfile(body: Json): Json {
    const profile = this.profiles.get(str(body.customerProfileId) ?? '');
    const id = str(body.customerPaymentProfileId) ?? '';
    if (!profile?.paymentProfiles.delete(id)) return error('E00040', 'The record cannot be found.');
    return { messages: ok() };
  }
}

// ---------------------------------------------------------------------------------------------

/** liveMode/testMode validation of a payment profile: the zero-dollar authorization's answer. */
function validate(
  p: { cardNumber: string; expirationDate: string; billTo: Json; cardCode?: string },
  mode: string | undefined,
): { ok: boolean; direct: string; text: string } | null {
  if (!mode || mode === 'none') return null;
  const last4 = `XXXX${p.cardNumber.slice(-4)}`;
  const direct = (code: number, reason: number, text: string) =>
    `${code},1,${reason},${text},${code === 1 ? '000000' : ''},Y,0,none,Test transaction for ValidateCustomerPaymentProfile.,0.00,CC,auth_only,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,${last4},Visa,,,,,,,,,,,,,,,,`;
  if (!luhnValid(p.cardNumber))
    return {
      ok: false,
      direct: direct(3, 6, 'The credit card number is invalid.'),
      text: 'The credit card number is invalid.',
    };
  if (expired(p.expirationDate))
    return {
      ok: false,
      direct: direct(3, 8, 'The credit card has expired.'),
      text: 'The credit card has expired.',
    };
  if (mode === 'liveMode') {
    if (p.cardNumber === '4222222222222' || str(p.billTo.zip) === '46282' || p.cardCode === '901') {
      return {
        ok: false,
        direct: direct(2, 2, 'This transaction has been declined.'),
        text: 'This transaction has been declined.',
      };
    }
  }
  return { ok: true, direct: direct(1, 1, 'This transaction has been approved.'), text: 'Successful.' };
}

function checkCardFields(cardNumber: string, cardCode: string | undefined): void {
  if (!/^\d{13,16}$/.test(cardNumber)) {
    // Authorize.Net echoes the offending value in schema errors, card numbers included.
    throw new SchemaError(
      `The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:cardNumber' element is invalid - The value '${cardNumber}' is invalid according to its datatype 'String' - The actual length is not within the allowed range.`,
    );
  }
  if (cardCode !== undefined && !/^\d{3,4}$/.test(cardCode)) {
    throw new SchemaError(
      `The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:cardCode' element is invalid - The value '${cardCode}' is invalid according to its datatype 'String'.`,
    );
  }
}

/** "YYYY-MM" or "MMYY"; expired after the last day of the month. */
function expired(exp: string): boolean {
  let year: number;
  let month: number;
  let m = /^(\d{4})-(\d{2})$/.exec(exp);
  if (m) {
    year = Number(m[1]);
    month = Number(m[2]);
  } else {
    m = /^(\d{2})(\d{2})$/.exec(exp);
    if (!m) return true;
    month = Number(m[1]);
    year = 2000 + Number(m[2]);
  }
  const now = new Date();
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

function checkOrder(element: string, node: Json, expected: string[]): void {
  let last = -1;
  for (const key of Object.keys(node)) {
    const at = expected.indexOf(key);
    if (at < 0 || at < last) {
      const allowed = expected.slice(last + 1).join(', ');
      throw new SchemaError(
        `The element '${element}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd' has invalid child element '${key}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'. List of possible elements expected: '${allowed}' in namespace 'AnetApi/xml/v1/schema/AnetApiSchema.xsd'.`,
      );
    }
    last = at;
  }
}

function maxLength(element: string, value: string, max: number): void {
  if (value.length > max) {
    throw new SchemaError(
      `The 'AnetApi/xml/v1/schema/AnetApiSchema.xsd:${element}' element is invalid - The value '${value}' is invalid according to its datatype 'String' - The actual length is greater than the MaxLength value.`,
    );
  }
}

function txError(body: Json, reason: number, text: string): Json {
  return {
    transactionResponse: {
      responseCode: '3',
      authCode: '',
      avsResultCode: 'P',
      cvvResultCode: '',
      cavvResultCode: '',
      transId: '0',
      refTransID: '',
      transHash: '',
      testRequest: '0',
      accountNumber: '',
      accountType: '',
      errors: [{ errorCode: String(reason), errorText: text }],
    },
    ...(body.refId !== undefined ? { refId: body.refId } : {}),
    messages: {
      resultCode: 'Error',
      message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }],
    },
  };
}

function ok(): Json {
  return { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
}

function error(code: string, text: string): Json {
  return { messages: { resultCode: 'Error', message: [{ code, text }] } };
}

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function obj(v: unknown): Json | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
}

function arr(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return v === undefined || v === null ? [] : [v];
}

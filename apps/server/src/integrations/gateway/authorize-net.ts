import { must } from '@portal/contract/must';
import {
  type BillToUpdate,
  type CardInput,
  type CardNumberInput,
  type CardType,
  type ChargeResult,
  checkCardNumber,
  formatAmount,
  type GatewayLogger,
  isValidCvv,
  type PaymentGateway,
  parseExpdate,
  redactBody,
  type StoreCardResult,
  scrubCardData,
  shortKey,
  splitName,
} from './types.ts';

/**
 * Authorize.Net client (JSON flavour of the XML API: one POST endpoint, the request type as the
 * single top-level key). Cards are stored as customer profiles + payment profiles (CIM); charges
 * are `authCaptureTransaction`s. Element order matters — the JSON is checked against the XML
 * schema's sequences — so every object below is built in schema order.
 *
 * Idempotency: the idempotency key's 20-character form (`shortKey`) goes out as `refId` and as
 * `order.invoiceNumber`, with `duplicateWindow` set, so a retry inside the window is refused by the
 * gateway with error 11; the client then looks up the original and returns its outcome.
 * `findCharge` finds a charge by that invoice number in the unsettled list and recent settled batches.
 */

export interface AuthorizeNetOptions {
  /** https://api.authorize.net/xml/v1/request.api (production) or https://apitest.authorize.net/xml/v1/request.api (sandbox). */
  endpoint: string;
  loginId: string;
  transactionKey: string;
  /** Per API call, including the body (default 30 s). A charge that times out is 'unknown'. */
  timeoutMs?: number;
  /** Seconds during which the gateway refuses a repeat of the same charge (default and maximum 28800 = 8 h). */
  duplicateWindowSeconds?: number;
  /** How a card is checked when stored (default liveMode: a zero-dollar authorization). */
  validationMode?: 'liveMode' | 'testMode' | 'none';
  /** How many days of settled batches findCharge searches after the unsettled list (default 3). */
  lookbackDays?: number;
  logger?: GatewayLogger;
  now?: () => Date;
}

type Json = Record<string, unknown>;

type CallResult =
  | { ok: true; body: Json }
  /** unreachable: the request never left (nothing can have been done); the others may have been processed. */
  | { ok: false; kind: 'unreachable' | 'timeout' | 'lost' | 'http' | 'garbled'; message: string };

const MSG = {
  invalidNumber: 'The credit card number is invalid.',
  invalidExp: 'The credit card expiration date is invalid.',
  invalidCvv: 'The card code is invalid.',
  invalidAmount: 'The amount is invalid.',
  noKey: 'An idempotency key is required.',
  unreachable: 'The payment gateway could not be reached; nothing was charged.',
  noAnswer: 'The payment gateway did not answer; please try again.',
  unknown:
    'No answer from the payment gateway: the outcome of this charge is unknown until it is reconciled.',
  held: 'The payment is being held for review by the payment gateway.',
  lookupFailed: 'The payment gateway could not be asked about this charge; try again later.',
  duplicateNotFound: 'The gateway reports this charge as a duplicate but the original is not visible yet.',
  brandNotTaken: 'This card type is not accepted',
};

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const PAGE_SIZE = 1000;
const MAX_PAGES = 20;

const APPROVED_STATUS = new Set([
  'authorizedPendingCapture',
  'capturedPendingSettlement',
  'settledSuccessfully',
  'approvedReview',
  'authorizedPendingRelease',
]);
const DECLINED_STATUS = new Set(['declined', 'failedReview', 'voided', 'expired']);
const ERROR_STATUS = new Set(['generalError', 'communicationError']);

export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorize-net' as const;
  readonly isSandbox: boolean;
  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly duplicateWindow: number;
  private readonly validationMode: 'liveMode' | 'testMode' | 'none';
  private readonly lookbackDays: number;
  private readonly now: () => Date;

  private readonly opts: AuthorizeNetOptions;
  constructor(opts: AuthorizeNetOptions) {
    this.opts = opts;
    const url = new URL(opts.endpoint);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      throw new Error('The Authorize.Net endpoint must be an https:// URL');
    }
    if (!opts.loginId || !opts.transactionKey)
      throw new Error('Authorize.Net needs a login ID and a transaction key');
    this.endpoint = url.toString();
    this.isSandbox = url.hostname !== 'api.authorize.net' && url.hostname !== 'api2.authorize.net';
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.duplicateWindow = Math.min(Math.max(Math.trunc(opts.duplicateWindowSeconds ?? 28_800), 1), 28_800);
    this.validationMode = opts.validationMode ?? 'liveMode';
    this.lookbackDays = opts.lookbackDays ?? 3;
    this.now = opts.now ?? (() => new Date());
  }

  // -------------------------------------------------------------------------------------------
  // Stored cards (customer profiles)

  async storeCard(input: {
    account: string;
    email?: string;
    existingCustomerProfileId?: string;
    card: CardInput;
  }): Promise<StoreCardResult> {
    const source = paymentOf(input.card);
    if (!source.ok) return { ok: false, message: source.message };
    const { secrets, known } = source;
    const paymentProfile = {
      customerType: 'individual',
      billTo: billToFromCard(input.card),
      payment: source.payment,
    };
    const stored = async (
      customerProfileId: string,
      paymentProfileId: string,
      alreadyStored = false,
    ): Promise<StoreCardResult> => {
      const ids = { customerProfileId, paymentProfileId };
      // A tokenised card's last four, type and expiry are known only to the gateway: read them back.
      const card = known ?? (await this.readCard(customerProfileId, paymentProfileId));
      if (!card.ok) {
        if (!alreadyStored) await this.deleteCard(ids);
        return card;
      }
      const { ccn4, cardType, expdate } = card;
      return {
        ok: true,
        card: { ...ids, ccn4, cardType, expdate },
        ...(alreadyStored ? { alreadyStored } : {}),
      };
    };

    if (input.existingCustomerProfileId) {
      const added = await this.addPaymentProfile(input.existingCustomerProfileId, paymentProfile, secrets);
      if (added.kind === 'ok')
        return stored(input.existingCustomerProfileId, added.paymentProfileId, added.duplicate);
      if (added.kind === 'failed') return { ok: false, message: added.message };
      // The profile is gone at the gateway: make a new one.
    }

    const email =
      input.email && /^[^\s@]+@[^\s@]+$/.test(input.email) ? input.email.slice(0, 255) : undefined;
    // A token is good for one request: the profile is made first, the token then goes to
    // createCustomerPaymentProfileRequest alone (whatever answer the profile gets, E00039 included).
    const withCard = known !== null;
    const res = await this.call(
      'createCustomerProfileRequest',
      {
        profile: {
          merchantCustomerId: input.account.slice(0, 20),
          description: `Members Portal account ${input.account}`.slice(0, 255),
          ...(email ? { email } : {}),
          ...(withCard ? { paymentProfiles: [paymentProfile] } : {}),
        },
        ...(withCard ? { validationMode: this.validationMode } : {}),
      },
      secrets,
    );
    if (!res.ok) return { ok: false, message: res.kind === 'unreachable' ? res.message : MSG.noAnswer };
    const body = res.body;
    if (isOk(body)) {
      const customerProfileId = str(body.customerProfileId);
      if (customerProfileId && !withCard) {
        const added = await this.addPaymentProfile(customerProfileId, paymentProfile, secrets);
        if (added.kind === 'ok') return stored(customerProfileId, added.paymentProfileId, added.duplicate);
        return { ok: false, message: added.kind === 'failed' ? added.message : MSG.noAnswer };
      }
      const paymentProfileId = str(arr(body.customerPaymentProfileIdList)[0]);
      if (customerProfileId && paymentProfileId) return stored(customerProfileId, paymentProfileId);
      return { ok: false, message: 'The payment gateway gave an incomplete answer.' };
    }
    const msg = firstMessage(body);
    const existingId = msg.code === 'E00039' ? /ID\s+(\d+)/i.exec(msg.text)?.[1] : undefined;
    if (existingId) {
      // This account already has a customer profile (stored earlier, or by a request whose answer was lost).
      const added = await this.addPaymentProfile(existingId, paymentProfile, secrets);
      if (added.kind === 'ok') return stored(existingId, added.paymentProfileId, added.duplicate);
      return { ok: false, message: added.kind === 'failed' ? added.message : msg.text };
    }
    return {
      ok: false,
      message: scrubCardData(validationText(arr(body.validationDirectResponseList)[0]) ?? msg.text, secrets),
    };
  }

  /** The last four, brand and expiry of a stored payment profile (a tokenised card's come from here). */
  private async readCard(
    customerProfileId: string,
    paymentProfileId: string,
  ): Promise<KnownCard | { ok: false; message: string }> {
    const got = await this.call('getCustomerPaymentProfileRequest', {
      customerProfileId,
      customerPaymentProfileId: paymentProfileId,
      unmaskExpirationDate: true,
    });
    if (!got.ok) return { ok: false, message: got.kind === 'unreachable' ? got.message : MSG.noAnswer };
    if (!isOk(got.body)) return { ok: false, message: scrubCardData(firstMessage(got.body).text) };
    const card = obj(obj(obj(got.body.paymentProfile)?.payment)?.creditCard) ?? {};
    const ccn4 = last4(str(card.cardNumber));
    const cardType = CARD_TYPE_OF[str(card.cardType) ?? ''];
    const exp = str(card.expirationDate) ?? '';
    if (!cardType) return { ok: false, message: MSG.brandNotTaken };
    if (ccn4.length !== 4 || !/^\d{4}-\d{2}$/.test(exp))
      return { ok: false, message: 'The payment gateway gave an incomplete answer.' };
    return { ok: true, ccn4, cardType, expdate: `${exp.slice(5, 7)}${exp.slice(2, 4)}` }; // YYYY-MM as MMYY
  }

  private async addPaymentProfile(
    customerProfileId: string,
    paymentProfile: Json,
    secrets: string[],
  ): Promise<
    | { kind: 'ok'; paymentProfileId: string; duplicate: boolean }
    | { kind: 'notFound' }
    | { kind: 'failed'; message: string }
  > {
    const res = await this.call(
      'createCustomerPaymentProfileRequest',
      { customerProfileId, paymentProfile, validationMode: this.validationMode },
      secrets,
    );
    if (!res.ok) return { kind: 'failed', message: res.kind === 'unreachable' ? res.message : MSG.noAnswer };
    const body = res.body;
    const id = str(body.customerPaymentProfileId);
    if (isOk(body) && id) return { kind: 'ok', paymentProfileId: id, duplicate: false };
    const msg = firstMessage(body);
    if (msg.code === 'E00039' && id) return { kind: 'ok', paymentProfileId: id, duplicate: true };
    if (msg.code === 'E00040') return { kind: 'notFound' };
    return {
      kind: 'failed',
      message: scrubCardData(validationText(body.validationDirectResponse) ?? msg.text, secrets),
    };
  }

  async updateCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
    expdate: string;
    billTo?: BillToUpdate;
  }): Promise<{ ok: true } | { ok: false; message: string }> {
    const exp = parseExpdate(input.expdate);
    if (!exp) return { ok: false, message: MSG.invalidExp };
    // An update replaces the whole payment profile (fields left out are cleared), so start from
    // the stored one; its masked number ("XXXX1111") keeps the card number unchanged.
    const got = await this.call('getCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      customerPaymentProfileId: input.paymentProfileId,
    });
    if (!got.ok) return { ok: false, message: got.kind === 'unreachable' ? got.message : MSG.noAnswer };
    if (!isOk(got.body)) return { ok: false, message: scrubCardData(firstMessage(got.body).text) };
    const current = obj(got.body.paymentProfile) ?? {};
    const masked = str(obj(obj(current.payment)?.creditCard)?.cardNumber);
    if (!masked) return { ok: false, message: 'The stored payment profile is not a card.' };
    const res = await this.call('updateCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      paymentProfile: {
        billTo: mergeBillTo(obj(current.billTo) ?? {}, input.billTo),
        payment: { creditCard: { cardNumber: masked, expirationDate: anetExpdate(exp) } },
        customerPaymentProfileId: input.paymentProfileId,
      },
      validationMode: this.validationMode,
    });
    if (!res.ok) return { ok: false, message: res.kind === 'unreachable' ? res.message : MSG.noAnswer };
    if (isOk(res.body)) return { ok: true };
    return {
      ok: false,
      message: scrubCardData(
        validationText(res.body.validationDirectResponse) ?? firstMessage(res.body).text,
      ),
    };
  }

  async deleteCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
  }): Promise<{ ok: true } | { ok: false; message: string }> {
    const res = await this.call('deleteCustomerPaymentProfileRequest', {
      customerProfileId: input.customerProfileId,
      customerPaymentProfileId: input.paymentProfileId,
    });
    if (!res.ok) return { ok: false, message: res.kind === 'unreachable' ? res.message : MSG.noAnswer };
    const msg = firstMessage(res.body);
    if (isOk(res.body) || msg.code === 'E00040') return { ok: true };
    return { ok: false, message: scrubCardData(msg.text) };
  }

  // -------------------------------------------------------------------------------------------
  // Charges

  async chargeCard(input: {
    account?: string;
    idempotencyKey: string;
    amountCents: number;
    card: CardInput;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult> {
    if (!input.idempotencyKey) return { outcome: 'error', message: MSG.noKey };
    const amount = formatAmount(input.amountCents);
    if (!amount) return { outcome: 'error', message: MSG.invalidAmount };
    const source = paymentOf(input.card);
    if (!source.ok) return { outcome: 'error', message: source.message };
    const ref = shortKey(input.idempotencyKey);
    return this.charge(
      ref,
      {
        transactionType: 'authCaptureTransaction',
        amount,
        payment: source.payment,
        order: order(ref, input.invoiceNumber, input.description),
        billTo: billToFromCard(input.card),
        transactionSettings: this.settings(),
      },
      source.secrets,
    );
  }

  async chargeStoredCard(input: {
    idempotencyKey: string;
    amountCents: number;
    customerProfileId: string;
    paymentProfileId: string;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult> {
    if (!input.idempotencyKey) return { outcome: 'error', message: MSG.noKey };
    const amount = formatAmount(input.amountCents);
    if (!amount) return { outcome: 'error', message: MSG.invalidAmount };
    const ref = shortKey(input.idempotencyKey);
    return this.charge(
      ref,
      {
        transactionType: 'authCaptureTransaction',
        amount,
        profile: {
          customerProfileId: input.customerProfileId,
          paymentProfile: { paymentProfileId: input.paymentProfileId },
        },
        order: order(ref, input.invoiceNumber, input.description),
        transactionSettings: this.settings(),
      },
      [],
    );
  }

  private settings(): Json {
    return { setting: [{ settingName: 'duplicateWindow', settingValue: String(this.duplicateWindow) }] };
  }

  private async charge(ref: string, transactionRequest: Json, secrets: string[]): Promise<ChargeResult> {
    const res = await this.call('createTransactionRequest', { refId: ref, transactionRequest }, secrets);
    if (!res.ok) {
      if (res.kind === 'unreachable') return { outcome: 'error', message: MSG.unreachable };
      this.log(
        'warn',
        { op: 'createTransactionRequest', refId: ref, kind: res.kind },
        'charge outcome unknown',
      );
      return { outcome: 'unknown', message: MSG.unknown };
    }
    const body = res.body;
    const tr = obj(body.transactionResponse);
    const code = str(tr?.responseCode);
    if (!tr || !code || code === '0') {
      // No transaction was attempted: authentication or request errors.
      if (!isOk(body)) return { outcome: 'error', message: scrubCardData(firstMessage(body).text, secrets) };
      return { outcome: 'unknown', message: MSG.unknown };
    }
    const transId = nonZero(str(tr.transId));
    const errors = arr(tr.errors).map((e) => obj(e) ?? {});
    const errorText = str(errors[0]?.errorText);
    const text = scrubCardData(
      errorText ?? str(obj(arr(tr.messages)[0])?.description) ?? firstMessage(body).text,
      secrets,
    );
    switch (code) {
      case '1':
        if (!transId) return { outcome: 'unknown', message: MSG.unknown };
        return {
          outcome: 'approved',
          transId,
          authCode: str(tr.authCode) || undefined,
          ccn4: last4(str(tr.accountNumber)),
        };
      case '2': {
        const reasonCode = str(errors[0]?.errorCode);
        const declined = {
          outcome: 'declined' as const,
          message: text,
          ...(reasonCode ? { reasonCode } : {}),
        };
        return transId ? { ...declined, transId } : declined;
      }
      case '3':
        if (errors.some((e) => str(e.errorCode) === '11')) return this.resolveDuplicate(ref, transId);
        return { outcome: 'error', message: text };
      case '4':
        return { outcome: 'unknown', message: MSG.held };
      default:
        return { outcome: 'unknown', message: MSG.unknown };
    }
  }

  /** Error 11: the same charge was already submitted inside the duplicate window. Report the original. */
  private async resolveDuplicate(ref: string, transId: string | undefined): Promise<ChargeResult> {
    this.log(
      'info',
      { op: 'createTransactionRequest', refId: ref, duplicateOf: transId ?? null },
      'duplicate charge',
    );
    if (transId) {
      const details = await this.details(transId);
      if (details && str(obj(details.order)?.invoiceNumber) === ref) return fromDetails(details);
    }
    const found = await this.findByRef(ref);
    return found ?? { outcome: 'unknown', message: MSG.duplicateNotFound };
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    return this.findByRef(shortKey(idempotencyKey));
  }

  private async findByRef(ref: string): Promise<ChargeResult | null> {
    const matches: Json[] = [];
    // 1. Unsettled transactions, newest first.
    const unsettled = await this.scan('getUnsettledTransactionListRequest', {}, ref, matches);
    if (!unsettled) return { outcome: 'unknown', message: MSG.lookupFailed };
    // 2. Settled batches of the last few days.
    if (matches.length === 0) {
      const to = this.now();
      const from = new Date(to.getTime() - this.lookbackDays * 86_400_000);
      const res = await this.call('getSettledBatchListRequest', {
        includeStatistics: false,
        firstSettlementDate: anetDate(from),
        lastSettlementDate: anetDate(new Date(to.getTime() + 60_000)), // dates are whole seconds: round up
      });
      if (!res.ok || (!isOk(res.body) && firstMessage(res.body).code !== 'I00004')) {
        return { outcome: 'unknown', message: MSG.lookupFailed };
      }
      const batches = arr(res.body.batchList)
        .map((b) => obj(b) ?? {})
        .sort((a, b) => (str(b.settlementTimeUTC) ?? '').localeCompare(str(a.settlementTimeUTC) ?? ''));
      for (const batch of batches) {
        const batchId = str(batch.batchId);
        if (!batchId) continue;
        const ok = await this.scan('getTransactionListRequest', { batchId }, ref, matches);
        if (!ok) return { outcome: 'unknown', message: MSG.lookupFailed };
        if (matches.length > 0) break;
      }
    }
    if (matches.length === 0) return null;
    // Normally one; after the duplicate window several may exist — report money taken first.
    const rank = (t: Json) => {
      const s = str(t.transactionStatus) ?? '';
      return APPROVED_STATUS.has(s) ? 0 : DECLINED_STATUS.has(s) || ERROR_STATUS.has(s) ? 2 : 1;
    };
    matches.sort((a, b) => rank(a) - rank(b));
    if (matches.length > 1) {
      this.log(
        'warn',
        { refId: ref, transIds: matches.map((m) => str(m.transId)) },
        'several charges for one key',
      );
    }
    const best = must(matches[0], 'a matching charge');
    const transId = str(best.transId);
    const details = transId ? await this.details(transId) : null;
    return details ? fromDetails(details) : fromStatus(best);
  }

  /** Pages through a transaction list, collecting those with this invoice number; false when a call failed. */
  private async scan(op: string, params: Json, ref: string, matches: Json[]): Promise<boolean> {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await this.call(op, {
        ...params,
        sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
        paging: { limit: PAGE_SIZE, offset: page },
      });
      if (!res.ok) return false;
      if (!isOk(res.body)) return firstMessage(res.body).code === 'I00004'; // "No records found."
      const list = arr(res.body.transactions).map((t) => obj(t) ?? {});
      for (const t of list) if (str(t.invoiceNumber) === ref) matches.push(t);
      if (list.length < PAGE_SIZE) return true;
    }
    return true;
  }

  private async details(transId: string): Promise<Json | null> {
    const res = await this.call('getTransactionDetailsRequest', { transId });
    if (!res.ok || !isOk(res.body)) return null;
    return obj(res.body.transaction) ?? null;
  }

  // -------------------------------------------------------------------------------------------
  // Transport

  private async call(op: string, payload: Json, secrets: readonly string[] = []): Promise<CallResult> {
    const body = {
      [op]: {
        merchantAuthentication: { name: this.opts.loginId, transactionKey: this.opts.transactionKey },
        ...payload,
      },
    };
    const allSecrets = [...secrets, this.opts.transactionKey];
    const refId = str(payload.refId);
    this.log('debug', { op, refId, request: redactBody(body, allSecrets) }, 'authorize.net request');
    const started = Date.now();
    let text: string;
    let status: number;
    try {
      const res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      // Authorize.Net starts its JSON with a UTF-8 byte-order mark; keep it in the decoded text and strip it here.
      text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    } catch (err) {
      const kind = classifyFailure(err);
      const message =
        kind === 'unreachable' ? MSG.unreachable : kind === 'timeout' ? 'time-out' : 'connection lost';
      this.log(
        'warn',
        { op, refId, ms: Date.now() - started, kind, error: describe(err, allSecrets) },
        'authorize.net call failed',
      );
      return { ok: false, kind, message };
    }
    const ms = Date.now() - started;
    if (status < 200 || status > 299) {
      this.log('warn', { op, refId, ms, status }, 'authorize.net call failed');
      return { ok: false, kind: 'http', message: `HTTP ${status}` };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(stripBom(text));
    } catch {
      this.log('warn', { op, refId, ms, status, length: text.length }, 'authorize.net answer is not JSON');
      return { ok: false, kind: 'garbled', message: 'unreadable answer' };
    }
    const answer = obj(parsed);
    if (!answer) return { ok: false, kind: 'garbled', message: 'unreadable answer' };
    const msg = firstMessage(answer);
    this.log(
      'debug',
      {
        op,
        refId,
        ms,
        resultCode: str(obj(answer.messages)?.resultCode),
        code: msg.code,
        response: redactBody(answer, allSecrets),
      },
      'authorize.net answer',
    );
    return { ok: true, body: answer };
  }

  private log(level: 'debug' | 'info' | 'warn', fields: Json, msg: string): void {
    this.opts.logger?.[level]({ gateway: 'authorize-net', ...fields }, msg);
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function classifyFailure(err: unknown): 'unreachable' | 'timeout' | 'lost' {
  const e = err as { name?: string; cause?: { code?: string; errors?: { code?: string }[] } } | null;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'timeout';
  const cause = e?.cause;
  if (cause?.code && UNREACHABLE_CODES.has(cause.code)) return 'unreachable';
  if (cause?.errors?.length && cause.errors.every((x) => x.code && UNREACHABLE_CODES.has(x.code)))
    return 'unreachable';
  return 'lost';
}

function describe(err: unknown, secrets: readonly string[]): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string } } | null;
  return scrubCardData(
    `${e?.name ?? 'Error'}: ${e?.message ?? String(err)}${e?.cause?.code ? ` (${e.cause.code})` : ''}`,
    secrets,
  );
}

/** What the portal knows of a card before the gateway answers: all of it when typed in, nothing with a token. */
type KnownCard = { ok: true; ccn4: string; cardType: CardType; expdate: string };

/** Authorize.Net's card types → the portal's; other brands are not taken. */
const CARD_TYPE_OF: Record<string, CardType> = {
  Visa: 'Visa',
  MasterCard: 'M/C',
  Discover: 'Discover',
  AmericanExpress: 'AmExp',
};

/**
 * The `payment` element of a request: Accept.js's token as `opaqueData` (the number never reaches
 * the portal), or the card typed in as `creditCard` (PORTAL_CARD_NUMBERS=accept). `known` is the
 * typed-in card's last four, brand and expiry (null with a token: they come back from the gateway).
 */
function paymentOf(
  card: CardInput,
): { ok: true; payment: Json; secrets: string[]; known: KnownCard | null } | { ok: false; message: string } {
  if (card.opaqueData) {
    const { descriptor, value } = card.opaqueData;
    return {
      ok: true,
      payment: { opaqueData: { dataDescriptor: descriptor, dataValue: value } },
      secrets: [value],
      known: null,
    };
  }
  const checked = checkCard(card);
  if (!checked.ok) return checked;
  const { digits, type, expirationDate } = checked;
  return {
    ok: true,
    payment: { creditCard: { cardNumber: digits, expirationDate, cardCode: card.cvv } },
    secrets: [digits, card.cvv],
    known: { ok: true, ccn4: digits.slice(-4), cardType: type, expdate: card.expdate.replace(/[\s/]/g, '') },
  };
}

function checkCard(
  card: CardNumberInput,
):
  | { ok: true; digits: string; type: 'Visa' | 'M/C' | 'Discover' | 'AmExp'; expirationDate: string }
  | { ok: false; message: string } {
  const checked = checkCardNumber(card.number);
  if (!checked.ok) return { ok: false, message: MSG.invalidNumber };
  const exp = parseExpdate(card.expdate);
  if (!exp) return { ok: false, message: MSG.invalidExp };
  if (!isValidCvv(card.cvv)) return { ok: false, message: MSG.invalidCvv };
  return { ok: true, digits: checked.digits, type: checked.type, expirationDate: anetExpdate(exp) };
}

function anetExpdate(exp: { month: number; year: number }): string {
  return `${exp.year}-${String(exp.month).padStart(2, '0')}`;
}

function anetDate(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

const clip = (s: string | undefined, n: number) => (s ?? '').trim().slice(0, n);

/** billTo in schema order. */
function billTo(f: {
  firstName?: string;
  lastName?: string;
  company?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  country?: string;
  phoneNumber?: string;
  faxNumber?: string;
}): Json {
  const out: Json = {};
  const limits: [keyof typeof f, number][] = [
    ['firstName', 50],
    ['lastName', 50],
    ['company', 50],
    ['address', 60],
    ['city', 40],
    ['state', 40],
    ['zip', 20],
    ['country', 60],
    ['phoneNumber', 25],
    ['faxNumber', 25],
  ];
  for (const [k, n] of limits) {
    const v = clip(f[k], n);
    if (v) out[k] = scrubCardData(v);
  }
  return out;
}

function billToFromCard(card: CardInput): Json {
  return billTo({
    ...splitName(card.name),
    address: card.address,
    city: card.city,
    state: card.state,
    zip: card.zipcode,
    country: card.country || 'US',
  });
}

function mergeBillTo(current: Json, update: BillToUpdate | undefined): Json {
  const cur = (k: string) => str(current[k]);
  const u = update ?? {};
  const name = u.name !== undefined ? splitName(u.name) : undefined;
  const pick = (v: string | undefined, k: string) => (v !== undefined ? v : cur(k));
  return billTo({
    firstName: pick(u.firstName ?? name?.firstName, 'firstName'),
    lastName: pick(u.lastName ?? name?.lastName, 'lastName'),
    company: pick(u.company, 'company'),
    address: pick(u.address, 'address'),
    city: pick(u.city, 'city'),
    state: pick(u.state, 'state'),
    zip: pick(u.zipcode, 'zip'),
    country: pick(u.country, 'country'),
    phoneNumber: cur('phoneNumber'),
    faxNumber: cur('faxNumber'),
  });
}

function order(ref: string, invoiceNumber: string | undefined, description: string | undefined): Json {
  const text = [invoiceNumber ? `Invoice ${invoiceNumber}` : '', description ?? '']
    .filter(Boolean)
    .join(': ');
  const out: Json = { invoiceNumber: ref };
  if (text) out.description = scrubCardData(text).slice(0, 255);
  return out;
}

function fromDetails(t: Json): ChargeResult {
  const status = str(t.transactionStatus) ?? '';
  const transId = str(t.transId);
  const ccn4 = last4(str(obj(obj(t.payment)?.creditCard)?.cardNumber));
  const reason = scrubCardData(str(t.responseReasonDescription) ?? status);
  if (APPROVED_STATUS.has(status) && transId) {
    return { outcome: 'approved', transId, authCode: str(t.authCode) || undefined, ccn4 };
  }
  if (DECLINED_STATUS.has(status)) {
    const message =
      status === 'voided' ? 'The transaction was voided.' : reason || 'This transaction has been declined.';
    // The reason code as the charge's own answer gave it (an `errors[].errorCode`); not for a void.
    const code = status === 'voided' ? undefined : str(t.responseReasonCode);
    const declined = { outcome: 'declined' as const, message, ...(code ? { reasonCode: code } : {}) };
    return transId ? { ...declined, transId } : declined;
  }
  if (ERROR_STATUS.has(status)) return { outcome: 'error', message: reason || 'The transaction failed.' };
  return {
    outcome: 'unknown',
    message: status.includes('Review') ? MSG.held : `Transaction status: ${status}`,
  };
}

function fromStatus(summary: Json): ChargeResult {
  return fromDetails({ ...summary, payment: { creditCard: { cardNumber: summary.accountNumber } } });
}

function isOk(body: Json): boolean {
  return str(obj(body.messages)?.resultCode) === 'Ok';
}

function firstMessage(body: Json): { code: string; text: string } {
  const m = obj(arr(obj(body.messages)?.message)[0]) ?? obj(obj(body.messages)?.message) ?? {};
  return { code: str(m.code) ?? '', text: str(m.text) ?? 'The payment gateway refused the request.' };
}

/** Reason text (4th field) of a validationDirectResponse ("2,1,2,This transaction has been declined.,…"). */
function validationText(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  const fields = s.split(s.includes('|') && !s.includes(',') ? '|' : ',');
  return fields[0] !== '1' && fields[3] ? fields[3] : undefined;
}

function last4(masked: string | undefined): string {
  return (masked ?? '').replace(/\D/g, '').slice(-4);
}

function nonZero(s: string | undefined): string | undefined {
  return s && s !== '0' ? s : undefined;
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

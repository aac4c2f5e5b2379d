import { randomBytes, randomInt } from 'node:crypto';
import {
  type BillToUpdate,
  type CardInput,
  type CardNumberInput,
  type CardType,
  type ChargeResult,
  checkCardNumber,
  isExpired,
  isValidCvv,
  type OpaqueData,
  type PaymentGateway,
  parseExpdate,
  type StoreCardResult,
  type StoredCard,
} from './types.ts';

/**
 * The embedded default gateway: no network, no real money. It behaves like Authorize.Net's
 * sandbox with its documented test cards and triggers (docs/integrations/payments.md):
 *
 * - Only the published test card numbers are accepted (SANDBOX_TEST_CARDS); any other number is
 *   an error, so a real card typed into a demo portal is never "charged".
 * - Declines: billing ZIP 46282, card 4222222222222, CVV 901; a charge of exactly $0.02.
 * - $0.01 → processing error (nothing charged); $0.03 → answer lost (outcome 'unknown'; the charge
 *   did go through, so findCharge or a retry with the same key reports it approved).
 * - A retried idempotency key returns the first answer and never charges twice.
 * - Stored cards are tokens: `sbx-cust-<random>` and `sbx-pp-<brand>-<last4>-<random>`. The number
 *   and CVV are never retained; a token survives a restart (the brand and last four are in it).
 * - Card tokens (`tokenize`, what the sandbox's browser script calls through POST
 *   /api/sandbox/tokenize) stand for Accept.js's opaque data: single-use, valid 15 minutes, made
 *   for one account. A token keeps the account, last four, brand, expiry and whether the card is
 *   a decline trigger (card 4222222222222, CVV 901) — never the number or the CVV.
 *
 * State (idempotency keys, card tokens) lives in this process's memory.
 */

/** Authorize.Net's published test numbers, and the sandbox's decline card. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, CardType>> = {
  '4111111111111111': 'Visa',
  '4007000000027': 'Visa',
  '4012888818888': 'Visa',
  '5424000000000015': 'M/C',
  '2223000010309703': 'M/C',
  '2223000010309711': 'M/C',
  '6011000000000012': 'Discover',
  '370000000000002': 'AmExp',
};
export const SANDBOX_DECLINE_CARD = '4222222222222';
export const SANDBOX_DECLINE_ZIP = '46282';
export const SANDBOX_DECLINE_CVV = '901';
export const SANDBOX_ERROR_CENTS = 1;
export const SANDBOX_DECLINE_CENTS = 2;
export const SANDBOX_UNKNOWN_CENTS = 3;
/** The descriptor of a card token: Accept.js's, so both gateways' tokens look alike. */
export const TOKEN_DESCRIPTOR = 'COMMON.ACCEPT.INAPP.PAYMENT';
/** How long a card token may be used (Accept.js's payment nonces live 15 minutes too). */
export const TOKEN_TTL_MS = 15 * 60_000;

const MSG = {
  declined: 'This transaction has been declined.',
  cvvMismatch: 'This transaction has been declined. The card code does not match.',
  invalidNumber: 'The credit card number is invalid.',
  notTestCard: 'The sandbox gateway accepts only test card numbers (see the payments documentation).',
  invalidExp: 'The credit card expiration date is invalid.',
  expired: 'The credit card has expired.',
  invalidCvv: 'The card code is invalid.',
  invalidAmount: 'The amount is invalid.',
  processing: 'An error occurred during processing. Please try again.',
  lost: 'No answer from the payment gateway: the outcome of this charge is unknown until it is reconciled.',
  notFound: 'The record cannot be found.',
  keyReused: 'This idempotency key was already used for a different charge.',
  /** Authorize.Net's answer (E00114) to a token that is unknown, used or expired. */
  invalidToken: 'Invalid OTS Token.',
};

const BRAND_SLUG: Record<CardType, string> = {
  Visa: 'visa',
  'M/C': 'mc',
  Discover: 'discover',
  AmExp: 'amex',
};
const SLUG_BRAND: Record<string, CardType> = { visa: 'Visa', mc: 'M/C', discover: 'Discover', amex: 'AmExp' };
const PP_TOKEN = /^sbx-pp-(visa|mc|discover|amex)-(\d{4})(?:-[a-z0-9]+)?$/;
const CP_TOKEN = /^sbx-cust-[A-Za-z0-9_-]+$/;

interface SandboxCard {
  customerProfileId: string;
  ccn4: string;
  cardType: CardType;
  expdate: string;
  zipcode: string;
}

/** What a card token holds: no number, no CVV. */
interface SandboxToken {
  account: string;
  ccn4: string;
  cardType: CardType;
  expdate: string;
  /** The card is a decline trigger (4222222222222, or CVV 901): the decline to give. */
  decline: string | null;
  expiresAt: number;
}

/** A card the sandbox can act on: resolved from a token or from a typed-in number. */
interface ResolvedCard {
  ccn4: string;
  type: CardType;
  expdate: string;
  decline: string | null;
}

interface SandboxCharge {
  fingerprint: string;
  result: ChargeResult;
}

export interface SandboxOptions {
  now?: () => Date;
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly isSandbox = true;
  private readonly now: () => Date;
  private readonly cards = new Map<string, SandboxCard>();
  private readonly deleted = new Set<string>();
  private readonly charges = new Map<string, SandboxCharge>();
  private readonly tokens = new Map<string, SandboxToken>();

  constructor(opts: SandboxOptions = {}) {
    this.now = opts.now ?? (() => new Date());
  }

  async storeCard(input: {
    account: string;
    email?: string;
    existingCustomerProfileId?: string;
    card: CardInput;
  }): Promise<StoreCardResult> {
    const resolved = this.resolve(input.card, input.account);
    if (!resolved.ok) return { ok: false, message: resolved.message };
    // Like Authorize.Net's liveMode validation: a card that would decline is not stored.
    if (resolved.decline) return { ok: false, message: resolved.decline };
    const existing = input.existingCustomerProfileId;
    const customerProfileId = existing && CP_TOKEN.test(existing) ? existing : `sbx-cust-${token()}`;
    const { ccn4, type, expdate } = resolved;
    const paymentProfileId = `sbx-pp-${BRAND_SLUG[type]}-${ccn4}-${token()}`;
    this.cards.set(paymentProfileId, {
      customerProfileId,
      ccn4,
      cardType: type,
      expdate,
      zipcode: input.card.zipcode,
    });
    const card: StoredCard = { customerProfileId, paymentProfileId, ccn4, cardType: type, expdate };
    return { ok: true, card };
  }

  async updateCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
    expdate: string;
    billTo?: BillToUpdate;
  }): Promise<{ ok: true } | { ok: false; message: string }> {
    const card = this.lookup(input.customerProfileId, input.paymentProfileId);
    if (!card) return { ok: false, message: MSG.notFound };
    const exp = parseExpdate(input.expdate);
    if (!exp) return { ok: false, message: MSG.invalidExp };
    if (isExpired(exp, this.now())) return { ok: false, message: MSG.expired };
    this.cards.set(input.paymentProfileId, {
      ...card,
      expdate: input.expdate.replace(/[\s/]/g, ''),
      zipcode: input.billTo?.zipcode ?? card.zipcode,
    });
    return { ok: true };
  }

  async deleteCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
  }): Promise<{ ok: true } | { ok: false; message: string }> {
    const card = this.lookup(input.customerProfileId, input.paymentProfileId);
    if (card) {
      this.cards.delete(input.paymentProfileId);
      this.deleted.add(input.paymentProfileId);
    }
    return { ok: true };
  }

  async chargeCard(input: {
    account?: string;
    idempotencyKey: string;
    amountCents: number;
    card: CardInput;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult> {
    // A retry with the same key must be the same card: its last four, read without using the token.
    const last4 = input.card.opaqueData
      ? (this.tokens.get(input.card.opaqueData.value)?.ccn4 ?? 'token')
      : input.card.number.replace(/[\s-]/g, '').slice(-4);
    const fingerprint = `card:${last4}:${input.amountCents}`;
    return this.charge(input.idempotencyKey, fingerprint, () => {
      const amount = checkAmount(input.amountCents);
      if (amount) return amount;
      const resolved = this.resolve(input.card, input.account ?? '');
      if (!resolved.ok) return { outcome: 'error', message: resolved.message };
      return this.authorize(input.amountCents, resolved.ccn4, resolved.decline);
    });
  }

  /**
   * The sandbox's Accept.js: a test card → a single-use token, valid TOKEN_TTL_MS, for `account`.
   * Checks what Accept.js checks (number, expiry, CVV format); the number and CVV are not kept.
   */
  tokenize(input: {
    account: string;
    number: string;
    expdate: string;
    cvv: string;
  }): { ok: true; opaqueData: OpaqueData } | { ok: false; message: string } {
    const checked = this.checkCard(input);
    if (!checked.ok) return checked;
    const value = `sbx-tok-${randomBytes(24).toString('base64url')}`;
    this.sweepTokens();
    this.tokens.set(value, {
      account: input.account,
      ccn4: checked.digits.slice(-4),
      cardType: checked.type,
      expdate: input.expdate.replace(/[\s/]/g, ''),
      decline: cardDecline(checked.digits, input.cvv),
      expiresAt: this.now().getTime() + TOKEN_TTL_MS,
    });
    return { ok: true, opaqueData: { descriptor: TOKEN_DESCRIPTOR, value } };
  }

  /** Uses a token up (once, whatever follows): it must exist, be unexpired and made for `account`. */
  private redeem(opaque: OpaqueData, account: string): SandboxToken | null {
    const found = this.tokens.get(opaque.value);
    if (!found || opaque.descriptor !== TOKEN_DESCRIPTOR) return null;
    this.tokens.delete(opaque.value);
    if (found.expiresAt <= this.now().getTime() || found.account !== account) return null;
    return found;
  }

  /** Forgets expired tokens, so unused ones do not pile up in memory. */
  private sweepTokens(): void {
    const now = this.now().getTime();
    for (const [value, t] of this.tokens) if (t.expiresAt <= now) this.tokens.delete(value);
  }

  /** The card of a request, from its token (used up here) or its number; with the decline it triggers. */
  private resolve(
    card: CardInput,
    account: string,
  ): ({ ok: true } & ResolvedCard) | { ok: false; message: string } {
    const zipDecline = card.zipcode.trim() === SANDBOX_DECLINE_ZIP ? MSG.declined : null;
    if (card.opaqueData) {
      const t = this.redeem(card.opaqueData, account);
      if (!t) return { ok: false, message: MSG.invalidToken };
      const exp = parseExpdate(t.expdate);
      if (!exp || isExpired(exp, this.now())) return { ok: false, message: MSG.expired };
      return {
        ok: true,
        ccn4: t.ccn4,
        type: t.cardType,
        expdate: t.expdate,
        decline: t.decline ?? zipDecline,
      };
    }
    const checked = this.checkCard(card);
    if (!checked.ok) return checked;
    const decline = zipDecline ?? cardDecline(checked.digits, card.cvv);
    return {
      ok: true,
      ccn4: checked.digits.slice(-4),
      type: checked.type,
      expdate: card.expdate.replace(/[\s/]/g, ''),
      decline,
    };
  }

  async chargeStoredCard(input: {
    idempotencyKey: string;
    amountCents: number;
    customerProfileId: string;
    paymentProfileId: string;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult> {
    const fingerprint = `profile:${input.paymentProfileId}:${input.amountCents}`;
    return this.charge(input.idempotencyKey, fingerprint, () => {
      const amount = checkAmount(input.amountCents);
      if (amount) return amount;
      const card = this.lookup(input.customerProfileId, input.paymentProfileId);
      if (!card) return { outcome: 'error', message: MSG.notFound };
      const exp = parseExpdate(card.expdate);
      if (exp && isExpired(exp, this.now())) return { outcome: 'error', message: MSG.expired };
      return this.authorize(
        input.amountCents,
        card.ccn4,
        card.zipcode === SANDBOX_DECLINE_ZIP ? MSG.declined : null,
      );
    });
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    return this.charges.get(idempotencyKey)?.result ?? null;
  }

  /** Runs a charge once per idempotency key; a retry gets the recorded answer. */
  private charge(
    key: string,
    fingerprint: string,
    run: () => ChargeResult & { lost?: boolean },
  ): ChargeResult {
    if (!key) return { outcome: 'error', message: 'An idempotency key is required.' };
    const seen = this.charges.get(key);
    if (seen) {
      return seen.fingerprint === fingerprint ? seen.result : { outcome: 'error', message: MSG.keyReused };
    }
    const { lost, ...result } = run();
    this.charges.set(key, { fingerprint, result: result as ChargeResult });
    return lost ? { outcome: 'unknown', message: MSG.lost } : (result as ChargeResult);
  }

  private authorize(
    amountCents: number,
    ccn4: string,
    decline: string | null,
  ): ChargeResult & { lost?: boolean } {
    if (amountCents === SANDBOX_ERROR_CENTS) return { outcome: 'error', message: MSG.processing };
    const transId = transactionId();
    if (decline || amountCents === SANDBOX_DECLINE_CENTS) {
      return { outcome: 'declined', transId, message: decline ?? MSG.declined, reasonCode: '2' };
    }
    const approved = { outcome: 'approved' as const, transId, authCode: authCode(), ccn4 };
    return amountCents === SANDBOX_UNKNOWN_CENTS ? { ...approved, lost: true } : approved;
  }

  private checkCard(
    card: Pick<CardNumberInput, 'number' | 'expdate' | 'cvv'>,
  ): { ok: true; digits: string; type: CardType } | { ok: false; message: string } {
    const checked = checkCardNumber(card.number);
    if (!checked.ok) return { ok: false, message: MSG.invalidNumber };
    if (!SANDBOX_TEST_CARDS[checked.digits] && checked.digits !== SANDBOX_DECLINE_CARD) {
      return { ok: false, message: MSG.notTestCard };
    }
    const exp = parseExpdate(card.expdate);
    if (!exp) return { ok: false, message: MSG.invalidExp };
    if (isExpired(exp, this.now())) return { ok: false, message: MSG.expired };
    if (!isValidCvv(card.cvv)) return { ok: false, message: MSG.invalidCvv };
    return checked;
  }

  /** A card held in memory, or a well-formed token from an earlier run (the demo data's cards). */
  private lookup(customerProfileId: string, paymentProfileId: string): SandboxCard | null {
    if (this.deleted.has(paymentProfileId)) return null;
    const known = this.cards.get(paymentProfileId);
    if (known) return known.customerProfileId === customerProfileId ? known : null;
    const m = PP_TOKEN.exec(paymentProfileId);
    if (!m || !CP_TOKEN.test(customerProfileId)) return null;
    const [, slug = '', ccn4 = ''] = m;
    const cardType = SLUG_BRAND[slug];
    if (!cardType) return null;
    return { customerProfileId, cardType, ccn4, expdate: '', zipcode: '' };
  }
}

/** The decline a card itself triggers (the billing ZIP's comes with the request that uses it). */
function cardDecline(digits: string, cvv: string): string | null {
  if (digits === SANDBOX_DECLINE_CARD) return MSG.declined;
  if (cvv === SANDBOX_DECLINE_CVV) return MSG.cvvMismatch;
  return null;
}

function checkAmount(cents: number): ChargeResult | null {
  return Number.isSafeInteger(cents) && cents > 0 ? null : { outcome: 'error', message: MSG.invalidAmount };
}

function token(): string {
  return randomBytes(6).toString('hex');
}

function transactionId(): string {
  return String(randomInt(100_000_000_000, 999_999_999_999));
}

function authCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < 6; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

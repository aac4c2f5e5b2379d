import { randomBytes, randomInt } from 'node:crypto';
import {
  type BillToUpdate,
  type CardInput,
  type CardType,
  type ChargeResult,
  checkCardNumber,
  isExpired,
  isValidCvv,
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
 *
 * State (idempotency keys, tokens) lives in this process's memory.
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

  constructor(opts: SandboxOptions = {}) {
    this.now = opts.now ?? (() => new Date());
  }

  async storeCard(input: {
    account: string;
    email?: string;
    existingCustomerProfileId?: string;
    card: CardInput;
  }): Promise<StoreCardResult> {
    const checked = this.checkCard(input.card);
    if (!checked.ok) return { ok: false, message: checked.message };
    // Like Authorize.Net's liveMode validation: a card that would decline is not stored.
    const decline = declineReason(input.card, checked.digits);
    if (decline) return { ok: false, message: decline };
    const existing = input.existingCustomerProfileId;
    const customerProfileId = existing && CP_TOKEN.test(existing) ? existing : `sbx-cust-${token()}`;
    const ccn4 = checked.digits.slice(-4);
    const paymentProfileId = `sbx-pp-${BRAND_SLUG[checked.type]}-${ccn4}-${token()}`;
    this.cards.set(paymentProfileId, {
      customerProfileId,
      ccn4,
      cardType: checked.type,
      expdate: input.card.expdate.replace(/[\s/]/g, ''),
      zipcode: input.card.zipcode,
    });
    const card: StoredCard = { customerProfileId, paymentProfileId, ccn4, cardType: checked.type };
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
    idempotencyKey: string;
    amountCents: number;
    card: CardInput;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult> {
    const digits = input.card.number.replace(/[\s-]/g, '');
    const fingerprint = `card:${digits.slice(-4)}:${input.amountCents}`;
    return this.charge(input.idempotencyKey, fingerprint, () => {
      const amount = checkAmount(input.amountCents);
      if (amount) return amount;
      const checked = this.checkCard(input.card);
      if (!checked.ok) return { outcome: 'error', message: checked.message };
      return this.authorize(
        input.amountCents,
        checked.digits.slice(-4),
        declineReason(input.card, checked.digits),
      );
    });
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
      return { outcome: 'declined', transId, message: decline ?? MSG.declined };
    }
    const approved = { outcome: 'approved' as const, transId, authCode: authCode(), ccn4 };
    return amountCents === SANDBOX_UNKNOWN_CENTS ? { ...approved, lost: true } : approved;
  }

  private checkCard(
    card: CardInput,
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
    return { customerProfileId, cardType: SLUG_BRAND[m[1]], ccn4: m[2], expdate: '', zipcode: '' };
  }
}

function declineReason(card: CardInput, digits: string): string | null {
  if (digits === SANDBOX_DECLINE_CARD || card.zipcode.trim() === SANDBOX_DECLINE_ZIP) return MSG.declined;
  if (card.cvv === SANDBOX_DECLINE_CVV) return MSG.cvvMismatch;
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

import { createHash } from 'node:crypto';
import { cardBrandOf } from '@portal/contract/constants';

/**
 * The card-payment gateway, as the billing feature sees it. Two implementations: the embedded
 * sandbox (`sandbox.ts`) and Authorize.Net (`authorize-net.ts`); `createGateway` in `index.ts`
 * picks one. See docs/integrations/payments.md.
 *
 * Card numbers and CVVs pass through these calls on their way to the gateway and are never kept,
 * logged or put in a message: every text that leaves this module goes through `scrubCardData`.
 */

/** The name on the card and its billing address. */
export interface BillingInput {
  name: string;
  address: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
}

/**
 * A one-time token for a card, made in the browser by the gateway's own script (Accept.js's
 * `opaqueData`, or the sandbox's): the portal never sees the number or the CVV.
 */
export interface OpaqueData {
  descriptor: string;
  value: string;
}

/** The card itself, typed in (PORTAL_CARD_NUMBERS=accept: the spec's literal payload). */
export interface CardNumberInput {
  number: string;
  /** MMYY; a slash ("12/28") is ignored. */
  expdate: string;
  cvv: string;
  opaqueData?: undefined;
}

/** A tokenised card: number, expiry and CVV stay with the gateway; they come back from it. */
export interface CardTokenInput {
  opaqueData: OpaqueData;
  number?: undefined;
  expdate?: undefined;
  cvv?: undefined;
}

export type CardInput = BillingInput & (CardNumberInput | CardTokenInput);

export type CardType = 'Visa' | 'M/C' | 'Discover' | 'AmExp';

export interface StoredCard {
  customerProfileId: string;
  paymentProfileId: string;
  ccn4: string;
  cardType: CardType;
  /** MMYY, as the gateway holds it (a tokenised card's expiry is known only to the gateway). */
  expdate: string;
}

export type ChargeResult =
  | { outcome: 'approved'; transId: string; authCode?: string; ccn4: string }
  /**
   * `reasonCode`: the gateway's response reason code (Authorize.Net's `errors[].errorCode`, e.g. '2'
   * general decline, '4' pick up card); auto-billing retries by it (billing/dunning.ts).
   */
  | { outcome: 'declined'; transId?: string; message: string; reasonCode?: string }
  /** The gateway answered with an error: nothing charged. */
  | { outcome: 'error'; message: string }
  /** Time-out, connection lost mid-charge or held for review: must be reconciled with `findCharge`, never guessed. */
  | { outcome: 'unknown'; message: string };

/** Billing address fields of a stored card; `name` or `firstName`/`lastName`. */
export type BillToUpdate = Partial<BillingInput> & {
  firstName?: string;
  lastName?: string;
  company?: string;
};

export type StoreCardResult =
  /** `alreadyStored`: the gateway already held this card under the customer profile and returned that profile. */
  { ok: true; card: StoredCard; alreadyStored?: boolean } | { ok: false; message: string };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'authorize-net';
  readonly isSandbox: boolean;
  /** Stores a card off-site (customer profile + payment profile); never keeps the number. */
  storeCard(input: {
    account: string;
    email?: string;
    existingCustomerProfileId?: string;
    card: CardInput;
  }): Promise<StoreCardResult>;
  updateCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
    expdate: string;
    billTo?: BillToUpdate;
  }): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Deleting a card the gateway no longer has is a success. */
  deleteCard(input: {
    customerProfileId: string;
    paymentProfileId: string;
  }): Promise<{ ok: true } | { ok: false; message: string }>;
  /** One-off card charge (authCaptureTransaction). idempotencyKey must make a retry safe. */
  chargeCard(input: {
    /** The account paying: a sandbox token must have been made for it (a card token needs it). */
    account?: string;
    idempotencyKey: string;
    amountCents: number;
    card: CardInput;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult>;
  /** Charge a stored payment profile. */
  chargeStoredCard(input: {
    idempotencyKey: string;
    amountCents: number;
    customerProfileId: string;
    paymentProfileId: string;
    invoiceNumber?: string;
    description?: string;
  }): Promise<ChargeResult>;
  /**
   * Look up the outcome of an earlier charge by its idempotency key (used to reconcile an 'unknown'
   * outcome). Returns null when the gateway never saw it; 'unknown' when it cannot tell yet (lookup
   * failed, or the charge is held for review).
   */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}

/** A pino-compatible logger (pino's `Logger` fits). */
export interface GatewayLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

// ---------------------------------------------------------------------------------------------
// Card helpers

/** Digits of a card number typed with spaces or dashes; null when anything else is in it. */
export function cardDigits(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) ? digits : null;
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand by IIN prefix; null for brands the portal does not take (JCB, Diners, …). */
export function cardType(number: string): CardType | null {
  // One rule for the brand, shared with the forms that fill the card type from it.
  return cardDigits(number) ? cardBrandOf(number) : null;
}

/** A card number the portal can send: 13–19 digits, Luhn-valid, a brand it takes. */
export function checkCardNumber(
  number: string,
): { ok: true; digits: string; type: CardType } | { ok: false } {
  const digits = cardDigits(number);
  if (!digits || digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return { ok: false };
  const type = cardType(digits);
  return type ? { ok: true, digits, type } : { ok: false };
}

/** MMYY (a slash or spaces ignored) → month and four-digit year; null when malformed. */
export function parseExpdate(expdate: string): { month: number; year: number } | null {
  const s = expdate.replace(/[\s/]/g, '');
  if (!/^\d{4}$/.test(s)) return null;
  const month = Number(s.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(s.slice(2)) };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(exp: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return exp.year < y || (exp.year === y && exp.month < m);
}

export function isValidCvv(cvv: string): boolean {
  return /^\d{3,4}$/.test(cvv);
}

/** Amount in cents → "12.34"; null unless a positive whole number of cents. */
export function formatAmount(cents: number): string | null {
  if (!Number.isSafeInteger(cents) || cents <= 0) return null;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "Alice B. Anderson" → first "Alice B.", last "Anderson". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { firstName: parts[0] ?? '', lastName: '' };
  return { firstName: parts.slice(0, -1).join(' '), lastName: parts.at(-1) ?? '' };
}

// ---------------------------------------------------------------------------------------------
// Idempotency

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The 20-character form of an idempotency key sent to the gateway (Authorize.Net's refId and
 * order.invoiceNumber are at most 20 characters): base32 of SHA-256, 100 bits. Stable, so staff
 * can find a payment in the gateway's merchant interface by it.
 */
export function shortKey(idempotencyKey: string): string {
  const hash = createHash('sha256').update(idempotencyKey, 'utf8').digest();
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of hash) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 20) {
      out += BASE32[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (out.length >= 20) break;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Keeping card data out of messages and logs

/**
 * Masks what could be a card number (13–19 digits, optionally grouped by spaces or dashes) as
 * XXXX + last four, and removes the given secrets (the number and CVV of the call at hand) where
 * they appear as a whole number.
 */
export function scrubCardData(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(/\d(?:[ -]?\d){12,18}/g, (m) => `XXXX${m.replace(/\D/g, '').slice(-4)}`);
  for (const secret of secrets) {
    if (!secret || secret.length < 3) continue;
    const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`, 'g'), '***');
  }
  return out;
}

const SECRET_KEYS = new Set([
  'cardNumber',
  'number',
  'ccnumber',
  'cardCode',
  'cvv',
  'transactionKey',
  // a card token: single-use, but as good as the card until it is used
  'dataValue',
]);

/** A deep copy of a request/response body fit for a log line: card numbers masked, CVVs and keys removed. */
export function redactBody(value: unknown, secrets: readonly string[] = []): unknown {
  if (typeof value === 'string') return scrubCardData(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactBody(v, secrets));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number')) {
        const s = String(v);
        out[k] = k === 'cardNumber' || k === 'number' || k === 'ccnumber' ? maskPan(s) : '[redacted]';
      } else {
        out[k] = redactBody(v, secrets);
      }
    }
    return out;
  }
  return value;
}

function maskPan(s: string): string {
  const digits = s.replace(/\D/g, '');
  return s.startsWith('XXXX') || digits.length < 4 ? s : `XXXX${digits.slice(-4)}`;
}

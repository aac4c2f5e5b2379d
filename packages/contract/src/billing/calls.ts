import { z } from 'zod';
import { addressAnswerFields, country } from '../address.ts';
import { CARD_TYPES } from '../constants.ts';
import { defineCall, PDF_MEDIA } from '../http.ts';
import {
  CARD_TOKENIZER,
  GET_COWORKING_PRODS,
  GET_INVOICE,
  GET_PAYMENT_INFO,
  GET_PAYMENT_METHODS,
  GET_PREFILL_CC_ADDR,
  INVOICE_PDF,
  INVOICES,
  RECEIPT_PDF,
  RECENT_PAYMENTS,
} from './call-refs.ts';
import { commonText } from '../messages.ts';
import {
  expdateInPast,
  idNumber,
  logname,
  optionalEmail,
  optionalText,
  parseExpdate,
  required,
  text,
  textId,
  validCcn,
} from '../rules.ts';
import { billingText } from './messages.ts';

/**
 * Calls of the billing area: stored cards and payments, invoices and
 * coworking products, and recent payments. Paths and payload names are the
 * spec's. The API speaks dollars (numbers with cents); the server keeps integer cents.
 */

// ---------------------------------------------------------------- building blocks

/** A 0/1 choice sent as a number or a string ('1'); missing is 'Required'. */
const flag01 = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.union([z.literal(0), z.literal(1)], { error: commonText.required }),
);
const optionalFlag = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.union([z.literal(0), z.literal(1)], { error: commonText.invalid }).optional(),
);

/** card_status / save_status: 0 single payment, 1 single and save, 2 single, save and auto-billing. */
export const CardStatus = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: commonText.required }),
);

/** Largest amount taken online, in cents: larger payments go through accounting. */
export const MAX_PAYMENT_CENTS = 10_000_000;

/**
 * A dollar amount (number or text, a leading $ allowed) → whole cents. Rules of the pay form
 *: required, numeric, greater than zero; plus at most two decimals.
 */
export const amountDollars = z
  .union([z.number(), z.string()], { error: commonText.required })
  .transform((v, ctx) => {
    const s = String(v).trim().replace(/^\$/, '').replace(/,/g, '');
    if (s === '') {
      ctx.addIssue({ code: 'custom', message: commonText.required });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: commonText.mustBeNumber });
      return z.NEVER;
    }
    if (!(n > 0)) {
      ctx.addIssue({ code: 'custom', message: commonText.amountPositive });
      return z.NEVER;
    }
    if (!/^\+?\d*(\.\d{0,2})?$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: billingText.amountCents });
      return z.NEVER;
    }
    const cents = Math.round(n * 100);
    if (cents > MAX_PAYMENT_CENTS) {
      ctx.addIssue({ code: 'custom', message: billingText.amountTooLarge });
      return z.NEVER;
    }
    return cents;
  });

/** The key of one payment the user asked for (one pay-form submit); a retry with it never charges twice. */
const idempotencyKey = z
  .string()
  .trim()
  .min(8, { error: commonText.invalid })
  .max(100, { error: commonText.invalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: commonText.invalid })
  .optional();

const cardType = z.enum(CARD_TYPES, { error: commonText.required });

/**
 * The card itself, as the spec's forms take it. The browser checks these
 * rules (Luhn, MMYY, CVV digits) with the spec's texts before it sends the card to the gateway's
 * tokenising script; the API takes them only with PORTAL_CARD_NUMBERS=accept.
 */
const cardNumberFields = {
  ccnumber: required().max(30).refine(validCcn, { error: commonText.invalidCreditCard }),
  expdate: required().refine((v) => parseExpdate(v) !== null && !expdateInPast(v), {
    error: commonText.invalidExpiration,
  }),
  cvv: required().regex(/^\d{3,4}$/, { error: commonText.invalid }),
};

/** The name on the card and the billing address: sent to the portal in every mode. */
const billingFields = {
  ccname: required().max(100),
  address: required().max(200),
  city: required().max(80),
  state: required(commonText.reqd).max(40),
  zipcode: required().max(20),
  country,
};

/** Card and billing-address fields of the add-card form. */
const cardFields = { ...billingFields, ...cardNumberFields };

/**
 * A one-time token for a card, made in the browser by the gateway's script: Accept.js's
 * `opaqueData {dataDescriptor, dataValue}` with Authorize.Net, the sandbox script's with the
 * sandbox. Single-use, valid 15 minutes (docs/decisions/019-card-tokens.md).
 */
export const OpaqueData = z.object(
  {
    descriptor: required().max(100),
    value: required().max(8192),
  },
  { error: commonText.required },
);
export type OpaqueData = z.infer<typeof OpaqueData>;

/**
 * The card of an API request: `opaque_data` (the browser tokenised it), or the spec's literal
 * `ccnumber`/`expdate`/`cvv` (taken only with PORTAL_CARD_NUMBERS=accept; the server answers 400
 * otherwise). Exactly one of the two; the literal card keeps the spec's rules and texts.
 */
function cardOrToken(numberRules: { ccnumber: z.ZodType; expdate: z.ZodType; cvv: z.ZodType }) {
  return (
    v: { opaque_data?: unknown; ccnumber?: unknown; expdate?: unknown; cvv?: unknown },
    ctx: z.RefinementCtx,
  ) => {
    const literal = v.ccnumber !== undefined || v.cvv !== undefined;
    if (v.opaque_data !== undefined) {
      if (literal) ctx.addIssue({ code: 'custom', path: ['opaque_data'], message: billingText.cardOrToken });
      return;
    }
    for (const field of ['ccnumber', 'expdate', 'cvv'] as const) {
      const r = numberRules[field].safeParse(v[field]);
      if (!r.success) ctx.addIssue({ code: 'custom', path: [field], message: r.error.issues[0]?.message });
    }
  };
}

/** Runs a body-level check even when a field failed, so every field's error is answered at once. */
const ALWAYS = {
  // …as long as the body is an object: one that is not has its own error, with no fields to check.
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The literal card fields of an API body: optional there, checked by cardOrToken. */
const optionalCardNumberFields = {
  ccnumber: text().max(30).optional(),
  expdate: text().max(10).optional(),
  cvv: text().max(4).optional(),
  opaque_data: OpaqueData.optional(),
};

// ---------------------------------------------------------------- stored cards

/** Payment method, with the stored billing address for the edit form. */
export const PayMethod = z.object({
  id: z.number(),
  cid: z.string(),
  ccn4: z.string(),
  card_type: z.string(),
  nice_expdate: z.string(),
  expdate: z.string(),
  on_auto_billing: z.boolean(),
  ...addressAnswerFields,
});
export type PayMethod = z.infer<typeof PayMethod>;

export const getPaymentMethods = defineCall({
  ...GET_PAYMENT_METHODS,
  params: z.object({ account: logname }),
  data: z.object({ pay_methods: z.array(PayMethod) }),
});

/** The address the card forms start from (the billing address, else the account address). */
export const PrefillAddress = z.object({
  ccname: z.string(),
  ...addressAnswerFields,
  email: z.string(),
});
export type PrefillAddress = z.infer<typeof PrefillAddress>;
export const getPrefillCcAddr = defineCall({
  ...GET_PREFILL_CC_ADDR,
  body: z.object({ account: logname }),
  data: z.object({ address: PrefillAddress }),
});

const newCardShape = {
  account: logname,
  cardtype: cardType,
  add_payment: optionalFlag,
  save_card: optionalFlag,
  auto_bill: flag01,
  use_this_card: optionalFlag,
};
/** The Add Card form, checked in the browser: every field required, Luhn, MMYY not past, numeric cvv. */
export const NewCardForm = z.object({ ...newCardShape, ...cardFields });
/**
 * POST /api/add-card: the form's fields with `opaque_data` in place of ccnumber/expdate/cvv (or,
 * with PORTAL_CARD_NUMBERS=accept, the spec's literal card). The card type, last four digits and
 * expiry of a tokenised card come back from the gateway; `cardtype` is then not required.
 */
export const NewCardBody = z
  .object({
    ...newCardShape,
    ...billingFields,
    ...optionalCardNumberFields,
    cardtype: cardType.optional().or(z.literal('').transform(() => undefined)),
  })
  .superRefine(cardOrToken(cardNumberFields), ALWAYS)
  .superRefine((v, ctx) => {
    // The spec's literal card names its type (required).
    if (v.opaque_data === undefined && !v.cardtype) {
      ctx.addIssue({ code: 'custom', path: ['cardtype'], message: commonText.required });
    }
  }, ALWAYS);
export const addCard = defineCall({
  method: 'POST',
  path: '/api/add-card',
  body: NewCardBody,
  data: z.object({ card_id: z.number(), pay_method: PayMethod }),
});

/** Card update: only the expiration format is checked. */
export const UpdateCardBody = z.object({
  account: logname,
  id: idNumber,
  auto_bill: optionalFlag,
  card_type: text().max(20).optional(),
  ccn4: text().max(4).optional(),
  expdate: z
    .string({ error: commonText.invalidExpiration })
    .trim()
    .refine((v) => parseExpdate(v) !== null, { error: commonText.invalidExpiration }),
  first_name: optionalText(60),
  last_name: optionalText(60),
  company: optionalText(100),
  address: optionalText(200),
  city: optionalText(80),
  state: optionalText(40),
  zipcode: optionalText(20),
  country,
});
export const updateCard = defineCall({
  method: 'POST',
  path: '/api/update-card',
  body: UpdateCardBody,
  data: z.object({ pay_method: PayMethod }),
});

export const DeleteCardBody = z.object({ account: logname, id: idNumber });
export const deleteCard = defineCall({
  method: 'POST',
  path: '/api/delete-card',
  body: DeleteCardBody,
  data: z.object({ id: z.number() }),
});

// ---------------------------------------------------------------- payments

/** Payment info: last_invoice is YYYYMMDD ('' when none); amounts in dollars. */
export const PaymentInfo = z.object({
  logname: z.string(),
  uid: z.number(),
  last_invoice: z.string(),
  amount: z.number(),
  num_paymts: z.number(),
  paymt_total: z.number(),
  current_due: z.number(),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;
export const getPaymentInfo = defineCall({
  ...GET_PAYMENT_INFO,
  params: z.object({ user: logname }),
  data: PaymentInfo,
});

const paymentFields = {
  account: logname,
  amount: amountDollars,
  email: optionalEmail(),
  comments: optionalText(500),
  save_status: CardStatus,
  save_card: optionalFlag,
  auto_bill: optionalFlag,
  use_this_card: optionalFlag,
  idempotency_key: idempotencyKey,
  /** 'coworking': pays a coworking purchase (recorded, not applied to the account balance). */
  purpose: z.enum(['account', 'coworking']).default('account'),
};

/** The pay form's card rules: its own texts for the number and the expiry. */
const payCardNumberFields = {
  ...cardNumberFields,
  ccnumber: required().max(30).refine(validCcn, { error: commonText.invalidCcn }),
  expdate: required()
    .refine((v) => parseExpdate(v) !== null, { error: commonText.invalidDate })
    .refine((v) => parseExpdate(v) === null || !expdateInPast(v), { error: commonText.expiredCard }),
};
const singlePaymentShape = {
  ...paymentFields,
  ...billingFields,
  cardtype: z
    .enum(CARD_TYPES, { error: commonText.invalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  which_card: z.coerce.number().int().min(0).max(0, { error: commonText.invalid }).optional(),
};
/** The pay form with a new card, checked in the browser. */
export const SinglePaymentForm = z.object({ ...singlePaymentShape, ...payCardNumberFields });
/**
 * POST /api/single-payment (also the coworking payment, purpose 'coworking'): the form's fields
 * with `opaque_data` in place of ccnumber/expdate/cvv (or, with PORTAL_CARD_NUMBERS=accept, the
 * spec's literal card); which_card 0 or absent.
 */
export const SinglePaymentBody = z
  .object({ ...singlePaymentShape, ...optionalCardNumberFields })
  .superRefine(cardOrToken(payCardNumberFields), ALWAYS);

/**
 * POST /api/sandbox/tokenize: the embedded sandbox gateway's own tokenising endpoint, what its
 * browser script (/sandbox-accept.js) calls in place of Authorize.Net's. It stands for the gateway
 * host: the portal's API never takes the card in this mode either. Only the documented test cards.
 */
export const sandboxTokenize = defineCall({
  method: 'POST',
  path: '/api/sandbox/tokenize',
  body: z.object({ account: logname, ...cardNumberFields }),
  data: z.object({ opaque_data: OpaqueData }),
});

/** Which script the card forms use to tokenise a card (GET /api/card-tokenizer). */
export const CardTokenizer = z.discriminatedUnion('kind', [
  /** Authorize.Net's Accept.js, from its own host; the public client key (never the transaction key). */
  z.object({
    kind: z.literal('accept-js'),
    script: z.string(),
    api_login_id: z.string(),
    client_key: z.string(),
  }),
  /** The embedded sandbox's script, served by the portal (same origin). */
  z.object({ kind: z.literal('sandbox'), script: z.string() }),
]);
export type CardTokenizer = z.infer<typeof CardTokenizer>;
export const cardTokenizer = defineCall({
  ...CARD_TOKENIZER,
  data: CardTokenizer,
});

/** The pay form with a stored card: which_card is the card's id; card fields are not used. */
export const SavedCardPaymentBody = z.object({ ...paymentFields, which_card: idNumber });

/** Outcomes a payment call reports as success. */
export const PAY_STATUS = ['approved', 'unknown'] as const;
export const PaymentData = z.object({
  /** approved: money taken; unknown: the gateway's answer was lost and is being reconciled. */
  status: z.enum(PAY_STATUS),
  trans_id: z.string(),
  amount: z.number(),
  receipt_to: z.string(),
  ccn4: z.string(),
  card_id: z.number().nullable(),
  date: z.string(),
});
export type PaymentData = z.infer<typeof PaymentData>;

export const singlePayment = defineCall({
  method: 'POST',
  path: '/api/single-payment',
  body: SinglePaymentBody,
  data: PaymentData,
});
export const savedCardPayment = defineCall({
  method: 'POST',
  path: '/api/saved-card-payment',
  body: SavedCardPaymentBody,
  data: PaymentData,
});

export const RecentPayment = z.object({
  trans_id: z.string(),
  date: z.string(),
  amount: z.number(),
  ccn4: z.string(),
  status: z.string(),
  comments: z.string(),
  /** Beyond the spec, for the receipt screen: what it paid, in words (the receipt mail says the same). */
  paid_for: z.string(),
  /** The date in words in the customer's time zone, as the receipt mail gives it. */
  date_words: z.string(),
});
export type RecentPayment = z.infer<typeof RecentPayment>;
/** Recent payments of the account, newest first (approved ones and those still being confirmed). */
export const recentPayments = defineCall({
  ...RECENT_PAYMENTS,
  params: z.object({ account: logname }),
  data: z.object({ payments: z.array(RecentPayment) }),
});

// ---------------------------------------------------------------- invoices

/**
 * Where an invoice stands, from the one reckoning of what the account owes (the balance spread over
 * its unpaid invoices, oldest paid first): 'paid' (paid, or covered by what was paid), 'unpaid'
 * (something still owed, not yet due), 'overdue' (still owed after its due date).
 */
export const InvoiceStatus = z.enum(['paid', 'unpaid', 'overdue']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
const invoiceStanding = {
  paid: z.boolean(),
  /** What is still owed on it, in dollars (0 when paid). */
  owed: z.number(),
  status: InvoiceStatus,
  /** Whole days past its due date while owed; 0 otherwise. */
  days_overdue: z.number(),
};

export const InvoiceRow = z.object({
  invoice: z.string(),
  invdate: z.string(),
  duedate: z.string(),
  amount: z.number(),
  ...invoiceStanding,
});
export type InvoiceRow = z.infer<typeof InvoiceRow>;
export const invoices = defineCall({
  ...INVOICES,
  params: z.object({ user: logname }),
  data: z.array(InvoiceRow),
});

/** data.invoice is the invoice's markup (rendered sanitised); the row's fields come with it. */
export const getInvoice = defineCall({
  ...GET_INVOICE,
  // Invoice numbers are numbers in the back office's data: a number or its digits are taken.
  body: z.object({ invoice: textId(64), logname }),
  data: z.object({
    invoice: z.string(),
    invoice_number: z.string(),
    invdate: z.string(),
    duedate: z.string(),
    amount: z.number(),
    ...invoiceStanding,
  }),
});

// ---------------------------------------------------------------- papers (PDF)

/**
 * The invoice as a PDF document (application/pdf with a file name, not the JSON envelope; a refusal
 * is the envelope as usual): the same lines, totals and status as the invoice screen, and for a
 * paid invoice the date and the card ending (docs/decisions/056-papers-as-pdf.md).
 */
export const invoicePdf = defineCall({
  ...INVOICE_PDF,
  media: PDF_MEDIA,
  body: z.object({ invoice: textId(64), logname }),
  data: z.never(),
});

/** A payment's receipt as a PDF document (as invoicePdf): the receipt screen's facts. */
export const receiptPdf = defineCall({
  ...RECEIPT_PDF,
  media: PDF_MEDIA,
  body: z.object({ trans_id: textId(64), account: logname }),
  data: z.never(),
});

// ---------------------------------------------------------------- coworking

export const CoworkingProduct = z.object({
  pcode: z.string(),
  name: z.string(),
  actual_price: z.number(),
  unit: z.string(),
  description: z.string(),
});
export type CoworkingProduct = z.infer<typeof CoworkingProduct>;
/** disctype 1 normal prices, 2 the members' discount. Read as top-level `products` too. */
export const getCoworkingProds = defineCall({
  ...GET_COWORKING_PRODS,
  body: z.object({
    disctype: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
      z.union([z.literal(1), z.literal(2)], { error: commonText.required }),
    ),
  }),
  data: z.array(CoworkingProduct),
});

export const purchaseProduct = defineCall({
  method: 'POST',
  path: '/api/purchase-product',
  body: z.object({
    logname,
    pcode: required().max(20),
    units: z.coerce
      .number({ error: commonText.mustBeNumber })
      .int({ error: commonText.invalid })
      .min(1, { error: commonText.invalid })
      .max(1000),
    comment: optionalText(500),
    /** The coworking payment that paid for it, when paid through the portal. */
    trans_id: text().trim().max(40).optional(),
  }),
  data: z.object({ id: z.number() }),
});

export const addToAudit = defineCall({
  method: 'POST',
  path: '/api/addtoaudit',
  body: z.object({ logname, message: required().max(2000) }),
  data: z.object({ logged: z.boolean() }),
});

/** The staff coworking form: amount rules and the reservation name. */
export const CoworkForm = z.object({
  amount: amountDollars,
  /** 'Required'; the form also shows B.reservationNameRequired under it. */
  name: required().max(100),
});

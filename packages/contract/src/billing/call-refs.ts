/**
 * Method, path and token rule of the billing area's reads (payment status, cards on file, the card
 * forms' prefill address, the tokeniser, recent payments, invoices, coworking products), without
 * their schemas: the area's fetchers make them without loading zod, so Make Payment shows without
 * it (zod and the pay form's rules load when the form is first used). calls.ts builds the full
 * definitions from these.
 */

export const GET_PAYMENT_METHODS = {
  method: 'GET',
  path: '/api/get-payment-methods/:account',
  token: true,
} as const;
export const GET_PREFILL_CC_ADDR = { method: 'POST', path: '/api/get-prefill-cc-addr', token: true } as const;
export const GET_PAYMENT_INFO = { method: 'GET', path: '/api/get-payment-info/:user', token: true } as const;
export const CARD_TOKENIZER = { method: 'GET', path: '/api/card-tokenizer', token: true } as const;
export const RECENT_PAYMENTS = { method: 'GET', path: '/api/recent-payments/:account', token: true } as const;
export const INVOICES = { method: 'GET', path: '/api/invoices/:user', token: true } as const;
export const GET_INVOICE = { method: 'POST', path: '/api/get-invoice', token: true } as const;
export const GET_COWORKING_PRODS = { method: 'POST', path: '/api/get-coworking-prods', token: true } as const;
/** The invoice and receipt PDFs (calls.ts invoicePdf, receiptPdf): application/pdf, not the envelope. */
export const INVOICE_PDF = { method: 'POST', path: '/api/invoice-pdf', token: true } as const;
export const RECEIPT_PDF = { method: 'POST', path: '/api/receipt-pdf', token: true } as const;

import { card } from './samples.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of billing, keyed "METHOD path" exactly as registered. */
export const billingExpectations: Record<string, Expectation> = {
  'GET /api/get-payment-methods/:account': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/get-prefill-cc-addr': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ body: { account: t.account } }),
  },
  'POST /api/add-card': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ body: { account: t.account, ...card, cardtype: 'Visa', auto_bill: 0 } }),
  },
  // The sandbox gateway's own tokenising endpoint (its Accept.js); registered with the sandbox only.
  'POST /api/sandbox/tokenize': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({
      body: { account: t.account, ccnumber: card.ccnumber, expdate: card.expdate, cvv: card.cvv },
    }),
  },
  'GET /api/card-tokenizer': { access: 'user', kind: 'none', sample: () => ({}) },
  'POST /api/update-card': {
    access: 'account:billing',
    kind: 'object',
    sample: (t) => (t.obj.card ? { body: { account: t.account, id: t.obj.card, expdate: '1238' } } : null),
  },
  'POST /api/delete-card': {
    access: 'account:billing',
    deletes: true,
    kind: 'object',
    sample: (t) => (t.obj.card ? { body: { account: t.account, id: t.obj.card } } : null),
  },
  'GET /api/get-payment-info/:user': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'GET /api/recent-payments/:account': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/single-payment': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ body: { account: t.account, amount: '1.00', save_status: 0, ...card } }),
  },
  'POST /api/saved-card-payment': {
    access: 'account:billing',
    kind: 'object',
    sample: (t) =>
      t.obj.card
        ? { body: { account: t.account, amount: '1.00', save_status: 0, which_card: t.obj.card } }
        : null,
  },
  'GET /api/invoices/:user': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'POST /api/get-invoice': {
    access: 'account:billing',
    kind: 'object',
    sample: (t) => ({ body: { invoice: t.obj.invoice, logname: t.account } }),
  },
  'POST /api/invoice-pdf': {
    access: 'account:billing',
    kind: 'object',
    sample: (t) => ({ body: { invoice: t.obj.invoice, logname: t.account } }),
  },
  'POST /api/receipt-pdf': {
    access: 'account:billing',
    kind: 'object',
    sample: (t) => (t.obj.payment ? { body: { trans_id: t.obj.payment, account: t.account } } : null),
  },
  'POST /api/get-coworking-prods': {
    access: 'user',
    kind: 'none',
    sample: () => ({ body: { disctype: 1 } }),
  },
  'POST /api/purchase-product': {
    access: 'account:staff',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, pcode: 'DAY', units: 1 } }),
  },
  'POST /api/addtoaudit': {
    access: 'account:staff',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, message: 'Matrix probe' } }),
  },
};

import { firstData, roleOf, type Screen, type ScreenContext, type Screens } from '../../app/screen.ts';

type Api = typeof import('./api.ts');
type Tokenize = typeof import('./tokenize.ts');

/**
 * First data of a screen for Primary accounts (PrimaryOnly): asked for once the account's role is
 * known, and not at all for a Secondary, who sees a refusal.
 */
const forPrimary =
  (answers: (api: Api, tokenize: Tokenize, ctx: ScreenContext) => Array<Promise<unknown>>): Screen['data'] =>
  async (ctx) => {
    const [api, tokenize, role] = await Promise.all([
      import('./api.ts'),
      import('./tokenize.ts'),
      roleOf(ctx),
    ]);
    if (role?.account_role === 'Secondary') return;
    await firstData(...answers(api, tokenize, ctx));
  };

/** The pay form's data (payment-form.tsx): cards on file, the billing address, the card tokenizer. */
const payForm = (api: Api, tokenize: Tokenize, { client, user }: ScreenContext) => [
  client.ensureQueryData(api.payMethodsQuery(user)),
  client.ensureQueryData(api.prefillQuery(user)),
  client.ensureQueryData(tokenize.tokenizerQuery()),
];

/** Screens of the billing area, loaded lazily, with their first data. */
export const billingScreens: Screens = {
  'edit-cc': { load: () => import('./edit-cc-page.tsx'), data: forPrimary(payForm) },
  'make-payment': {
    load: () => import('./make-payment-page.tsx'),
    data: forPrimary((api, tokenize, ctx) => [
      ctx.client.ensureQueryData(api.paymentInfoQuery(ctx.user)),
      ...payForm(api, tokenize, ctx),
    ]),
  },
  'pay-form': { load: () => import('./pay-form-page.tsx'), data: forPrimary(payForm) },
  'coworking-prods': {
    load: () => import('./coworking-prods-page.tsx'),
    data: async ({ client }) =>
      firstData(client.ensureQueryData((await import('./api.ts')).coworkingQuery(1))),
  },
  'cowork-pay-form': { load: () => import('./cowork-pay-form-page.tsx') },
  invoices: {
    load: () => import('./invoices-page.tsx'),
    data: forPrimary((api, _, { client, user }) => [client.ensureQueryData(api.invoicesQuery(user))]),
  },
  'view-invoice': {
    load: () => import('./view-invoice-page.tsx'),
    data: forPrimary((api, _, { client, user, params }) => [
      client.ensureQueryData(api.invoiceQuery(user, params.invoice ?? '')),
    ]),
  },
  'payment-receipt': {
    load: () => import('./payment-receipt-page.tsx'),
    data: forPrimary((api, _, { client, user }) => [client.ensureQueryData(api.recentPaymentsQuery(user))]),
  },
  'recent-payments': {
    load: () => import('./recent-payments-page.tsx'),
    data: forPrimary((api, _, { client, user }) => [client.ensureQueryData(api.recentPaymentsQuery(user))]),
  },
};

import { worldPassword } from '../world.ts';
import { address, future, secondaryRequest } from './samples.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of account area, keyed "METHOD path" exactly as registered. */
/** The one-click unsubscribe link (GET shows its page, POST unsubscribes): public, answers a page. */
const unsubscribeLink: Expectation = {
  access: 'public',
  business: true,
  page: true,
  kind: 'none',
  answers: { 404: 'the sample names no real unsubscribe token' },
  sample: () => ({ params: { token: 'bm9ib2R5.news.AAAAAAAAAAAAAAAAAAAA' } }),
};

export const accountExpectations: Record<string, Expectation> = {
  'POST /api/change-unix-password': {
    access: 'account:self+secondary',
    kind: 'account',
    answers: { 422: "staff confirm with their own panel password; the sample carries the account's" },
    sample: (t) => ({
      body: {
        logname: t.account,
        panel_password: worldPassword(t.account),
        new: 'Matrix-mail-9',
        confirm: 'Matrix-mail-9',
      },
    }),
  },
  'POST /api/user-change-password': {
    access: 'account:self',
    kind: 'account',
    note: 'the sample sets the same password again',
    answers: {
      422: "staff confirm with their own panel password; the sample carries the account's",
      429: "staff's wrong panel passwords count against the sign-in limit of the staff account",
    },
    sample: (t) => {
      const pass = worldPassword(t.account);
      return { body: { username: t.account, old_password: pass, new_password: pass, conf_password: pass } };
    },
  },
  'POST /api/forgot-panel-password': {
    access: 'public',
    kind: 'none',
    answers: { 429: 'at most 5 reset requests per account in 15 minutes; the matrix sends 7' },
    sample: () => ({ body: { account: 'erin', email: 'probe@example.com' } }),
  },
  'POST /api/forgot-email-password': {
    access: 'public',
    kind: 'none',
    answers: { 429: 'at most 5 reset requests per account in 15 minutes; the matrix sends 7' },
    sample: () => ({ body: { account: 'erin', email: 'probe@example.com' } }),
  },
  'POST /api/user-reset-password': {
    access: 'public',
    kind: 'none',
    answers: { 422: 'the sample names no real reset token' },
    sample: () => ({
      body: {
        reset_token: 'no-such-reset-token',
        new_password: 'Matrix-pass-9',
        conf_password: 'Matrix-pass-9',
      },
    }),
  },
  'POST /api/reset-unix-password': {
    access: 'public',
    kind: 'none',
    answers: { 422: 'the sample names no real reset token' },
    sample: () => ({
      body: {
        reset_token: 'no-such-reset-token',
        new_password: 'Matrix-pass-9',
        conf_password: 'Matrix-pass-9',
      },
    }),
  },
  'POST /api/get-account-address': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ body: { account: t.account } }),
  },
  'POST /api/update-account-address': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: address(t.account) }),
  },
  'POST /api/get-bill-address': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ body: { account: t.account } }),
  },
  'POST /api/update-bill-address': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ body: address(t.account) }),
  },
  'GET /api/get-statement-delivery/:logname': {
    access: 'account:statement',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/change-statement-delivery': {
    access: 'account:statement',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, method: 'e', nozero: 1, email: 'probe@example.com' } }),
  },
  'POST /api/check-account-names': {
    access: 'account:primary',
    kind: 'account',
    sample: (t) => ({ body: secondaryRequest(t.account) }),
  },
  'POST /api/request-accounts': {
    access: 'account:primary',
    kind: 'account',
    answers: { 409: 'the names were requested already by the first caller' },
    sample: (t) => ({ body: secondaryRequest(t.account) }),
  },
  'GET /api/staff/secondary-requests': { access: 'staff', kind: 'none', sample: () => ({}) },
  'GET /api/staff/outbox/:status/:page?': {
    access: 'staff',
    kind: 'none',
    sample: () => ({ params: { status: 'all', page: 1 } }),
  },
  'POST /api/staff/secondary-request-done': {
    access: 'staff',
    kind: 'none',
    answers: { 409: 'the first caller marked the request done' },
    sample: () => ({ body: { id: 1 } }),
  },
  'GET /api/empty-domains/:account': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/sendmessage': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({
      body: { send_from: t.account, send_to: 'helpdesk', subject: 'Matrix probe', message: 'Probe' },
    }),
  },
  // personal access tokens
  'POST /api/create-api-token': {
    access: 'account:own',
    grant: true,
    kind: 'account',
    note: 'the account itself only: staff may list and revoke a customer’s tokens, not make them',
    sample: (t) => ({
      body: { logname: t.account, name: 'matrix-probe', scope: 'read', expires: future(t, 30) },
    }),
  },
  'GET /api/api-tokens/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/revoke-api-token': {
    access: 'account:self',
    kind: 'object',
    note: 'revoking a revoked token again succeeds',
    sample: (t) => (t.obj.apiToken ? { body: { logname: t.account, id: t.obj.apiToken } } : null),
  },
  // app passwords for mail (docs/mail-servers-passwords.md): the account's own; staff neither see nor make them
  'POST /api/create-mail-app-password': {
    access: 'account:own',
    grant: true,
    kind: 'account',
    note: 'the account itself only: customers cannot make them for others, staff cannot make them',
    sample: (t) => ({ body: { logname: t.account, name: 'matrix-probe', scope: 'imap' } }),
  },
  'GET /api/mail-app-passwords/:logname': {
    access: 'account:own',
    kind: 'account',
    note: 'staff cannot see them',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/revoke-mail-app-password': {
    access: 'account:own',
    kind: 'object',
    note: 'revoking a revoked app password again succeeds',
    sample: (t) =>
      t.obj.mailAppPassword ? { body: { logname: t.account, id: t.obj.mailAppPassword } } : null,
  },
  'POST /api/require-mail-app-passwords': {
    access: 'account:own',
    grant: true,
    kind: 'account',
    note: 'the sample turns it off, which every account may (turning it on needs the second factor)',
    sample: (t) => ({ body: { logname: t.account, required: false } }),
  },
  // notification preferences (docs/decisions/055-notification-preferences.md): the account and staff working on it
  'GET /api/notice-preferences/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'GET /api/notices/:logname': {
    access: 'account:billing',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/set-notice-preference': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, category: 'news', send_to: 'bill' } }),
  },
  'GET /api/unsubscribe/:token': unsubscribeLink,
  'POST /api/unsubscribe/:token': unsubscribeLink,
};

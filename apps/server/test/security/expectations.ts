import { readFileSync } from 'node:fs';
import { DM } from '@portal/contract/domains/messages';
import { DEMO_FILE } from '../../src/lib/demo.ts';

/**
 * The expectations table of the access matrix (access-matrix.test.ts, docs/access.md): for every
 * registered call, the access rule it must be registered with, what it addresses, and a valid
 * sample request for each target. Who may do what follows from the rule and the demo accounts; the
 * test sends every request and checks the class of every answer.
 */

export const IDENTITIES = ['none', 'alice', 'bob', 'carol', 'dave', 'staff', 'admin'] as const;
export type Who = (typeof IDENTITIES)[number];

export const IDENTITY_NOTES: Record<Who, string> = {
  none: 'no token',
  alice: 'customer A (Primary)',
  bob: 'customer B (Primary)',
  carol: 'Secondary of A',
  dave: 'Secondary of A, dashboard admin, granted admin of harbor-studio.org',
  staff: 'staff',
  admin: 'admin',
};

/**
 * What a call addresses, which decides its targets:
 * - `none`: nothing (one target, `-`);
 * - `account`: an account (A, B, and C, the Secondary carol);
 * - `object`: an account and one of its objects (also A×B: A's account naming B's object, and
 *   B×A; C names A's object);
 * - `owned`: only an object, whose owner is the account (A's object, B's object);
 * - `domain`: a domain (A's, B's, and G: A's domain granted to dave).
 * Object, owned and domain calls are also sent naming what does not exist (A×?, ?): refused alike,
 * 403 for customers, whether or not the object exists (DESIGN.md §3).
 */
export type Kind = 'none' | 'account' | 'object' | 'owned' | 'domain';

export type TargetName = '-' | 'A' | 'B' | 'C' | 'A×B' | 'B×A' | 'A×?' | 'G' | '?';

export const TARGETS: Record<Kind, TargetName[]> = {
  none: ['-'],
  account: ['A', 'B', 'C'],
  object: ['A', 'B', 'C', 'A×B', 'B×A', 'A×?'],
  owned: ['A', 'B', '?'],
  domain: ['A', 'B', 'G', '?'],
};

export const TARGET_NOTES: Record<TargetName, string> = {
  '-': 'the call names no account or object',
  A: "alice's account (or domain, or object)",
  B: "bob's account (or domain, or object)",
  C: "carol's account (a Secondary of alice); object calls name alice's object",
  'A×B': "alice's account naming bob's object",
  'B×A': "bob's account naming alice's object",
  'A×?': "alice's account naming an object that does not exist",
  G: 'harbor-studio.org: alice’s domain on which dave is a granted admin',
  '?': 'an object or domain that does not exist',
};

/** The demo objects a sample names (serial ids are looked up in the database by the test). */
export interface Objects {
  domain: string;
  alias: string;
  vid: number;
  devsite?: number;
  /** cards.id */
  card?: number;
  tcid: number;
  /** temp_emails.id and name */
  tempId?: number;
  tempName?: string;
  /** recovery_emails.id */
  recovery?: number;
  invoice: string;
  /** passkeys.id (the matrix adds one for alice and bob: the demo data has none) */
  passkey?: number;
  /** sessions.public_id of a spare session (issue 18) */
  session?: string;
  /** api_tokens.id (personal access tokens; the matrix makes one for alice and bob) */
  apiToken?: string;
}

export interface Target {
  name: TargetName;
  /** The account the request names. */
  account: string;
  /** The objects the request names (another account's for the cross targets). */
  obj: Objects;
}

export type Outcome = 'pass' | 'unauthenticated' | 'refused';

export interface Sample {
  params?: Record<string, string | number>;
  body?: unknown;
}

export interface Expectation {
  /** The rule the route must be registered with (route() describes it). */
  access: string;
  /** The rule the handler applies when it differs (e.g. 'user' routes that check the object's owner). */
  policy?: string;
  kind: Kind;
  /** 'agent': the agent API, guarded by the agent credential: no user token passes. */
  special?: 'agent' | 'logout';
  /** The sample deletes its object: after the first success on a target, later callers find it gone (403/404). */
  deletes?: true;
  /** A 4xx is the normal answer to the sample (e.g. an unknown confirmation token). */
  business?: true;
  /**
   * The answers other than a 2xx an authorised caller may get, each with the reason (e.g. 409 when
   * a second caller adds the same object). Any other status, and always 401 and 403, fails.
   */
  answers?: Partial<Record<number, string>>;
  /**
   * The text of the handler's refusal (its `policy`) to a caller the route's rule lets through, who
   * therefore knows the object exists (a granted domain admin); every other refusal of a customer
   * says "Permission denied".
   */
  policyRefusal?: string;
  /** The answer is an HTML page (a link opened from a mail), not the JSON envelope. */
  page?: true;
  /** The call hands lasting access: each caller sends their own current password (http/grant.ts). */
  grant?: true;
  sample: (t: Target) => Sample | null;
  note?: string;
}

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const address = (account: string) => ({
  account,
  first_name: 'Matrix',
  last_name: 'Probe',
  company: '',
  address: '1 Probe Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
  phone: '',
});
const card = {
  ccname: 'Matrix Probe',
  ccnumber: '4111111111111111',
  expdate: '1239',
  cvv: '123',
  address: '1 Probe Road',
  city: 'Portland',
  state: 'ME',
  zipcode: '04101',
  country: 'US',
};
const secondaryRequest = (account: string) => ({
  account,
  email: 'probe@example.com',
  lognames: ['mxprobe1'],
  first_names: ['Matrix'],
  last_names: ['Probe'],
  aliases: [''],
  types: ['Email'],
});
const contact = {
  contact: 'Matrix Probe',
  info: 'probe@example.com',
  restricted: 0,
  technical: 1,
  billing: 0,
};
const text = (cleartext: string) => ({ body: { cleartext } });

/** Keyed "METHOD path", exactly as registered. */
export const EXPECTATIONS: Record<string, Expectation> = {
  // session and shell
  'POST /api/miglogin': {
    access: 'public',
    kind: 'none',
    sample: () => ({ body: { username: 'alice', password: 'alice-demo-pass' } }),
  },
  'GET /api/logout': { access: 'public', kind: 'none', special: 'logout', sample: () => ({}) },
  'GET /api/urls': { access: 'public', kind: 'none', sample: () => ({}) },
  'GET /api/openapi.json': { access: 'public', kind: 'none', sample: () => ({}) },
  'GET /api/networkstatus': { access: 'user', kind: 'none', sample: () => ({}) },
  'GET /api/quickrefs': { access: 'optional', kind: 'none', sample: () => ({}) },
  'GET /api/customer/:logname': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'GET /api/account-role/:account': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/usermode/:operator': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { operator: t.account } }),
  },
  'POST /api/set-mode': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, mode: 'light' } }),
  },
  'GET /api/get-popup-note/:logname': {
    access: 'staff',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'GET /api/lookup-logname-uid/:text': {
    access: 'staff',
    kind: 'account',
    sample: (t) => ({ params: { text: t.account } }),
  },
  'GET /api/search-accounts/:text': {
    access: 'staff',
    kind: 'none',
    sample: () => ({ params: { text: 'anderson' } }),
  },
  // account area
  'POST /api/change-unix-password': {
    access: 'account:self',
    kind: 'account',
    answers: { 422: "staff confirm with their own panel password; the sample carries the account's" },
    sample: (t) => ({
      body: {
        logname: t.account,
        panel_password: `${t.account}-demo-pass`,
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
      const pass = `${t.account}-demo-pass`;
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
    access: 'account:self',
    policy: 'account:primary',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/change-statement-delivery': {
    access: 'account:self',
    policy: 'account:primary',
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
  // billing
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
  'POST /api/get-coworking-prods': {
    access: 'user',
    kind: 'none',
    sample: () => ({ body: { disctype: 1 } }),
  },
  'POST /api/purchase-product': {
    access: 'staff',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, pcode: 'DAY', units: 1 } }),
  },
  'POST /api/addtoaudit': {
    access: 'staff',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, message: 'Matrix probe' } }),
  },
  // domains
  'GET /api/domains/:account': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/domain-usage/:account': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/tldpricelist/:tld': { access: 'user', kind: 'none', sample: () => ({ params: { tld: 'com' } }) },
  'POST /api/gettext': {
    access: 'public',
    kind: 'none',
    sample: () => ({ body: { text: 'registration-agreement' } }),
  },
  'POST /api/signagreement': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { domain: 'matrix-probe-new.com', account: t.account } }),
  },
  'GET /api/domain-renewal-status/:domain': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ params: { domain: t.obj.domain } }),
  },
  'POST /api/renew-domain': {
    access: 'domain',
    kind: 'domain',
    answers: { 422: 'the demo domains cannot be renewed by hand now (auto-renew, or too early)' },
    sample: (t) => ({ body: { renew_domain: t.obj.domain, price: 18, numyears: 1 } }),
  },
  'GET /api/domain-status/:domain': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ params: { domain: t.obj.domain } }),
  },
  'POST /api/domainedit': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ body: { domain: t.obj.domain, auto_renew: 1, abandon: 0, contact_email: '' } }),
  },
  'GET /api/domainadmins/:domain': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ params: { domain: t.obj.domain } }),
  },
  'POST /api/addadmin': {
    access: 'domain',
    grant: true,
    policy: 'domain:owner',
    policyRefusal: DM.ownerOnly,
    kind: 'domain',
    sample: (t) => ({ body: { domain: t.obj.domain, newadmin: 'erin', logname: t.account, all: 0 } }),
  },
  'POST /api/deleteadmin': {
    access: 'domain',
    policy: 'domain:owner',
    policyRefusal: DM.ownerOnly,
    deletes: true,
    kind: 'domain',
    note: 'the sample removes erin (added by the addadmin sample), never dave',
    sample: (t) => ({ body: { domain: t.obj.domain, logname: 'erin' } }),
  },
  'POST /api/delete-admin-from-all': {
    access: 'account:self',
    kind: 'account',
    answers: { 404: 'the deleteadmin sample removed erin before' },
    sample: (t) => ({ body: { admin_to_delete: 'erin', current_user: t.account } }),
  },
  'POST /api/whois': {
    access: 'user',
    kind: 'none',
    sample: () => ({ body: { domain: 'anderson-design.com' } }),
  },
  'GET /api/domain-counts/:user': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  // mail
  'GET /api/domain-email-aliases/:domain': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ params: { domain: t.obj.domain } }),
  },
  'GET /api/domain-alias-dests/:domain/:src': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({ params: { domain: t.obj.domain, src: t.obj.alias } }),
  },
  'POST /api/add-domain-alias': {
    access: 'domain',
    kind: 'domain',
    answers: { 409: 'the first caller added the alias' },
    sample: (t) => ({
      body: { src_user: 'matrix-probe', src_domain: t.obj.domain, targets: 'probe@example.com' },
    }),
  },
  'POST /api/update-domain-alias': {
    access: 'domain',
    kind: 'domain',
    sample: (t) => ({
      body: { src_user: t.obj.alias, src_domain: t.obj.domain, targets: 'probe@example.com' },
    }),
  },
  'POST /api/delete-domain-alias': {
    access: 'domain',
    deletes: true,
    kind: 'domain',
    note: 'the sample removes the alias the add sample created',
    sample: (t) => ({ body: { src_user: 'matrix-probe', src_domain: t.obj.domain } }),
  },
  'GET /api/tempemails/:user': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'GET /api/tempemail-explist': { access: 'user', kind: 'none', sample: () => ({}) },
  'GET /api/tempemail-explist/:expdate': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { expdate: future(30) } }),
  },
  'POST /api/add-tempemail': {
    access: 'account:self',
    kind: 'account',
    answers: { 409: 'the first caller took the name' },
    sample: (t) => ({
      body: {
        logname: t.account,
        name: 'matrix-probe',
        forwards_to: 'probe@example.com',
        expires: future(30),
        notes: '',
      },
    }),
  },
  'POST /api/tempemail-alias': {
    access: 'account:self',
    kind: 'object',
    sample: (t) => (t.obj.tempName ? { body: { alias: t.obj.tempName, logname: t.account } } : null),
  },
  'POST /api/update-tempemail': {
    access: 'account:self',
    kind: 'object',
    sample: (t) =>
      t.obj.tempId && t.obj.tempName
        ? {
            body: {
              name: t.obj.tempName,
              forwards_to: 'probe@example.com',
              expdate: future(40),
              notes: 'probe',
              key: t.obj.tempId,
              logname: t.account,
            },
          }
        : null,
  },
  'GET /api/get-recovery-emails/:user': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'POST /api/add-recovery-email': {
    access: 'account:self',
    grant: true,
    kind: 'account',
    answers: { 409: 'the first caller added the address' },
    sample: (t) => ({ body: { logname: t.account, email: 'probe@example.com' } }),
  },
  'POST /api/delete-recovery-email': {
    access: 'account:self',
    deletes: true,
    kind: 'object',
    sample: (t) => (t.obj.recovery ? { body: { account: t.account, id: t.obj.recovery } } : null),
  },
  'GET /api/mailing-lists/:account': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/disk-usage/:account': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/subscribe-portal': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, email: 'probe@example.com' } }),
  },
  'GET /api/subscribe-portal/confirm/:token': {
    access: 'public',
    business: true,
    page: true,
    kind: 'none',
    answers: { 404: 'the sample names no real confirmation token' },
    sample: () => ({ params: { token: 'no-such-confirmation-token-0123' } }),
  },
  'GET /api/confirm-address/:token': {
    access: 'public',
    business: true,
    page: true,
    kind: 'none',
    answers: { 404: 'the sample names no real confirmation token' },
    sample: () => ({ params: { token: 'no-such-confirmation-token-0123' } }),
  },
  'POST /api/auto-responder': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({
      body: {
        logname: t.account,
        start: future(1),
        end: future(5),
        message: 'Away',
        reply_to: 'probe@example.com',
      },
    }),
  },
  // hosting
  'GET /api/compressed-websites/:user': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'GET /api/compressed-nondev-websites/:user': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'POST /api/watcherrorlogs': {
    access: 'account:self',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, vid: t.obj.vid, status: 1 } }),
  },
  'POST /api/download-errorlogs': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, vid: t.obj.vid } }),
  },
  'POST /api/download-errorlogs-link': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, vid: t.obj.vid } }),
  },
  'GET /api/download-errorlogs': {
    access: 'public',
    kind: 'none',
    note: 'no bearer token: the signed ?link= of download-errorlogs-link is the credential, its caller checked with account:read in the handler',
    answers: { 404: 'no link, or one not signed, tampered or expired (hosting.test.ts tests valid ones)' },
    sample: () => ({}),
  },
  'GET /api/virt-details-protected/:user/:vid': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ params: { user: t.account, vid: t.obj.vid } }),
  },
  'POST /api/pending-virt-change': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, vid: t.obj.vid } }),
  },
  'GET /api/php-versions': { access: 'user', kind: 'none', sample: () => ({}) },
  'POST /api/update-php-version': {
    access: 'account:self',
    kind: 'object',
    answers: { 409: "the first caller's change is pending" },
    // Neither demo website runs 8.1, so no caller is told it is the current version.
    sample: (t) => ({ body: { logname: t.account, php_version: '8.1', vid: t.obj.vid } }),
  },
  'POST /api/geterrorlogs': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, vid: t.obj.vid } }),
  },
  'GET /api/pending-installations/:user': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'GET /api/applist': { access: 'user', kind: 'none', sample: () => ({}) },
  'POST /api/installapp': {
    access: 'user',
    policy: 'account:self',
    kind: 'owned',
    note: "the website's owner is the account",
    answers: { 409: "the first caller's installation is pending" },
    sample: (t) => ({ body: { webappid: 0, appname: 'WordPress', vid: t.obj.vid, subdir: 'matrix-probe' } }),
  },
  'GET /api/devsites/:user': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'GET /api/devsite/:user/:vid': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => (t.obj.devsite ? { params: { user: t.account, vid: t.obj.devsite } } : null),
  },
  'GET /api/databases/:user': {
    access: 'account:read',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'POST /api/devsite-request': {
    access: 'account:self',
    kind: 'object',
    answers: { 409: "the first caller's request is pending" },
    sample: (t) =>
      t.obj.devsite ? { body: { action: 'refresh', logname: t.account, vid: t.obj.devsite } } : null,
  },
  // account administration
  'GET /api/secondaries/:user': {
    access: 'account:primary',
    kind: 'account',
    sample: (t) => ({ params: { user: t.account } }),
  },
  'POST /api/update-admins': {
    access: 'account:primary',
    grant: true,
    kind: 'account',
    note: 'the sample keeps dave the dashboard admin of alice',
    sample: (t) => ({ body: { logname: t.account, admins: t.account === 'alice' ? '5004' : '' } }),
  },
  'GET /api/contacts/:account': {
    access: 'account:read',
    policy: 'account:read+primary',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/get-contact': {
    access: 'account:read',
    kind: 'object',
    sample: (t) => ({ body: { logname: t.account, tcid: t.obj.tcid } }),
  },
  'POST /api/add-contact': {
    access: 'account:primary',
    kind: 'account',
    sample: (t) => ({ body: { ...contact, logname: t.account, restriction: 'None' } }),
  },
  'POST /api/update-contact': {
    access: 'account:primary',
    kind: 'object',
    sample: (t) => ({ body: { ...contact, logname: t.account, tcid: t.obj.tcid, restriction: 'None' } }),
  },
  'POST /api/delete-contact': {
    access: 'account:primary',
    deletes: true,
    kind: 'object',
    sample: (t) => ({ body: { id: t.obj.tcid, account: t.account } }),
  },
  'GET /api/circuits/:account': {
    access: 'account:read',
    policy: 'account:read+primary',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/bus-accounts/:account': {
    access: 'account:read',
    policy: 'account:read+primary',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  // tools
  'POST /api/md5': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/sha1': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/bcrypt': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/encode-base64': { access: 'user', kind: 'none', sample: () => text('probe') },
  'POST /api/decode-base64': { access: 'user', kind: 'none', sample: () => text('cHJvYmU=') },
  'POST /api/pwned': { access: 'user', kind: 'none', sample: () => ({ body: { item: 'password' } }) },
  'GET /api/unixtime/:seconds_offset': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { seconds_offset: '60' } }),
  },
  'GET /api/humantime/:timestamp': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { timestamp: '1700000000' } }),
  },
  'GET /api/genwordpass/:count/:use_numbers': {
    access: 'user',
    kind: 'none',
    sample: () => ({ params: { count: 3, use_numbers: '1' } }),
  },
  'GET /api/gensoftpass/:count': { access: 'user', kind: 'none', sample: () => ({ params: { count: 3 } }) },
  'GET /api/genpass/:count': { access: 'user', kind: 'none', sample: () => ({ params: { count: 3 } }) },
  // hosting agent API (web servers, not users)
  'POST /api/agent/claim': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { limit: 1 } }),
  },
  'POST /api/agent/report': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { id: 1, state: 'done', message: 'probe' } }),
  },
  'POST /api/agent/logs': {
    access: 'public',
    kind: 'none',
    special: 'agent',
    sample: () => ({ body: { vid: 3101, lines: ['probe'] } }),
  },
  // second factor (issue 18: authenticator codes, recovery codes, the sign-in's code step)
  'GET /api/second-factor/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/totp-setup': {
    access: 'account:own',
    kind: 'account',
    note: 'the account itself only: staff read a second factor, they never set one up',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/totp-confirm': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: "the sample's code is not the authenticator's" },
    sample: (t) => ({ body: { logname: t.account, code: 'abcdef' } }),
  },
  'POST /api/totp-disable': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: 'the demo accounts have no second factor on' },
    sample: (t) => ({ body: { logname: t.account, password: `${t.account}-demo-pass`, code: '000000' } }),
  },
  'POST /api/recovery-codes': {
    access: 'account:own',
    kind: 'account',
    answers: { 422: 'the demo accounts have no second factor on' },
    sample: (t) => ({ body: { logname: t.account, password: `${t.account}-demo-pass` } }),
  },
  'POST /api/remove-second-factor': {
    access: 'staff',
    kind: 'account',
    answers: { 422: 'the demo accounts have no second factor to remove' },
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/mfa-verify': {
    access: 'public',
    kind: 'none',
    answers: { 422: 'an mfa_token is single-use and short-lived: the sample names none that is live' },
    sample: () => ({ body: { mfa_token: 'probe', code: '123456' } }),
  },
  // passkeys (issue 18): an account's own; staff may list them, never make or change them
  'POST /api/passkey-register-options': {
    access: 'account:own',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'POST /api/passkey-register': {
    access: 'account:own',
    kind: 'account',
    grant: true,
    answers: {
      422: 'the sample answers no challenge the portal gave (passkeys.test.ts registers real passkeys)',
    },
    sample: (t) => ({ body: { logname: t.account, name: 'Matrix probe', response: probeRegistration } }),
  },
  'GET /api/passkeys/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/rename-passkey': {
    access: 'account:own',
    kind: 'object',
    sample: (t) =>
      t.obj.passkey ? { body: { logname: t.account, id: t.obj.passkey, name: 'Matrix probe' } } : null,
  },
  'POST /api/delete-passkey': {
    access: 'account:own',
    kind: 'object',
    deletes: true,
    grant: true,
    sample: (t) => (t.obj.passkey ? { body: { logname: t.account, id: t.obj.passkey } } : null),
  },
  'POST /api/passkey-login-options': { access: 'public', kind: 'none', sample: () => ({ body: {} }) },
  'POST /api/passkey-login': {
    access: 'public',
    kind: 'none',
    answers: {
      401: 'the sample answers no challenge the portal gave (passkeys.test.ts signs in with real ones)',
    },
    sample: () => ({ body: { response: probeAssertion } }),
  },
  // sessions, sign-ins and account activity (issue 18): the account itself or staff; `self`, so a
  // Secondary only its own and a dashboard admin not its primary's. The end-* calls run last
  // (access-matrix.test.ts): ending sessions ends the matrix's own tokens.
  'GET /api/sessions/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'POST /api/end-session': {
    access: 'account:self',
    kind: 'object',
    sample: (t) => (t.obj.session ? { body: { logname: t.account, id: t.obj.session } } : null),
    note: 'names a spare session of the account (security/targets.ts); ending an ended one answers 200',
  },
  'POST /api/end-other-sessions': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account } }),
  },
  'GET /api/sign-ins/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  'GET /api/account-activity/:logname': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ params: { logname: t.account } }),
  },
  // personal access tokens (issue 20)
  'POST /api/create-api-token': {
    access: 'account:own',
    grant: true,
    kind: 'account',
    note: 'the account itself only: staff may list and revoke a customer’s tokens, not make them',
    sample: (t) => ({
      body: { logname: t.account, name: 'matrix-probe', scope: 'read', expires: future(30) },
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
};

/** A well-formed WebAuthn answer to a challenge the portal never gave (the passkey samples). */
const probeClientData = Buffer.from(
  JSON.stringify({ type: 'webauthn.create', challenge: 'matrix-probe', origin: 'http://localhost' }),
).toString('base64url');
const probeRegistration = {
  id: 'bWF0cml4LXByb2Jl',
  rawId: 'bWF0cml4LXByb2Jl',
  type: 'public-key',
  response: { clientDataJSON: probeClientData, attestationObject: 'o2NmbXRkbm9uZQ' },
  clientExtensionResults: {},
};
const probeAssertion = {
  id: 'bWF0cml4LXByb2Jl',
  rawId: 'bWF0cml4LXByb2Jl',
  type: 'public-key',
  response: { clientDataJSON: probeClientData, authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};

interface DemoAccount {
  logname: string;
  role: string;
  account_role: string;
  primary?: string | null;
  dashboard_admin?: boolean | null;
}
interface DemoGrant {
  owner: string;
  admin: string;
  domain?: string | null;
}
const demo = JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as {
  accounts: DemoAccount[];
  domain_admins: DemoGrant[];
  domains: { domain: string; owner: string }[];
};
const ACCOUNTS = new Map(demo.accounts.map((a) => [a.logname, a]));

/** The names of each target (the test fills in the serial ids). */
export const TARGET_ACCOUNT: Record<TargetName, string> = {
  '-': 'alice',
  A: 'alice',
  B: 'bob',
  C: 'carol',
  'A×B': 'alice',
  'B×A': 'bob',
  'A×?': 'alice',
  G: 'alice',
  '?': 'alice',
};
/** The owner of objects that do not exist. */
export const NOBODY = '?';
/** Whose objects a target names. */
export const TARGET_OBJECTS: Record<TargetName, string> = {
  '-': 'alice',
  A: 'alice',
  B: 'bob',
  C: 'alice',
  'A×B': 'bob',
  'B×A': 'alice',
  'A×?': NOBODY,
  G: 'alice',
  '?': NOBODY,
};
export const GRANTED_DOMAIN = 'harbor-studio.org';
/** The domain of target `?`. */
export const MISSING_DOMAIN = 'no-such-domain-probe.com';
/** The objects of targets `A×?` and `?`: ids and names no demo row has. */
export const MISSING_OBJECTS: Objects = {
  domain: MISSING_DOMAIN,
  alias: 'no-such-alias',
  vid: 999_999,
  devsite: 999_998,
  card: 999_999,
  tcid: 999_999,
  tempId: 999_999,
  tempName: 'no-such-temp-alias',
  recovery: 999_999,
  invoice: '19990101-0000',
  passkey: 999_999,
  session: '00000000-0000-4000-8000-000000000000',
  apiToken: '0000000000000000',
};

const isStaffWho = (who: Who) => {
  const role = ACCOUNTS.get(who)?.role;
  return role === 'staff' || role === 'admin';
};

/** The expected class of answer of one request, from the call's rule and the demo accounts. */
export function expected(e: Expectation, who: Who, target: TargetName): Outcome {
  if (e.special === 'agent') return 'unauthenticated';
  const rule = e.policy ?? e.access;
  if (rule === 'public') return 'pass';
  if (who === 'none') return rule === 'optional' ? 'pass' : 'unauthenticated';
  if (rule === 'optional' || rule === 'user') return 'pass';
  const staff = isStaffWho(who);
  if (rule === 'staff') return staff ? 'pass' : 'refused';
  // What does not exist is refused, to staff too (who are told it is missing: 404).
  if (TARGET_OBJECTS[target] === NOBODY) return 'refused';
  // An object named through an account it does not belong to is refused, to staff too.
  if (TARGET_ACCOUNT[target] !== TARGET_OBJECTS[target] && e.kind === 'object') return 'refused';
  if (rule === 'domain' || rule === 'domain:owner') {
    const domain = target === 'G' ? GRANTED_DOMAIN : undefined;
    const owner = TARGET_ACCOUNT[target];
    if (staff || who === owner) return 'pass';
    if (rule === 'domain:owner') return 'refused';
    const granted = demo.domain_admins.some(
      (g) => g.admin === who && g.owner === owner && (!g.domain || g.domain === domain),
    );
    return granted ? 'pass' : 'refused';
  }
  const account = ACCOUNTS.get(TARGET_ACCOUNT[target]);
  if (!account) return 'refused';
  const secondary = account.account_role === 'Secondary';
  const notSecondary = ['account:billing', 'account:primary', 'account:read+primary'];
  if (notSecondary.includes(rule) && secondary) return 'refused';
  // A second factor is its person's own (issue 18): not staff's, nor a primary's over its Secondary.
  if (rule === 'account:own') return who === account.logname ? 'pass' : 'refused';
  if (staff || who === account.logname) return 'pass';
  if (rule === 'account:read' || rule === 'account:read+primary') {
    const me = ACCOUNTS.get(who);
    if (me?.account_role === 'Secondary' && me.dashboard_admin && me.primary === account.logname)
      return 'pass';
  }
  return 'refused';
}

/** The demo owner of a domain target. */
export function domainOf(target: TargetName): string {
  if (target === 'G') return GRANTED_DOMAIN;
  if (target === '?') return MISSING_DOMAIN;
  const owner = TARGET_OBJECTS[target];
  const found = demo.domains.find((d) => d.owner === owner);
  if (!found) throw new Error(`no demo domain of ${owner}`);
  return found.domain;
}

import { domainText } from '@portal/contract/domains/messages';
import type { Expectation } from './types.ts';

/** The access matrix's entries of domains, keyed "METHOD path" exactly as registered. */
export const domainsExpectations: Record<string, Expectation> = {
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
    answers: { 422: 'the domains of the world cannot be renewed by hand now (auto-renew, or too early)' },
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
    access: 'domain:owner',
    grant: true,
    policyRefusal: domainText.ownerOnly,
    kind: 'domain',
    sample: (t) => ({ body: { domain: t.obj.domain, newadmin: 'erin', logname: t.account, all: 0 } }),
  },
  'POST /api/deleteadmin': {
    access: 'domain:owner',
    policyRefusal: domainText.ownerOnly,
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
};

import { future } from './samples.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of mail, keyed "METHOD path" exactly as registered. */
export const mailExpectations: Record<string, Expectation> = {
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
    sample: (t) => ({ params: { expdate: future(t, 30) } }),
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
        expires: future(t, 30),
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
              expdate: future(t, 40),
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
  'POST /api/subscribe-portal/confirm/:token': {
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
  'POST /api/confirm-address/:token': {
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
        start: future(t, 1),
        end: future(t, 5),
        message: 'Away',
        reply_to: 'probe@example.com',
      },
    }),
  },
};

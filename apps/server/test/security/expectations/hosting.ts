import type { Expectation } from './types.ts';

/** The access matrix's entries of hosting, keyed "METHOD path" exactly as registered. */
export const hostingExpectations: Record<string, Expectation> = {
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
    // The hosting calls register by sub-feature: the site's PHP change made earlier in the
    // matrix is still pending when this one comes, and one change at a time is the rule.
    answers: { 409: 'a change of the same site made earlier in the matrix is still pending' },
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
    // Neither website of the world runs 8.1, so no caller is told it is the current version.
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
    access: 'site:self',
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
};

import { worldPassword } from '../world.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of session and shell, keyed "METHOD path" exactly as registered. */
export const sessionExpectations: Record<string, Expectation> = {
  'POST /api/miglogin': {
    access: 'public',
    kind: 'none',
    sample: () => ({ body: { username: 'alice', password: worldPassword('alice') } }),
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
  'POST /api/set-language': {
    access: 'account:self',
    kind: 'account',
    sample: (t) => ({ body: { logname: t.account, language: 'es' } }),
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
  // Staff sign-in with the directory (docs/decisions/052-staff-directory-sign-in.md): public; the
  // matrix's app has no directory set up, so the calls other than the options answer 404.
  'GET /api/staff-sign-in/options': { access: 'public', kind: 'none', sample: () => ({}) },
  'GET /api/staff-sign-in/start': {
    access: 'public',
    kind: 'none',
    sample: () => ({}),
    answers: { 404: 'no staff directory is set up' },
  },
  'GET /api/staff-sign-in/callback': {
    access: 'public',
    kind: 'none',
    sample: () => ({}),
    answers: { 404: 'no staff directory is set up' },
  },
  'POST /api/staff-sign-in/finish': {
    access: 'public',
    kind: 'none',
    sample: () => ({ body: { handoff: 'no-such-hand-off' } }),
    answers: { 404: 'no staff directory is set up' },
  },
};

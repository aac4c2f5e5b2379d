import { worldUid } from '../world.ts';
import { contact } from './samples.ts';
import type { Expectation } from './types.ts';

/** The access matrix's entries of account administration, keyed "METHOD path" exactly as registered. */
export const adminExpectations: Record<string, Expectation> = {
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
    sample: (t) => ({
      body: { logname: t.account, admins: t.account === 'alice' ? String(worldUid('dave')) : '' },
    }),
  },
  'GET /api/contacts/:account': {
    access: 'account:info',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'POST /api/get-contact': {
    access: 'account:info',
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
    access: 'account:info',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
  'GET /api/bus-accounts/:account': {
    access: 'account:info',
    kind: 'account',
    sample: (t) => ({ params: { account: t.account } }),
  },
};

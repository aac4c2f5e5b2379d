import { fileURLToPath } from 'node:url';

/** The demo data set: an ordinary import file (docs/import-format.md). */
export const DEMO_FILE = fileURLToPath(new URL('../../demo/demo-data.json', import.meta.url));

export const DEMO_LOGINS = [
  { logname: 'staff', password: 'staff-demo-pass', what: 'staff' },
  { logname: 'admin', password: 'admin-demo-pass', what: 'admin' },
  { logname: 'alice', password: 'alice-demo-pass', what: 'customer (Primary)' },
  { logname: 'bob', password: 'bob-demo-pass', what: 'customer (Primary)' },
  { logname: 'carol', password: 'carol-demo-pass', what: 'Secondary of alice' },
  { logname: 'dave', password: 'dave-demo-pass', what: 'Secondary of alice, dashboard admin' },
] as const;

import type { Db } from '../../src/db/index.ts';
import { importDocument } from '../../src/lib/import.ts';
import { inDays } from '../support/factories.ts';
import type { Clock } from '../support/helper.ts';

/**
 * The accounts and objects the access matrix (access-matrix.test.ts) and the fuzzing (fuzz.test.ts)
 * send their requests about, made in the test's own database through the import
 * (docs/decisions/088-test-factories-and-clock.md), dated relative to the test's clock. The
 * expectations table (expectations/index.ts) reads who may do what from the same accounts and grants,
 * so the table and the data cannot disagree: two Primaries (alice, bob), alice's Secondaries carol (a
 * mail account), dave (her dashboard admin, granted admin of one of her domains) and erin, staff and an
 * admin. Each account of the world has the object of every kind a sample names: a domain with an
 * alias, a website, a devsite, a card, a contact, a temporary alias, a recovery address, an invoice and
 * an approved payment.
 */

export interface WorldAccount {
  logname: string;
  uid: number;
  role: 'customer' | 'staff' | 'admin';
  account_role: 'Primary' | 'Secondary';
  primary?: string;
  dashboard_admin?: boolean;
  at_code?: number;
  account_type: string;
}

export const WORLD_ACCOUNTS: WorldAccount[] = [
  { logname: 'staff', uid: 100, role: 'staff', account_role: 'Primary', account_type: 'Staff' },
  { logname: 'admin', uid: 101, role: 'admin', account_role: 'Primary', account_type: 'Staff' },
  {
    logname: 'alice',
    uid: 5001,
    role: 'customer',
    account_role: 'Primary',
    at_code: 1,
    account_type: 'Shell',
  },
  { logname: 'bob', uid: 5002, role: 'customer', account_role: 'Primary', at_code: 1, account_type: 'Shell' },
  {
    logname: 'carol',
    uid: 5003,
    role: 'customer',
    account_role: 'Secondary',
    primary: 'alice',
    dashboard_admin: false,
    at_code: 9,
    account_type: 'Email',
  },
  {
    logname: 'dave',
    uid: 5004,
    role: 'customer',
    account_role: 'Secondary',
    primary: 'alice',
    dashboard_admin: true,
    at_code: 1,
    account_type: 'Shell',
  },
  {
    logname: 'erin',
    uid: 5005,
    role: 'customer',
    account_role: 'Secondary',
    primary: 'alice',
    dashboard_admin: false,
    at_code: 2,
    account_type: 'Network Auth',
  },
];

/** The uid of a world account. */
export function worldUid(logname: string): number {
  const found = WORLD_ACCOUNTS.find((a) => a.logname === logname);
  if (!found) throw new Error(`${logname} is not an account of the world`);
  return found.uid;
}

/** Each world account's password: its own, so no sample can pass with another's. */
export const worldPassword = (logname: string) => `${logname}-world-pass`;

/** dave administers this one of alice's domains (target G). */
export const GRANTED_DOMAIN = 'harbor-studio.org';
export const WORLD_GRANTS: { owner: string; admin: string; domain: string | null }[] = [
  { owner: 'alice', admin: 'dave', domain: GRANTED_DOMAIN },
];

/** The domains, each owner's first one the one the matrix names (target A's, B's). */
export const WORLD_DOMAINS = [
  { domain: 'anderson-design.com', owner: 'alice' },
  { domain: GRANTED_DOMAIN, owner: 'alice' },
  { domain: 'bakersdozen.com', owner: 'bob' },
];

const websiteOf: Record<string, { vid: number; devsite: number; php: string }> = {
  // Neither runs PHP 8.1: the matrix's update sample asks for it, so no caller is told it is current.
  alice: { vid: 3101, devsite: 3901, php: '8.2' },
  bob: { vid: 3201, devsite: 3902, php: '8.3' },
};

/** MMYY of the card expiry: the month of the clock's now, two years ahead. */
function cardExpiry(clock: Clock): string {
  const now = clock.now();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${month}${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
}

/** The world as an import document (docs/import-format.md), its dates from the clock. */
export function worldDocument(clock: Clock): Record<string, unknown[]> {
  const day = (n: number) => inDays(clock, n);
  const compact = (n: number) => day(n).replaceAll('-', '');
  const at = (n: number) => `${day(n)}T12:00:00Z`;
  const customers = ['alice', 'bob'];
  const address = (owner: string, kind: 'account' | 'bill') => ({
    owner,
    kind,
    first_name: 'World',
    last_name: owner,
    company: '',
    address: '1 World Street',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
    country: 'US',
    phone: '207-555-0100',
  });
  return {
    accounts: WORLD_ACCOUNTS.map((a) => ({
      logname: a.logname,
      uid: a.uid,
      bill_uid: a.primary ? worldUid(a.primary) : a.uid,
      first_name: a.logname[0]?.toUpperCase() + a.logname.slice(1),
      // The staff search's sample looks for "anderson": alice and her Secondaries are found.
      last_name: a.primary === 'alice' || a.logname === 'alice' ? 'Anderson' : 'Baker',
      role: a.role,
      account_role: a.account_role,
      ...(a.primary ? { primary: a.primary, dashboard_admin: a.dashboard_admin } : {}),
      bill_email: `${a.logname}@example.org`,
      account_type: a.account_type,
      realm: a.role === 'customer' ? 'members' : 'staff',
      ...(a.at_code ? { at_code: a.at_code } : {}),
      password: worldPassword(a.logname),
    })),
    addresses: customers.flatMap((owner) => [address(owner, 'account'), address(owner, 'bill')]),
    statement_delivery: customers.map((owner) => ({ owner, method: 'e', nozero: 0, email: '' })),
    domains: WORLD_DOMAINS.map((d, i) => ({
      ...d,
      // Far from expiry: the renewal sample is told it is too early, on any day the test runs.
      expiration_date: day(400 + i),
      auto_renew: i === 0 ? 1 : 0,
      contact_email: `${d.owner}@example.org`,
    })),
    domain_admins: WORLD_GRANTS,
    email_aliases: WORLD_DOMAINS.flatMap((d) => [
      // Not a role address (info@, abuse@…): a granted admin may change it too.
      { domain: d.domain, src: 'hello', dst_list: [`${d.owner}@example.org`] },
      { domain: d.domain, src: '*', dst_list: [`${d.owner}@example.org`] },
    ]),
    temp_emails: customers.map((owner) => ({
      name: `${owner}-shop`,
      owner,
      forwards_to: `${owner}@example.org`,
      expires: at(12),
      notes: '',
    })),
    recovery_emails: customers.map((owner) => ({ owner, contact_info: `${owner}.rescue@example.net` })),
    websites: customers.map((owner) => ({
      vid: websiteOf[owner]?.vid,
      owner,
      virtname: WORLD_DOMAINS.find((d) => d.owner === owner)?.domain,
      php_version: websiteOf[owner]?.php,
      ssl: 2,
      error_logs: 1,
      docroot: `/home/${owner}/www`,
    })),
    devsites: customers.map((owner) => {
      const domain = WORLD_DOMAINS.find((d) => d.owner === owner)?.domain;
      return {
        vid: websiteOf[owner]?.devsite,
        owner,
        domain,
        virtname: `dev.${domain}`,
        docroot: `/home/${owner}/dev`,
        ssl: 1,
        setup_date: day(-50),
      };
    }),
    databases: customers.map((owner) => ({
      owner,
      name: `${owner}_db`,
      pma_url: `https://db.example.net/phpmyadmin/?db=${owner}_db`,
    })),
    cards: customers.map((owner) => ({
      owner,
      cid: `sbx-cust-${owner}`,
      // Shaped as the sandbox gateway's ids, so it updates and charges the card.
      payment_profile_id: `sbx-pp-visa-1111-${owner}`,
      ccn4: '1111',
      card_type: 'Visa',
      expdate: cardExpiry(clock),
      on_auto_billing: false,
      first_name: 'World',
      last_name: owner,
      address: '1 World Street',
      city: 'Portland',
      state: 'ME',
      zipcode: '04101',
      country: 'US',
    })),
    contacts: customers.map((owner, i) => ({
      tcid: i + 1,
      owner,
      contact: `World ${owner}`,
      contact_info: `${owner}@example.org`,
      restricted: '0',
      technical: '1',
      billing: '1',
      restriction: '',
    })),
    invoices: customers.map((owner) => ({
      invoice: `${compact(-28)}-${worldUid(owner)}`,
      owner,
      invdate: compact(-28),
      duedate: compact(-8),
      amount: 49.95,
      body: '<p>World invoice</p>',
      paid_at: at(-10),
    })),
    payments: customers.map((owner, i) => ({
      trans_id: `6001234500${i + 1}`,
      owner,
      amount: 49.95,
      date: at(-10),
      ccn4: '1111',
    })),
    circuits: customers.map((owner) => ({
      owner,
      uid: worldUid(owner),
      loc_name: 'Studio',
      addr1: '1 World Street',
      addr2: 'Portland, ME 04101',
      provider: 'Fiber',
      speed: '1 Gbps',
      active_date: compact(-900),
    })),
    mailing_lists: customers.map((owner) => ({ listname: `${owner}-news`, owner, list_type: 'MM' })),
    disk_usage: WORLD_ACCOUNTS.filter((a) => a.role === 'customer').map((a) => ({
      owner: a.logname,
      curr_quota: 1_048_576,
      curr_usage: 204_800,
    })),
    // The portal's own lists the samples pick from: a TLD's prices, a product, an application, PHP.
    tld_prices: [{ tld: 'com', id: 1, item: '1 year', baseprice: 18, price: 18 }],
    coworking_products: [
      {
        pcode: 'DAY',
        name: 'Day pass',
        actual_price: 25,
        discount_price: 15,
        unit: 'day',
        description: 'Hot desk for one day',
      },
    ],
    webapps: [
      { aid: 1, appname: 'WordPress', urlext: 'blog', needs_suphp: 1, wf_versions: '6.7', version: '6.7.1' },
    ],
    php_versions: ['7.4', '8.1', '8.2', '8.3'].map((version, sort) => ({ version, sort })),
  };
}

/** Makes the world in the test's database. */
export async function makeWorld(t: { db: Db; clock: Clock }): Promise<void> {
  await importDocument(t.db, worldDocument(t.clock));
}

import { randomBytes } from 'node:crypto';
import type { Language } from '@portal/contract/i18n/languages';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/auth/passwords.ts';
import { accounts } from '../../src/db/schema.ts';
import { importDocument } from '../../src/lib/import.ts';
import type { Clock, TestApp } from './helper.ts';

/**
 * Test factories: each test makes the rows it reads, with dates relative to its own clock
 * (`t.clock`), instead of signing in as a demo user and depending on the demo's values
 * (docs/decisions/088-test-factories-and-clock.md). Rows are written through the import
 * (lib/import.ts, docs/import-format.md): the same validation and SQL that load a customer's data, so
 * a factory cannot make a row the portal could not hold. Names are unique per call, so tests sharing
 * one app (one `build()` per file) never meet each other's rows.
 *
 *   const t = await build({ demo: false });
 *   const f = factories(t);
 *   const owner = await f.makeAccount();
 *   const domain = await f.makeDomain({ owner, expires: f.inDays(20) });
 *   await f.as(owner).get(`/api/domain-renewal-status/${domain.domain}`);
 */

const DAY_MS = 86_400_000;

/** The UTC day (`YYYY-MM-DD`) `days` from the clock's now (negative: before it). */
export function inDays(clock: Clock, days: number): string {
  return new Date(clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

let serial = 0;
/** A name part no other call in this process (nor another file's database) has made. */
function unique(): string {
  serial += 1;
  return `${randomBytes(3).toString('hex')}${serial}`;
}

// One uid per account, above the demo's (5001…) and any a test writes by hand.
let nextUid = 700_000 + Math.floor(Math.random() * 100_000) * 10;

/** Made accounts share one password unless a test names its own: argon2id (~0.1 s) runs once. */
const PASSWORD = 'factory-made-pass';
let passwordHash: Promise<string> | undefined;
function hashOf(password: string): Promise<string> {
  if (password !== PASSWORD) return hashPassword(password);
  passwordHash ??= hashPassword(password);
  return passwordHash;
}

export interface Account {
  logname: string;
  password: string;
  uid: number;
  email: string;
}

export interface AccountInput {
  logname?: string;
  password?: string;
  role?: 'customer' | 'staff' | 'admin';
  /** The Primary account this one is a Secondary of. */
  primary?: Account;
  /** Its language (`accounts.language`), as a first sign-in would set it; none by default. */
  language?: Language;
  /** More import fields (docs/import-format.md), e.g. `{ company: 'X' }`. */
  fields?: Record<string, unknown>;
}

export interface DomainInput {
  owner: Account;
  domain?: string;
  /** Its expiry day, usually `inDays(n)`; `null` for not known. */
  expires?: string | null;
  autoRenew?: boolean;
  registrarManaged?: boolean;
  fields?: Record<string, unknown>;
}

export interface InvoiceInput {
  owner: Account;
  amount?: number;
  /** Invoice and due day, usually `inDays(n)`. */
  date?: string;
  due?: string;
  fields?: Record<string, unknown>;
}

export interface CardInput {
  owner: Account;
  last4?: string;
  /** `MMYY`; by default the end of the month two years after the clock's now. */
  expiry?: string;
  autoBilling?: boolean;
  fields?: Record<string, unknown>;
}

export interface AliasInput {
  domain: { domain: string };
  src?: string;
  to?: string[];
}

const compact = (day: string) => day.replaceAll('-', '');

export function factories(t: Pick<TestApp, 'db' | 'clock' | 'token' | 'as'>) {
  const load = (doc: Record<string, unknown[]>) => importDocument(t.db, doc);
  return {
    ...partB(load),
    ...mailFactories(load),
    inDays: (days: number) => inDays(t.clock, days),
    ...partA(t, load),

    /** Requests signed in as a made account (`t.as` with its password, not the demo's). */
    as: (account: Account) => ({
      get: async (url: string) => {
        await t.token(account.logname, account.password);
        return t.as(account.logname).get(url);
      },
      post: async (url: string, body?: unknown) => {
        await t.token(account.logname, account.password);
        return t.as(account.logname).post(url, body);
      },
    }),

    async makeAccount(input: AccountInput = {}): Promise<Account> {
      const logname = input.logname ?? `u${unique()}`;
      const password = input.password ?? PASSWORD;
      const uid = nextUid++;
      const email = `${logname}@example.test`;
      const role = input.role ?? 'customer';
      await load({
        accounts: [
          {
            logname,
            uid,
            bill_uid: input.primary?.uid ?? uid,
            first_name: 'Test',
            last_name: logname,
            role,
            account_role: input.primary ? 'Secondary' : 'Primary',
            ...(input.primary ? { primary: input.primary.logname } : {}),
            bill_email: email,
            account_type: role === 'customer' ? 'Shell' : 'Staff',
            realm: role === 'customer' ? 'members' : 'staff',
            password_hash: await hashOf(password),
            ...input.fields,
          },
        ],
      });
      if (input.language)
        await t.db.update(accounts).set({ language: input.language }).where(eq(accounts.logname, logname));
      return { logname, password, uid, email };
    },

    async makeDomain(input: DomainInput) {
      const domain = input.domain ?? `d${unique()}.com`;
      const expires = input.expires === undefined ? inDays(t.clock, 365) : input.expires;
      await load({
        domains: [
          {
            domain,
            owner: input.owner.logname,
            ...(expires === null ? {} : { expiration_date: expires }),
            auto_renew: input.autoRenew ? 1 : 0,
            contact_email: input.owner.email,
            registrar_managed: input.registrarManaged ?? true,
            ...input.fields,
          },
        ],
      });
      return { domain, owner: input.owner, expires };
    },

    async makeInvoice(input: InvoiceInput) {
      const date = input.date ?? inDays(t.clock, -10);
      const due = input.due ?? inDays(t.clock, 10);
      const invoice = `${compact(date)}-${input.owner.uid}${unique()}`;
      const amount = input.amount ?? 49.95;
      await load({
        invoices: [
          {
            invoice,
            owner: input.owner.logname,
            invdate: date,
            duedate: due,
            amount,
            body: `<p>Invoice ${invoice}</p>`,
            ...input.fields,
          },
        ],
      });
      return { invoice, owner: input.owner, amount, date, due };
    },

    async makeCard(input: CardInput) {
      const now = t.clock.now();
      const expiry =
        input.expiry ??
        `${String(now.getUTCMonth() + 1).padStart(2, '0')}${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
      const last4 = input.last4 ?? '1111';
      // Shaped as the sandbox gateway's ids, so it can update and charge the card.
      const profile = `sbx-pp-visa-${last4}-${unique()}`;
      await load({
        cards: [
          {
            owner: input.owner.logname,
            cid: `sbx-cust-${input.owner.logname}`,
            payment_profile_id: profile,
            ccn4: last4,
            card_type: 'Visa',
            expdate: expiry,
            on_auto_billing: input.autoBilling ?? false,
            first_name: 'Test',
            last_name: input.owner.logname,
            address: '1 Test Street',
            city: 'Portland',
            state: 'ME',
            zipcode: '04101',
            country: 'US',
            ...input.fields,
          },
        ],
      });
      return { owner: input.owner, profile, last4, expiry };
    },

    /** A TLD's renewal prices: `[price of 1 year, of 2 years, …]`, base price the first. */
    async makePrices(tld: string, prices: number[]) {
      const base = prices[0] ?? 0;
      await load({
        tld_prices: prices.map((price, i) => ({
          tld,
          id: i + 1,
          item: i === 0 ? '1 year' : `${i + 1} years`,
          baseprice: base,
          price,
        })),
      });
    },

    async makeAlias(input: AliasInput) {
      const src = input.src ?? `a${unique()}`;
      const to = input.to ?? [`${src}@example.test`];
      await load({ email_aliases: [{ domain: input.domain.domain, src, dst_list: to }] });
      return { domain: input.domain.domain, src, to };
    },
  };
}

// part A

/** The password of an account `makeHousehold` made. */
export const ownPassword = (name: string) => `${name}-own-pass`;

type Load = (doc: Record<string, unknown[]>) => Promise<unknown>;

export interface AddressInput {
  owner: Account;
  /** The account's own address (the default) or its billing address. */
  kind?: 'account' | 'bill';
  /** Two-letter state (the customer's time zone comes from it); `ME` by default. */
  state?: string;
  country?: string;
  fields?: Record<string, unknown>;
}

function partA(t: Parameters<typeof factories>[0], load: Load) {
  return {
    /**
     * Accounts made under the names a test's requests use, each signed in, so that `t.as(name)` acts
     * as this test's own account: `await f.makeSignedIn({ alice: {}, staff: { role: 'staff' } })`.
     */
    async makeSignedIn(names: Record<string, Omit<AccountInput, 'logname'>>) {
      const made: Record<string, Account> = {};
      for (const [logname, input] of Object.entries(names)) {
        const account = await factories(t).makeAccount({ ...input, logname });
        await t.token(account.logname, account.password);
        made[logname] = account;
      }
      return made;
    },

    /**
     * A Primary `alice` with her Secondaries `carol` (a mail account) and `dave` (her dashboard
     * admin), another Primary `bob` and `staff`, plus `more` Secondaries of alice; each signed in
     * with its own password, `ownPassword(name)`.
     */
    async makeHousehold(more: Record<string, Omit<AccountInput, 'logname' | 'primary'>> = {}) {
      const f = factories(t);
      const own = (name: string) => ({ password: ownPassword(name) });
      const { alice } = await f.makeSignedIn({ alice: own('alice') });
      if (!alice) throw new Error('alice was not made');
      const secondaries = Object.entries({
        carol: { fields: { at_code: 9, account_type: 'Email' } },
        dave: { fields: { dashboard_admin: true } },
        ...more,
      }).map(([name, input]) => [name, { ...input, ...own(name), primary: alice }] as const);
      const rest = await f.makeSignedIn({
        bob: own('bob'),
        ...Object.fromEntries(secondaries),
        staff: { ...own('staff'), role: 'staff' },
      });
      return { alice, ...rest };
    },

    /** How the account's statements are delivered (`n`, `e`, `p`, `ep`), as the back office set it. */
    async makeStatementDelivery(input: { owner: Account; method: string; nozero?: 0 | 1; email?: string }) {
      const row = { method: input.method, nozero: input.nozero ?? 0, email: input.email ?? '' };
      await load({ statement_delivery: [{ owner: input.owner.logname, ...row }] });
      return row;
    },

    /** A recovery address of the account; imported ones count as confirmed. */
    async makeRecoveryEmail(input: { owner: Account; email?: string }) {
      const email = input.email ?? `${input.owner.logname}-rescue@example.test`;
      await load({ recovery_emails: [{ owner: input.owner.logname, contact_info: email }] });
      return { owner: input.owner, email };
    },

    async makeAddress(input: AddressInput) {
      const kind = input.kind ?? 'account';
      const state = input.state ?? 'ME';
      const country = input.country ?? 'US';
      await load({
        addresses: [
          {
            owner: input.owner.logname,
            kind,
            first_name: 'Test',
            last_name: input.owner.logname,
            address: '1 Test Street',
            city: 'Portland',
            state,
            zipcode: '04101',
            country,
            ...input.fields,
          },
        ],
      });
      return { owner: input.owner, kind, state, country };
    },
  };
}
// part B

/** More factories, spread into `factories(t)`; written through the import as the others. */
function partB(load: Load) {
  return {
    /** `admin` manages the owner's `domain`, or all the owner's domains when `domain` is null. */
    async makeGrant(input: { owner: Account; admin: Account; domain: { domain: string } | null }) {
      await load({
        domain_admins: [
          { owner: input.owner.logname, admin: input.admin.logname, domain: input.domain?.domain ?? null },
        ],
      });
    },

    /** A TLD's prices by years, `{ 1: 18, 2: 36, 5: 85.5 }`: the base price is the 1 year's. */
    async makePriceList(tld: string, byYears: Record<number, number>) {
      const base = byYears[1] ?? 0;
      await load({
        tld_prices: Object.entries(byYears).map(([years, price]) => ({
          tld,
          id: Number(years),
          item: years === '1' ? '1 year' : `${years} years`,
          baseprice: base,
          price,
        })),
      });
    },
  };
}

/**
 * The cast of a file that reads as the demo did, made in the app's own database with one password:
 * a Primary (alice) with a Secondary (carol) and a dashboard admin (dave), another customer (bob),
 * staff and an admin. Their lognames are those names: tests that sign in as them by name keep
 * their text, without the demo data.
 */
export async function makeCast(t: Pick<TestApp, 'db' | 'clock' | 'token' | 'as'>, password: string) {
  const f = factories(t);
  const alice = await f.makeAccount({ logname: 'alice', password });
  return {
    alice,
    bob: await f.makeAccount({ logname: 'bob', password }),
    carol: await f.makeAccount({ logname: 'carol', password, primary: alice }),
    dave: await f.makeAccount({
      logname: 'dave',
      password,
      primary: alice,
      fields: { dashboard_admin: true },
    }),
    staff: await f.makeAccount({ logname: 'staff', password, role: 'staff' }),
    admin: await f.makeAccount({ logname: 'admin', password, role: 'admin' }),
  };
}

/** Requests to `t` as the account named `who` (signed in with `password` when first used), or as nobody. */
export function requestsAs(t: Pick<TestApp, 'token' | 'as'>, password: string) {
  return (who: string | null) => ({
    get: async (url: string) => {
      if (who) await t.token(who, password);
      return t.as(who).get(url);
    },
    post: async (url: string, body?: unknown) => {
      if (who) await t.token(who, password);
      return t.as(who).post(url, body);
    },
  });
}

/** Mail rows beyond aliases, spread into `factories(t)`; written through the import as the others. */
function mailFactories(load: Load) {
  return {
    /** A temporary alias on the temporary domain; `expires` an ISO date-time, past for an expired one. */
    async makeTempEmail(input: {
      owner: Account;
      name?: string;
      forwardsTo?: string;
      expires: string;
      notes?: string;
    }) {
      const name = input.name ?? `tmp-${unique()}`;
      const row = {
        name,
        forwards_to: input.forwardsTo ?? input.owner.email,
        expires: input.expires,
        notes: input.notes ?? '',
      };
      await load({ temp_emails: [{ owner: input.owner.logname, ...row }] });
      return { owner: input.owner, ...row };
    },
  };
}

import { must } from '../../test/support/must.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPECTATIONS, type Sample, type Target } from '../../test/security/expectations/index.ts';
import { factories } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { ImportError, importDocument } from './import.ts';

/**
 * A value the importer accepts never makes a later call fail: documents generated within
 * docs/import-format.md are imported, then every read route is called for every imported account and
 * its objects. A refused document is fine (the importer names the row); a 5xx after an accepted one is
 * the bug this guards against (an invoice dated YYYY-MM-DD once broke GET /api/get-payment-info).
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  // The generated documents are the data: nothing else is in the database but the staff who reads.
  t = await build({ demo: false });
  const reader = await factories(t).makeAccount({ role: 'staff' });
  staff = await t.token(reader.logname, reader.password);
});
afterAll(() => t.close());

const two = (n: number) => String(n).padStart(2, '0');
/** A day in either documented form. */
const day = fc
  .tuple(
    fc.integer({ min: 1990, max: 2099 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.boolean(),
  )
  .map(([y, m, d, iso]) => (iso ? `${y}-${two(m)}-${two(d)}` : `${y}${two(m)}${two(d)}`));
const dateTime = fc.oneof(
  day,
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString()),
);
const amount = fc.integer({ min: -100_000, max: 10_000_000 }).map((c) => c / 100);
const words = fc.string({ maxLength: 40 });
const email = fc.emailAddress().filter((e) => e.length <= 100);
const bit = fc.constantFrom(0, 1);

/** One generated document: a Primary and its Secondary with one of each owned entity; names made unique by `n`. */
const doc = (n: number) =>
  fc
    .record({
      company: words,
      first: words,
      dashboardAdmin: fc.boolean(),
      mode: fc.constantFrom('light', 'dark'),
      atCode: fc.constantFrom(1, 2, 9),
      address: fc.record({ address: words, city: words, state: words, zipcode: words, country: words }),
      method: fc.constantFrom('n', 'e', 'p', 'ep'),
      nozero: bit,
      stmtEmail: fc.oneof(fc.constant(''), email),
      expiration: fc.option(day),
      autoRenew: bit,
      renewalPending: fc.integer({ min: 0, max: 5 }),
      website: fc.constantFrom(-1, 0, 1),
      targets: fc.array(email, { minLength: 1, maxLength: 3 }),
      expires: dateTime,
      php: fc.constantFrom('7.4', '8.1', '8.2', '8.3', 'Disabled'),
      ssl: fc.constantFrom(0, 1, 2),
      setup: fc.oneof(fc.constant(''), day),
      invoices: fc.array(fc.record({ invdate: day, duedate: day, amount, body: words }), { maxLength: 3 }),
      payments: fc.array(fc.record({ date: dateTime, amount }), { maxLength: 3 }),
      expdate: fc
        .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }))
        .map(([m, y]) => `${two(m)}${two(y)}`),
      active: fc.oneof(fc.constant(''), day, fc.integer({ min: 1990, max: 2030 }).map(String)),
      quota: fc.nat({ max: 2_000_000_000 }),
      usage: fc.nat({ max: 2_000_000_000 }),
      percent: fc.integer({ min: 0, max: 100 }),
      restricted: fc.constantFrom('0', '1'),
    })
    .map((g) => {
      const p = `imp${n}p`;
      const s = `imp${n}s`;
      const domain = `imp${n}.example`;
      const uid = 90_000 + n * 10;
      return {
        names: { p, s, domain, vid: uid, devsite: uid + 1, tcid: uid, invoice: `imp${n}-0` },
        document: {
          accounts: [
            {
              logname: p,
              uid,
              bill_uid: uid,
              first_name: g.first,
              company: g.company,
              bill_email: `${p}@example.com`,
              account_role: 'Primary',
              mode: g.mode,
              at_code: g.atCode,
              password: `${p}-password`,
            },
            {
              logname: s,
              uid: uid + 1,
              bill_uid: uid,
              account_role: 'Secondary',
              primary: p,
              prime_uid: g.dashboardAdmin ? uid : 0,
            },
          ],
          addresses: [
            {
              owner: p,
              kind: 'account',
              first_name: g.first,
              last_name: '',
              company: g.company,
              phone: '',
              ...g.address,
            },
            {
              owner: p,
              kind: 'bill',
              first_name: g.first,
              last_name: '',
              company: g.company,
              phone: '',
              ...g.address,
            },
          ],
          statement_delivery: [{ owner: p, method: g.method, nozero: g.nozero, email: g.stmtEmail }],
          domains: [
            {
              domain,
              owner: p,
              expiration_date: g.expiration,
              auto_renew: g.autoRenew,
              renewal_pending: g.renewalPending,
              contact_email: `${p}@example.com`,
              website: g.website,
              docroot: `/home/${p}/www`,
            },
          ],
          email_aliases: [{ domain, src: 'info', dst_list: g.targets }],
          temp_emails: [
            {
              name: `imp${n}-temp`,
              owner: p,
              forwards_to: g.targets[0],
              expires: g.expires,
              notes: g.company,
            },
          ],
          recovery_emails: [{ owner: p, contact_info: g.targets[0] }],
          websites: [
            {
              vid: uid,
              owner: p,
              virtname: domain,
              php_version: g.php,
              ssl: g.ssl,
              error_logs: g.nozero,
              docroot: `/home/${p}/www`,
            },
          ],
          devsites: [
            {
              vid: uid + 1,
              owner: p,
              domain,
              virtname: `dev.${domain}`,
              docroot: `/home/${p}/dev`,
              ssl: g.ssl,
              setup_date: g.setup,
            },
          ],
          databases: [{ owner: p, name: `${p}_db`, pma_url: 'https://db.example.net/' }],
          invoices: g.invoices.map((i, k) => ({ invoice: `imp${n}-${k}`, owner: p, ...i })),
          payments: g.payments.map((x, k) => ({ trans_id: `imp${n}-${k}`, owner: p, ccn4: '1111', ...x })),
          cards: [
            {
              owner: p,
              cid: `c-${p}`,
              payment_profile_id: `pp-${p}`,
              ccn4: '1111',
              card_type: 'Visa',
              expdate: g.expdate,
              on_auto_billing: g.nozero === 1,
              first_name: g.first,
              last_name: '',
              ...g.address,
              address: g.address.address,
            },
          ],
          circuits: [
            {
              owner: p,
              uid,
              loc_name: g.company || 'Site',
              addr1: '',
              addr2: '',
              provider: 'Fiber',
              speed: '1G',
              active_date: g.active,
            },
          ],
          bus_accounts: [
            {
              account: `${p}-bk`,
              owner: p,
              uid,
              plan: 'Backup',
              total_quota: g.percent,
              percent_used: g.percent,
              active_files: g.quota,
              retained_files: g.usage,
              comment: g.company,
            },
          ],
          contacts: [
            {
              tcid: uid,
              owner: p,
              contact: g.first,
              contact_info: g.targets.join('\n'),
              restricted: g.restricted,
              technical: '1',
              billing: '0',
              restriction: '',
            },
          ],
          mailing_lists: [{ listname: `${p}-list`, owner: p, list_type: 'MM' }],
          disk_usage: [{ logname: p, uid, curr_quota: g.quota, curr_usage: g.usage }],
        },
      };
    });

type Names = {
  p: string;
  s: string;
  domain: string;
  vid: number;
  devsite: number;
  tcid: number;
  invoice: string;
};

/** Every read of the API: the GET routes and the POST calls that only read (`get-…`), with a sample per target. */
const READS = Object.entries(EXPECTATIONS).filter(
  ([key, e]) => (key.startsWith('GET ') || key.startsWith('POST /api/get-')) && !e.special && !e.page,
);

function sendAll(names: Names) {
  const targets: Target[] = [names.p, names.s].map((account) => ({
    name: 'A',
    account,
    now: t.clock.now(),
    obj: {
      domain: names.domain,
      alias: 'info',
      vid: names.vid,
      devsite: names.devsite,
      tcid: names.tcid,
      invoice: names.invoice,
    },
  }));
  return Promise.all(
    READS.flatMap(([key, e]) =>
      (e.kind === 'none' ? targets.slice(0, 1) : targets).map(async (target) => {
        const sample = e.sample(target);
        if (!sample) return null;
        const [method, path] = key.split(' ');
        const res = await t.request(method as 'GET' | 'POST', url(must(path, 'path'), sample), {
          token: staff,
          body: sample.body,
        });
        return res.status >= 500
          ? `${key} for ${target.account}: ${res.status} ${JSON.stringify(res.body)}`
          : null;
      }),
    ),
  );
}

const url = (path: string, sample: Sample) =>
  path.replace(/:([a-z_]+)\??/g, (_, name: string) =>
    encodeURIComponent(String(sample.params?.[name] ?? '')),
  );

describe('an imported document never breaks a read', () => {
  it('answers every read route for every imported account without a 5xx', async () => {
    let n = 0;
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat().chain(() => doc(++n)),
        async ({ names, document }) => {
          try {
            await importDocument(t.db, document);
          } catch (err) {
            if (err instanceof ImportError) return;
            throw err;
          }
          accepted++;
          expect((await sendAll(names)).filter(Boolean)).toEqual([]);
        },
      ),
      // No shrinking: each run imports and makes ~90 calls; the first failure names route and account.
      { numRuns: 10, endOnFailure: true },
    );
    // The generator stays within the documented format: most documents are taken.
    expect(accepted).toBeGreaterThan(5);
  }, 300_000);
});

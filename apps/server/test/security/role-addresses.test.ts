import { must } from '../support/must.ts';
import { ROLE_ADDRESSES } from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailAliases, tempEmails } from '../../src/db/schema.ts';
import { factories, makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';

/**
 * Role addresses (the CA/B Forum's domain-validation addresses and RFC 2142's) are reserved
 * (docs/decisions/034-role-addresses.md): nobody takes them on the shared temporary-alias domain,
 * and on a customer's own domain only its owner (or staff) makes or changes them.
 */
const PASSWORD = 'role-addresses-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  const { alice, dave } = await makeCast(t, PASSWORD);
  // dave works on alice's harbor-studio.org (a grant of that domain).
  const f = factories(t);
  const domain = await f.makeDomain({ owner: alice, domain: 'harbor-studio.org' });
  await f.makeGrant({ owner: alice, admin: dave, domain });
  as = requestsAs(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

/** A day after the app's now (its clock, not the real one: the suite also runs a year ahead). */
const inADay = () => new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString();

describe('role addresses', () => {
  it('are refused on the temporary-alias domain, for customers and staff alike', async () => {
    for (const name of [
      'admin',
      'administrator',
      'hostmaster',
      'postmaster',
      'webmaster',
      'abuse',
      'root',
      'security',
      'Info',
      'noc',
      'www',
      'mailer-daemon',
    ]) {
      for (const who of ['alice', 'staff']) {
        const res = await as(who).post('/api/add-tempemail', {
          logname: 'alice',
          name,
          forwards_to: 'alice@example.org',
          expires: inADay(),
        });
        expect(res.status, `${who}: ${name}`).toBe(400);
        expect(res.body.errors).toEqual({ name: mailText.roleAddressReserved(name.toLowerCase()) });
      }
    }
    expect(await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'postmaster'))).toEqual([]);
    // An ordinary name still goes through.
    const ok = await as('alice').post('/api/add-tempemail', {
      logname: 'alice',
      name: 'postmaster-fan',
      forwards_to: 'alice@example.org',
      expires: inADay(),
    });
    expect(ok.status).toBe(200);
  });

  it('the list holds the CA/B Forum’s five and RFC 2142’s', () => {
    for (const n of [
      'admin',
      'administrator',
      'hostmaster',
      'postmaster',
      'webmaster',
      'abuse',
      'noc',
      'security',
      'info',
      'marketing',
      'sales',
      'support',
      'usenet',
      'news',
      'www',
      'uucp',
      'ftp',
    ])
      expect(ROLE_ADDRESSES).toContain(n);
  });

  it('on a customer’s own domain: someone else working on it is refused, the owner is not', async () => {
    const alias = (src_user: string) => ({
      src_user,
      src_domain: 'harbor-studio.org',
      targets: 'alice@example.org',
    });
    // dave works on alice's harbor-studio.org: ordinary aliases, yes.
    expect((await as('dave').post('/api/add-domain-alias', alias('dave-desk'))).status).toBe(200);
    const taken = await as('dave').post('/api/add-domain-alias', alias('postmaster'));
    expect(taken.status).toBe(403);
    expect(taken.body.message).toBe(mailText.roleAddressOwnerOnly('postmaster@harbor-studio.org'));
    const rows = () =>
      t.db
        .select()
        .from(emailAliases)
        .where(and(eq(emailAliases.domain, 'harbor-studio.org'), eq(emailAliases.src, 'postmaster')));
    expect(await rows()).toEqual([]);
    // The owner may.
    expect((await as('alice').post('/api/add-domain-alias', alias('postmaster'))).status).toBe(200);
    // And dave may not redirect it afterwards.
    const redirect = await as('dave').post('/api/update-domain-alias', {
      ...alias('postmaster'),
      targets: 'dave@evil-mail.com',
    });
    expect(redirect.status).toBe(403);
    expect(must((await rows())[0], 'the first row').dstList).toEqual(['alice@example.org']);
  });
});

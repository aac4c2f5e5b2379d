import { mailText } from '@portal/contract/mail/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, domainGrants, emailAliases } from '../../db/schema.ts';
import { factories, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

const PASSWORD = 'aliases-test-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const { alice, bob, dave } = await makeCast(t, PASSWORD);
  // bob: a domain with an order alias and a catch-all, and one without aliases.
  const bakers = await f.makeDomain({ owner: bob, domain: 'bakersdozen.com' });
  await f.makeDomain({ owner: bob, domain: 'bobbaker.net' });
  for (const src of ['orders', '*'])
    await f.makeAlias({ domain: bakers, src, to: ['bob.baker@example.org'] });
  // alice: her own domain, and a second one (two aliases) that dave is granted.
  const design = await f.makeDomain({ owner: alice, domain: 'anderson-design.com' });
  const harbor = await f.makeDomain({ owner: alice, domain: 'harbor-studio.org' });
  const at = (name: string) => `${name}@anderson-design.com`;
  await f.makeAlias({ domain: design, src: '*', to: [at('alice')] });
  await f.makeAlias({ domain: design, src: 'info', to: [at('alice'), at('carol')] });
  await f.makeAlias({ domain: design, src: 'webmaster', to: [at('dave')] });
  for (const src of ['press', 'jobs']) await f.makeAlias({ domain: design, src, to: [at('alice')] });
  await f.makeAlias({ domain: harbor, src: 'hello', to: [at('studio')] });
  await f.makeAlias({ domain: harbor, src: 'bookings', to: [at('alice'), at('studio')] });
  await f.makeGrant({ owner: alice, admin: dave, domain: harbor });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

const targetsOf = async (domain: string, src: string) => {
  const [row] = await t.db
    .select({ dst: emailAliases.dstList })
    .from(emailAliases)
    .where(and(eq(emailAliases.domain, domain), eq(emailAliases.src, src)));
  return row?.dst;
};

describe('GET /api/domain-counts/{user}', () => {
  it('lists the account domains with their alias counts, sorted', async () => {
    const res = await as('bob').get('/api/domain-counts/bob');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { domain: 'bakersdozen.com', num_aliases: 2 },
      { domain: 'bobbaker.net', num_aliases: 0 },
    ]);
  });

  it('includes the domains an account was granted, and not the others', async () => {
    const res = await as('dave').get('/api/domain-counts/dave');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ domain: 'harbor-studio.org', num_aliases: 2 }]);
    const carol = await as('carol').get('/api/domain-counts/carol');
    expect(carol.body.data).toEqual([]);
  });

  it('includes all of an owner’s domains for an all-domains grant', async () => {
    await t.db.insert(domainGrants).values({ owner: 'bob', admin: 'carol', domain: null });
    const res = await as('carol').get('/api/domain-counts/carol');
    expect(res.body.data.map((d: { domain: string }) => d.domain)).toEqual([
      'bakersdozen.com',
      'bobbaker.net',
    ]);
    await t.db.delete(domainGrants).where(eq(domainGrants.admin, 'carol'));
  });

  it('lets staff read any account and refuses other customers (403) and no token (401)', async () => {
    expect((await as('staff').get('/api/domain-counts/bob')).body.data).toHaveLength(2);
    const other = await as('alice').get('/api/domain-counts/bob');
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    expect((await as(null).get('/api/domain-counts/bob')).status).toBe(401);
    expect((await as('alice').get('/api/domain-counts/NOT%20A%20NAME')).status).toBe(400);
  });
});

describe('GET /api/domain-email-aliases/{domain}', () => {
  it('lists the aliases sorted by source, the catch-all included', async () => {
    const res = await as('bob').get('/api/domain-email-aliases/bakersdozen.com');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { src: '*', dst_list: ['bob.baker@example.org'] },
      { src: 'orders', dst_list: ['bob.baker@example.org'] },
    ]);
  });

  it('is allowed to a granted admin and to staff, refused to others', async () => {
    expect((await as('dave').get('/api/domain-email-aliases/harbor-studio.org')).status).toBe(200);
    expect((await as('staff').get('/api/domain-email-aliases/harbor-studio.org')).status).toBe(200);
    expect((await as('dave').get('/api/domain-email-aliases/anderson-design.com')).status).toBe(403);
    expect((await as('bob').get('/api/domain-email-aliases/harbor-studio.org')).status).toBe(403);
    expect((await as(null).get('/api/domain-email-aliases/harbor-studio.org')).status).toBe(401);
  });

  it('answers a missing domain like a foreign one to customers, 404 to staff', async () => {
    expect((await as('bob').get('/api/domain-email-aliases/no-such-domain.com')).status).toBe(403);
    const staff = await as('staff').get('/api/domain-email-aliases/no-such-domain.com');
    expect(staff.status).toBe(404);
    const bad = await as('bob').get('/api/domain-email-aliases/not_a_domain');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.domain).toBe('Invalid domain name');
  });
});

describe('GET /api/domain-alias-dests/{domain}/{src}', () => {
  it('answers the targets of one alias', async () => {
    const res = await as('alice').get('/api/domain-alias-dests/anderson-design.com/info');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      src: 'info',
      dst_list: ['alice@anderson-design.com', 'carol@anderson-design.com'],
    });
  });

  it('answers Not Found for a missing alias, 403 for another owner', async () => {
    const res = await as('alice').get('/api/domain-alias-dests/anderson-design.com/nobody');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, message: 'Not Found', code: 'not_found' });
    expect((await as('bob').get('/api/domain-alias-dests/anderson-design.com/info')).status).toBe(403);
    expect((await as(null).get('/api/domain-alias-dests/anderson-design.com/info')).status).toBe(401);
  });
});

describe('POST /api/add-domain-alias', () => {
  it('adds an alias with one target per line, trimmed, lower-cased and de-duplicated', async () => {
    const res = await as('bob').post('/api/add-domain-alias', {
      src_user: 'Cakes',
      src_domain: 'BakersDozen.com',
      targets: ' bob.baker@example.org \n\nOrders@Bakersdozen.com\r\nbob.baker@example.org\n',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, message: 'Added cakes@bakersdozen.com' });
    expect(res.body.data).toEqual({
      address: 'cakes@bakersdozen.com',
      dst_list: ['bob.baker@example.org', 'orders@bakersdozen.com'],
    });
    expect(await targetsOf('bakersdozen.com', 'cakes')).toEqual([
      'bob.baker@example.org',
      'orders@bakersdozen.com',
    ]);
  });

  it('names the bad line of the targets and adds nothing', async () => {
    const res = await as('bob').post('/api/add-domain-alias', {
      src_user: 'pies',
      src_domain: 'bakersdozen.com',
      targets: 'bob.baker@example.org\nnot an address\n',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.targets).toBe('Line 2: "not an address" is not a valid email address');
    expect(res.body.message).toContain('Line 2');
    expect(await targetsOf('bakersdozen.com', 'pies')).toBeUndefined();
  });

  it('requires a name and at least one target, and refuses a bad name', async () => {
    const empty = await as('bob').post('/api/add-domain-alias', {
      src_user: '',
      src_domain: 'bakersdozen.com',
      targets: '\n \n',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ src_user: 'Required', targets: 'Enter at least one target address' });
    const bad = await as('bob').post('/api/add-domain-alias', {
      src_user: 'a b',
      src_domain: 'bakersdozen.com',
      targets: 'x@example.org',
    });
    expect(bad.body.errors.src_user).toBe('An alias name may use letters, digits and . _ - + only');
    const many = Array.from({ length: 51 }, (_, i) => `u${i}@example.org`).join('\n');
    const tooMany = await as('bob').post('/api/add-domain-alias', {
      src_user: 'many',
      src_domain: 'bakersdozen.com',
      targets: many,
    });
    expect(tooMany.body.errors.targets).toBe('At most 50 target addresses');
  });

  it('tells a whole address typed as the name to leave out the @ part, and adds nothing', async () => {
    const res = await as('bob').post('/api/add-domain-alias', {
      src_user: 'sales@bakersdozen.com',
      src_domain: 'bakersdozen.com',
      targets: 'x@example.org',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ src_user: mailText.nameWithDomain });
    expect(await targetsOf('bakersdozen.com', 'sales@bakersdozen.com')).toBeUndefined();
    expect(await targetsOf('bakersdozen.com', 'sales')).toBeUndefined();
  });

  it('refuses an alias that forwards to itself', async () => {
    const res = await as('bob').post('/api/add-domain-alias', {
      src_user: 'loop',
      src_domain: 'bakersdozen.com',
      targets: 'loop@bakersdozen.com',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('loop@bakersdozen.com cannot forward to itself');
  });

  it('refuses an existing alias (409) and the catch-all (422), changing nothing', async () => {
    const dup = await as('bob').post('/api/add-domain-alias', {
      src_user: 'orders',
      src_domain: 'bakersdozen.com',
      targets: 'x@example.org',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('orders@bakersdozen.com already exists');
    const all = await as('bob').post('/api/add-domain-alias', {
      src_user: '*',
      src_domain: 'bakersdozen.com',
      targets: 'x@example.org',
    });
    expect(all.status).toBe(422);
    expect(all.body).toEqual({ status: 0, message: "You can't change a catch-all alias.", code: 'refused' });
    expect(await targetsOf('bakersdozen.com', 'orders')).toEqual(['bob.baker@example.org']);
    expect(await targetsOf('bakersdozen.com', '*')).toEqual(['bob.baker@example.org']);
  });

  it('lets a granted admin add on the granted domain only; others get 403', async () => {
    const ok = await as('dave').post('/api/add-domain-alias', {
      src_user: 'tours',
      src_domain: 'harbor-studio.org',
      targets: 'dave@anderson-design.com',
    });
    expect(ok.status).toBe(200);
    const no = await as('dave').post('/api/add-domain-alias', {
      src_user: 'tours',
      src_domain: 'anderson-design.com',
      targets: 'dave@anderson-design.com',
    });
    expect(no.status).toBe(403);
    const bob = await as('bob').post('/api/add-domain-alias', {
      src_user: 'x',
      src_domain: 'harbor-studio.org',
      targets: 'x@example.org',
    });
    expect(bob.status).toBe(403);
    expect(await targetsOf('anderson-design.com', 'tours')).toBeUndefined();
    expect(
      (
        await as(null).post('/api/add-domain-alias', {
          src_user: 'x',
          src_domain: 'harbor-studio.org',
          targets: 'x@example.org',
        })
      ).status,
    ).toBe(401);
  });

  it('audits a staff change with the operator and the domain owner', async () => {
    const res = await as('staff').post('/api/add-domain-alias', {
      src_user: 'staffmade',
      src_domain: 'bakersdozen.com',
      targets: 'bob.baker@example.org',
    });
    expect(res.status).toBe(200);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'POST /api/add-domain-alias'));
    expect(rows.at(-1)).toMatchObject({ operator: 'staff', account: 'bob' });
  });
});

describe('POST /api/update-domain-alias', () => {
  it('replaces the targets', async () => {
    const res = await as('alice').post('/api/update-domain-alias', {
      src_user: 'webmaster',
      src_domain: 'anderson-design.com',
      targets: 'dave@anderson-design.com\nalice@anderson-design.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated webmaster@anderson-design.com');
    expect(await targetsOf('anderson-design.com', 'webmaster')).toEqual([
      'dave@anderson-design.com',
      'alice@anderson-design.com',
    ]);
  });

  it('answers Not Found for a missing alias and refuses the catch-all', async () => {
    const missing = await as('alice').post('/api/update-domain-alias', {
      src_user: 'ghost',
      src_domain: 'anderson-design.com',
      targets: 'a@example.org',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not Found');
    const all = await as('alice').post('/api/update-domain-alias', {
      src_user: '*',
      src_domain: 'anderson-design.com',
      targets: 'a@example.org',
    });
    expect(all.status).toBe(422);
    expect(all.body.message).toBe("You can't change a catch-all alias.");
    expect(await targetsOf('anderson-design.com', '*')).toEqual(['alice@anderson-design.com']);
  });

  it('validates the targets and refuses other accounts', async () => {
    const bad = await as('alice').post('/api/update-domain-alias', {
      src_user: 'info',
      src_domain: 'anderson-design.com',
      targets: 'ok@example.org\n\nbad@',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.targets).toBe('Line 3: "bad@" is not a valid email address');
    const other = await as('bob').post('/api/update-domain-alias', {
      src_user: 'info',
      src_domain: 'anderson-design.com',
      targets: 'bob@example.org',
    });
    expect(other.status).toBe(403);
    expect(await targetsOf('anderson-design.com', 'info')).toEqual([
      'alice@anderson-design.com',
      'carol@anderson-design.com',
    ]);
    expect(
      (
        await as(null).post('/api/update-domain-alias', {
          src_user: 'info',
          src_domain: 'anderson-design.com',
          targets: 'a@example.org',
        })
      ).status,
    ).toBe(401);
  });
});

describe('POST /api/delete-domain-alias', () => {
  it('deletes an alias', async () => {
    const res = await as('alice').post('/api/delete-domain-alias', {
      src_user: 'press',
      src_domain: 'anderson-design.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 1, message: 'Deleted' });
    expect(await targetsOf('anderson-design.com', 'press')).toBeUndefined();
  });

  it('answers Not Found, refuses the catch-all, other accounts and no token', async () => {
    const again = await as('alice').post('/api/delete-domain-alias', {
      src_user: 'press',
      src_domain: 'anderson-design.com',
    });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Not Found');
    const all = await as('alice').post('/api/delete-domain-alias', {
      src_user: '*',
      src_domain: 'anderson-design.com',
    });
    expect(all.status).toBe(422);
    expect(all.body.message).toBe("You can't change a catch-all alias.");
    expect(await targetsOf('anderson-design.com', '*')).toEqual(['alice@anderson-design.com']);
    expect(
      (
        await as('carol').post('/api/delete-domain-alias', {
          src_user: 'jobs',
          src_domain: 'anderson-design.com',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await as(null).post('/api/delete-domain-alias', {
          src_user: 'jobs',
          src_domain: 'anderson-design.com',
        })
      ).status,
    ).toBe(401);
    const missingField = await as('alice').post('/api/delete-domain-alias', {
      src_domain: 'anderson-design.com',
    });
    expect(missingField.status).toBe(400);
    expect(missingField.body.errors.src_user).toBe('Required');
    expect(await targetsOf('anderson-design.com', 'jobs')).toEqual(['alice@anderson-design.com']);
  });

  it('lets a granted admin delete, and stops once the grant is removed', async () => {
    expect(
      (
        await as('dave').post('/api/delete-domain-alias', {
          src_user: 'hello',
          src_domain: 'harbor-studio.org',
        })
      ).status,
    ).toBe(200);
    await t.db.delete(domainGrants).where(eq(domainGrants.admin, 'dave'));
    const res = await as('dave').post('/api/delete-domain-alias', {
      src_user: 'bookings',
      src_domain: 'harbor-studio.org',
    });
    expect(res.status).toBe(403);
    expect(await targetsOf('harbor-studio.org', 'bookings')).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

/**
 * The one address rule of the contract (packages/contract/src/rules.ts) at every call that stores or
 * mails an address: real addresses at long top-level domains are taken, and a line that Postfix would
 * read as several recipients is refused with the spec's text.
 */
let t: TestApp;
let f: ReturnType<typeof factories>;
let alice: Account;
let bob: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  alice = await f.makeAccount();
  bob = await f.makeAccount();
  await f.makeDomain({ owner: bob, domain: 'bakersdozen.com' });
});
afterAll(() => t.close());

const LONG_TLDS = [
  'studio@lens.photography',
  'ops@un.international',
  'jo@firm.consulting',
  'root@box.localdomain',
];
const SMUGGLED = 'root,postmaster,x@elsewhere.example';
const future = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();

describe('e-mail addresses across the portal', () => {
  it('recovery addresses: long top-level domains accepted, a list refused', async () => {
    for (const email of LONG_TLDS) {
      const res = await f.as(alice).post('/api/add-recovery-email', {
        logname: alice.logname,
        email,
        password: alice.password,
      });
      expect(res.status, email).toBe(200);
      expect(res.body.data.contact_info).toBe(email);
    }
    const bad = await f
      .as(alice)
      .post('/api/add-recovery-email', { logname: alice.logname, email: SMUGGLED, password: alice.password });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'Invalid Email Address' });
  });

  it('statement delivery: a long top-level domain is stored, a list refused', async () => {
    const ok = await f.as(alice).post('/api/change-statement-delivery', {
      logname: alice.logname,
      method: 'e',
      nozero: 0,
      email: LONG_TLDS[0],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.email).toBe(LONG_TLDS[0]);
    const bad = await f.as(alice).post('/api/change-statement-delivery', {
      logname: alice.logname,
      method: 'e',
      nozero: 0,
      email: 'a@x.example; b@y.example',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'This field must be a valid email address' });
  });

  it('reset requests: a long top-level domain is a request, a list is refused', async () => {
    const ok = await t
      .as(null)
      .post('/api/forgot-panel-password', { account: bob.logname, email: 'bob@bakers.international' });
    expect(ok.status).toBe(200);
    const bad = await t
      .as(null)
      .post('/api/forgot-email-password', { account: bob.logname, email: SMUGGLED });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ email: 'This field must be a valid email address' });
  });

  it('alias targets: each line is one address; a comma list is refused, never stored as one target', async () => {
    const bad = await f.as(bob).post('/api/add-domain-alias', {
      src_user: 'smuggle',
      src_domain: 'bakersdozen.com',
      targets: SMUGGLED,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.targets).toContain(SMUGGLED);
    for (const targets of [
      '"a b"@example.com',
      'Bob <bob@example.org>',
      'root',
      'x@y.example\troot@z.example',
    ])
      expect(
        (
          await f
            .as(bob)
            .post('/api/add-domain-alias', { src_user: 'smuggle', src_domain: 'bakersdozen.com', targets })
        ).status,
        targets,
      ).toBe(400);
    const ok = await f.as(bob).post('/api/add-domain-alias', {
      src_user: 'studio',
      src_domain: 'bakersdozen.com',
      targets: `${LONG_TLDS.join('\n')}\ninfo@xn--bcher-kva.xn--p1ai`,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.dst_list).toEqual([...LONG_TLDS, 'info@xn--bcher-kva.xn--p1ai']);
  });

  it('temporary forwards: a long top-level domain is taken, a list refused', async () => {
    const body = { logname: alice.logname, expires: future(10), notes: '' };
    const ok = await f
      .as(alice)
      .post('/api/add-tempemail', { ...body, name: 'shop-photo', forwards_to: LONG_TLDS[0] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.forwards_to).toBe(LONG_TLDS[0]);
    const bad = await f
      .as(alice)
      .post('/api/add-tempemail', { ...body, name: 'shop-other', forwards_to: SMUGGLED });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ forwards_to: 'Invalid Email Address' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainGrants } from '../db/schema.ts';
import { factories } from '../../test/support/factories.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { type AccountScope, authorizeAccount, authorizeDomain } from './policy.ts';
import type { Caller } from './tokens.ts';

let t: TestApp;
/**
 * alice and bob are Primary accounts; carol and dave alice's Secondaries, dave her dashboard admin
 * and admin of her harbor-studio.org; alice owns three domains.
 */
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  const alice = await f.makeAccount({ logname: 'alice' });
  await f.makeAccount({ logname: 'bob' });
  await f.makeAccount({ logname: 'carol', primary: alice, fields: { dashboard_admin: false } });
  await f.makeAccount({ logname: 'dave', primary: alice, fields: { dashboard_admin: true } });
  for (const domain of ['anderson-design.com', 'client03-anderson.com', 'harbor-studio.org'])
    await f.makeDomain({ owner: alice, domain });
  await t.db.insert(domainGrants).values({ owner: 'alice', admin: 'dave', domain: 'harbor-studio.org' });
});
afterAll(() => t.close());

const who = (username: string, role: Caller['role'] = 'customer'): Caller => ({
  username,
  altuser: username,
  role,
  jti: 'j',
  sid: 's',
  exp: 0,
});
const allowed = async (caller: Caller, account: string, scope: AccountScope) =>
  authorizeAccount(t.db, caller, account, scope).then(
    () => 'allow',
    (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
  );

describe('the account rules', () => {
  it('lets an account act on itself and staff on any account', async () => {
    expect(await allowed(who('bob'), 'bob', 'self')).toBe('allow');
    expect(await allowed(who('staff', 'staff'), 'bob', 'self')).toBe('allow');
    expect(await allowed(who('admin', 'admin'), 'alice', 'billing')).toBe('allow');
  });

  it('refuses another account, and a missing one, the same way to a customer', async () => {
    expect(await allowed(who('bob'), 'alice', 'self')).toBe('forbidden: Permission denied');
    expect(await allowed(who('bob'), 'no-such', 'self')).toBe('forbidden: Permission denied');
    expect(await allowed(who('staff', 'staff'), 'no-such', 'self')).toBe('not_found: Account not found');
  });

  it('keeps Secondary accounts out of billing and secondary administration', async () => {
    expect(await allowed(who('carol'), 'carol', 'billing')).toBe(
      "forbidden: Secondary accounts don't have access to billing information",
    );
    expect(await allowed(who('carol'), 'carol', 'primary')).toBe(
      "forbidden: Secondary accounts don't have access to this information",
    );
    expect(await allowed(who('alice'), 'alice', 'primary')).toBe('allow');
  });

  it('checks who the caller is before the Secondary rules, so a refusal does not reveal a Secondary', async () => {
    for (const scope of ['billing', 'primary', 'self'] as const) {
      expect(await allowed(who('bob'), 'carol', scope), scope).toBe('forbidden: Permission denied');
      expect(await allowed(who('bob'), 'alice', scope), scope).toBe('forbidden: Permission denied');
      // Not even the Secondary's own primary or a fellow Secondary learns it this way.
      expect(await allowed(who('alice'), 'carol', scope), scope).toBe('forbidden: Permission denied');
      expect(await allowed(who('dave'), 'carol', scope), scope).toBe('forbidden: Permission denied');
    }
    // Those who may act on the account get the Secondary texts.
    expect(await allowed(who('staff', 'staff'), 'carol', 'billing')).toBe(
      "forbidden: Secondary accounts don't have access to billing information",
    );
    expect(await allowed(who('admin', 'admin'), 'dave', 'primary')).toBe(
      "forbidden: Secondary accounts don't have access to this information",
    );
  });

  it("lets a dashboard admin read its primary's account, and nothing more", async () => {
    expect(await allowed(who('dave'), 'alice', 'read')).toBe('allow');
    expect(await allowed(who('dave'), 'alice', 'self')).toBe('forbidden: Permission denied');
    expect(await allowed(who('carol'), 'alice', 'read')).toBe('forbidden: Permission denied');
    expect(await allowed(who('dave'), 'bob', 'read')).toBe('forbidden: Permission denied');
  });
});

describe('the domain rules', () => {
  const domain = async (caller: Caller, d: string) =>
    authorizeDomain(t.db, caller, d).then(
      (r) => `allow:${r.owner}`,
      (e: { code: string }) => e.code,
    );

  it('lets the owner, a granted admin and staff in; everyone else gets the same refusal', async () => {
    expect(await domain(who('alice'), 'anderson-design.com')).toBe('allow:alice');
    expect(await domain(who('staff', 'staff'), 'anderson-design.com')).toBe('allow:alice');
    expect(await domain(who('dave'), 'harbor-studio.org')).toBe('allow:alice');
    expect(await domain(who('dave'), 'anderson-design.com')).toBe('forbidden');
    expect(await domain(who('bob'), 'anderson-design.com')).toBe('forbidden');
    expect(await domain(who('bob'), 'no-such-domain.com')).toBe('forbidden');
    expect(await domain(who('staff', 'staff'), 'no-such-domain.com')).toBe('not_found');
  });

  it('honours a grant on all of an owner’s domains', async () => {
    await t.db.insert(domainGrants).values({ owner: 'alice', admin: 'bob', domain: null });
    expect(await domain(who('bob'), 'anderson-design.com')).toBe('allow:alice');
    expect(await domain(who('bob'), 'client03-anderson.com')).toBe('allow:alice');
  });
});

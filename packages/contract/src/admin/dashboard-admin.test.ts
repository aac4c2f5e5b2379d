import { describe, expect, it } from 'vitest';
import { infoAccountOf } from './dashboard-admin.ts';

describe('infoAccountOf: whose account information the screens show', () => {
  it("shows a designated dashboard admin its primary's, read only", () => {
    expect(
      infoAccountOf('dave', { account_role: 'Secondary', dashboard_admin: true, primary: 'alice' }),
    ).toEqual({ account: 'alice', readOnly: true });
  });

  it('shows everyone else their own: a Primary, an undesignated Secondary, a role not yet known', () => {
    expect(
      infoAccountOf('alice', { account_role: 'Primary', dashboard_admin: false, primary: null }),
    ).toEqual({ account: 'alice', readOnly: false });
    expect(
      infoAccountOf('carol', { account_role: 'Secondary', dashboard_admin: false, primary: 'alice' }),
    ).toEqual({ account: 'carol', readOnly: false });
    // A flag without a primary to view cannot point anywhere.
    expect(
      infoAccountOf('dave', { account_role: 'Secondary', dashboard_admin: true, primary: null }),
    ).toEqual({ account: 'dave', readOnly: false });
    // A Primary is never viewed "as" another account, whatever the flag says.
    expect(
      infoAccountOf('alice', { account_role: 'Primary', dashboard_admin: true, primary: 'bob' }),
    ).toEqual({ account: 'alice', readOnly: false });
    expect(infoAccountOf('dave', undefined)).toEqual({ account: 'dave', readOnly: false });
  });
});

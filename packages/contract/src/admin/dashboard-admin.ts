/** The `account-role` answer, as far as this rule reads it. */
export interface AccountRoleInfo {
  account_role: string;
  dashboard_admin: boolean;
  primary: string | null;
}

/**
 * Whose account information the screens show (docs/areas/admin.md): a Secondary
 * its primary designated dashboard admin views the primary's, read only; anyone else — and a
 * Secondary not (or no longer) designated — its own. One rule for every screen that follows it
 * (Account Summary, the account administration lists, the hosting, mailing-list, disk-usage and
 * account-address screens), so they cannot disagree.
 */
export function infoAccountOf(
  currentUser: string,
  role: AccountRoleInfo | undefined,
): { account: string; readOnly: boolean } {
  if (role?.account_role === 'Secondary' && role.dashboard_admin && role.primary)
    return { account: role.primary, readOnly: true };
  return { account: currentUser, readOnly: false };
}

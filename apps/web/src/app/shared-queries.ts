import { infoAccountOf } from '@portal/contract/admin/dashboard-admin';
import { ACCOUNT_ROLE, CUSTOMER } from '@portal/contract/session/typed-refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { useSession } from './session.ts';
import { urlsQuery } from './urls.ts';

/** Queries the shell and many screens share. */
export function useUrls() {
  return useQuery(urlsQuery);
}

/**
 * The account role of an account (Primary or Secondary). Made from the call's reference: main.tsx
 * starts it for the current user at start, alongside the screen's code (no schemas needed).
 */
export const accountRoleQuery = (account: string) =>
  queryOptions({
    queryKey: ['account-role', account],
    queryFn: () => call(ACCOUNT_ROLE, { params: { account } }).then((r) => r.data),
  });

/** An account's summary (name, services, balance): the home page, Account Summary, Show Logs. */
export const customerQuery = (logname: string) =>
  queryOptions({
    queryKey: [CUSTOMER.path, logname],
    queryFn: () => call(CUSTOMER, { params: { logname } }).then((r) => r.data),
  });

/** The account role of the current user (Primary or Secondary), loaded for the account being worked on. */
export function useAccountRole() {
  const { currentUser, loggedIn } = useSession();
  return useQuery({ ...accountRoleQuery(currentUser), enabled: loggedIn && !!currentUser });
}

/**
 * The account whose information a screen shows (`infoAccountOf`): a Secondary its
 * primary designated dashboard admin views the primary's, read only; anyone else — and staff
 * working on anyone — the current user's own. Shared by the screens of every area that follows the
 * rule (docs/areas/admin.md). `ready` is false until the account role is known: a query
 * started before would ask for the wrong account.
 */
export function useInfoAccount(): { account: string; readOnly: boolean; ready: boolean } {
  const { currentUser } = useSession();
  const role = useAccountRole();
  return { ...infoAccountOf(currentUser, role.data), ready: !role.isLoading };
}

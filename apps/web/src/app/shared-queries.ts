import * as S from '@portal/contract/session/calls';
import { useQuery } from '@tanstack/react-query';
import { call } from './api.ts';
import { useSession } from './session.ts';

/** Queries the shell and many screens share. */
export const urlsQuery = {
  queryKey: ['urls'],
  queryFn: () => call(S.urls).then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
};

export function useUrls() {
  return useQuery(urlsQuery);
}

/** The account role of the current user (Primary or Secondary), loaded for the account being worked on. */
export function useAccountRole() {
  const { currentUser, loggedIn } = useSession();
  return useQuery({
    queryKey: ['account-role', currentUser],
    queryFn: () => call(S.accountRole, { params: { account: currentUser } }).then((r) => r.data),
    enabled: loggedIn && !!currentUser,
  });
}

import * as C from '@portal/contract/security/second-factor';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';

/** The account's second factor, keyed by the account so a staff account switch reloads. */
export const secondFactorQuery = (logname: string) => ({
  queryKey: [C.secondFactor.path, logname],
  queryFn: () => call(C.secondFactor, { params: { logname } }).then((r) => r.data),
  retry: false,
});

/**
 * Who the Security screen is for: the account shown (the staff member's customer, or oneself) and
 * whether the person at the keyboard may change its second factor (their own only: staff read).
 */
export function useSecurityTarget() {
  const { currentUser, operator, staff } = useSession();
  const state = useQuery(secondFactorQuery(currentUser));
  return { account: currentUser, own: currentUser === operator, staff, state };
}

import { SECOND_FACTOR } from '@portal/contract/security/second-factor-refs';
import type * as C from '@portal/contract/security/second-factor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';

/**
 * PORTAL_STAFF_MFA=required: a staff member without a second factor sees the setup screen instead of
 * any other, until one is on (the server refuses their other calls meanwhile). Asked once per staff
 * sign-in, with the call's reference only (no zod in the shell's chunk); customers never ask.
 */
/**
 * Whether a staff account must still set up its second factor. A key of its own: turning the app
 * on refreshes the Security panels, not this, so the setup screen stays to show the recovery codes
 * until the person goes on (and then invalidates this).
 */
export const staffSetupQuery = (operator: string) =>
  queryOptions({
    queryKey: ['staff-setup', operator],
    queryFn: () =>
      call<typeof C.secondFactor>(SECOND_FACTOR, { params: { logname: operator } }).then(
        (r) => r.data.setup_required,
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useStaffSetupRequired(): boolean {
  const { staff, operator, loggedIn } = useSession();
  const { data } = useQuery({ ...staffSetupQuery(operator), enabled: staff && loggedIn && !!operator });
  return data === true;
}

/** The forced setup screen (lazy: only staff who need it load it). */
export const StaffSetupPage = lazy(() => import('./staff-setup-page.tsx'));

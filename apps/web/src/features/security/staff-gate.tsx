import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { useSession } from '../../app/session.ts';
import { staffSetupQuery } from './staff-setup-query.ts';

/**
 * PORTAL_STAFF_MFA=required: a staff member without a second factor sees the setup screen instead of
 * any other, until one is on (the server refuses their other calls meanwhile). Asked once per staff
 * sign-in, with the call's reference only (no zod in the shell's chunk); customers never ask.
 */
export function useStaffSetupRequired(): boolean {
  const { staff, operator, loggedIn } = useSession();
  const { data } = useQuery({ ...staffSetupQuery(operator), enabled: staff && loggedIn && !!operator });
  return data === true;
}

/** The forced setup screen (lazy: only staff who need it load it). */
export const StaffSetupPage = lazy(() => import('./staff-setup-page.tsx'));

import { SECOND_FACTOR } from '@portal/contract/security/typed-refs';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/**
 * Whether a staff account must still set up its second factor. A key of its own: turning the app
 * on refreshes the Security panels, not this, so the setup screen stays to show the recovery codes
 * until the person goes on (and then invalidates this). In its own module: the gate
 * (staff-gate.tsx) and the set-up screen it loads both read it, so neither imports the other.
 */
export const staffSetupQuery = (operator: string) =>
  queryOptions({
    queryKey: ['staff-setup', operator],
    queryFn: () => call(SECOND_FACTOR, { params: { logname: operator } }).then((r) => r.data.setup_required),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

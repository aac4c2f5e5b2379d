import * as P from '@portal/contract/security/passkeys';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/** The passkeys of `logname` (the Security screen's Passkeys panel). */
export const passkeysQuery = (logname: string) =>
  queryOptions({
    queryKey: [P.passkeys.path, logname],
    queryFn: () => call(P.passkeys, { params: { logname } }).then((r) => r.data.passkeys),
    enabled: !!logname,
  });

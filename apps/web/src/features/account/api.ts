import * as C from '@portal/contract/account/calls';
import * as T from '@portal/contract/api-tokens/calls';
import { call } from '../../app/api.ts';

/** Query options of the account area, keyed by the account so a staff account switch reloads. */
export const accountAddressQuery = (kind: 'account' | 'bill', account: string) => ({
  queryKey: [kind === 'bill' ? C.getBillAddress.path : C.getAccountAddress.path, account],
  queryFn: () =>
    call(kind === 'bill' ? C.getBillAddress : C.getAccountAddress, { body: { account } }).then((r) => r.data),
  retry: false,
});

export const statementQuery = (logname: string) => ({
  queryKey: [C.getStatementDelivery.path, logname],
  queryFn: () => call(C.getStatementDelivery, { params: { logname } }).then((r) => r.data),
  retry: false,
});

export const emptyDomainsQuery = (account: string) => ({
  queryKey: [C.emptyDomains.path, account],
  queryFn: () => call(C.emptyDomains, { params: { account } }).then((r) => r.data),
});

export const pendingSecondaryRequestsQuery = () => ({
  queryKey: [C.listSecondaryRequests.path],
  queryFn: () => call(C.listSecondaryRequests).then((r) => r.data),
});

/** The account's personal access tokens (Account → API tokens). */
export const apiTokensQuery = (logname: string) => ({
  queryKey: [T.listApiTokens.path, logname],
  queryFn: () => call(T.listApiTokens, { params: { logname } }).then((r) => r.data.tokens),
  retry: false,
});

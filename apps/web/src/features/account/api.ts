import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import * as T from '@portal/contract/api-tokens/calls';
import { ApiError, call, failureText } from '../../app/api.ts';
import { escapeHtml } from '../../app/status.ts';

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

/**
 * The server's message for a failed call, made safe for a status body, then "Please contact help"
 * (or, for a breached password — the code breached_password — to choose another).
 */
export function failureBody(err: unknown): string {
  const hint =
    err instanceof ApiError && err.code === 'breached_password'
      ? accountText.chooseAnother
      : accountText.contactHelp;
  return `${escapeHtml(failureText(err))}<br/>${hint}`;
}

/** The account's personal access tokens (Account → API tokens). */
export const apiTokensQuery = (logname: string) => ({
  queryKey: [T.listApiTokens.path, logname],
  queryFn: () => call(T.listApiTokens, { params: { logname } }).then((r) => r.data.tokens),
  retry: false,
});

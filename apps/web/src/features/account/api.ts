import * as C from '@portal/contract/account/calls';
import * as T from '@portal/contract/api-tokens/calls';
import type { BodyOf } from '@portal/contract/http';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';

/** Query options of the account area, keyed by the account so a staff account switch reloads. */
export const accountAddressQuery = (kind: 'account' | 'bill', account: string) =>
  queryOptions({
    queryKey: [kind === 'bill' ? C.getBillAddress.path : C.getAccountAddress.path, account],
    queryFn: () =>
      call(kind === 'bill' ? C.getBillAddress : C.getAccountAddress, { body: { account } }).then(
        (r) => r.data,
      ),
    retry: false,
  });

export const statementQuery = (logname: string) =>
  queryOptions({
    queryKey: [C.getStatementDelivery.path, logname],
    queryFn: () => call(C.getStatementDelivery, { params: { logname } }).then((r) => r.data),
    retry: false,
  });

export const emptyDomainsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.emptyDomains.path, account],
    queryFn: () => call(C.emptyDomains, { params: { account } }).then((r) => r.data),
  });

export const pendingSecondaryRequestsQuery = () =>
  queryOptions({
    queryKey: [C.listSecondaryRequests.path],
    queryFn: () => call(C.listSecondaryRequests).then((r) => r.data),
  });

/** The account's personal access tokens (Account → API tokens). */
export const apiTokensQuery = (logname: string) =>
  queryOptions({
    queryKey: [T.listApiTokens.path, logname],
    queryFn: () => call(T.listApiTokens, { params: { logname } }).then((r) => r.data.tokens),
    retry: false,
  });

// Mutations, next to the queries they change (app/mutation.ts).

/** Makes a personal access token: the account's token list changes. */
export const useCreateApiToken = (
  config?: MutationConfig<Answered<typeof T.createApiToken>, BodyOf<typeof T.createApiToken>>,
) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof T.createApiToken>) => call(T.createApiToken, { body }),
    (_res, body) => [apiTokensQuery(body.logname).queryKey],
    config,
  );

/** Revokes a personal access token: the account's token list changes. */
export const useRevokeApiToken = (
  config?: MutationConfig<Answered<typeof T.revokeApiToken>, BodyOf<typeof T.revokeApiToken>>,
) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof T.revokeApiToken>) => call(T.revokeApiToken, { body }),
    (_res, body) => [apiTokensQuery(body.logname).queryKey],
    config,
  );

import * as C from '@portal/contract/account/calls';
import * as T from '@portal/contract/api-tokens/calls';
import * as M from '@portal/contract/mail-app-passwords/calls';
import * as N from '@portal/contract/notifications/calls';
import * as S from '@portal/contract/session/calls';
import type { BodyOf } from '@portal/contract/http';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';
import { customerQuery } from '../../app/shared-queries.ts';

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

/** The account's app passwords for mail and whether it requires them. */
export const mailAppPasswordsQuery = (logname: string) =>
  queryOptions({
    queryKey: [M.listMailAppPasswords.path, logname],
    queryFn: () => call(M.listMailAppPasswords, { params: { logname } }).then((r) => r.data),
    retry: false,
  });

/** Where each category of the account's mail goes, and the addresses the choices stand for. */
export const noticePreferencesQuery = (logname: string) =>
  queryOptions({
    queryKey: [N.getNoticePreferences.path, logname],
    queryFn: () => call(N.getNoticePreferences, { params: { logname } }).then((r) => r.data),
    retry: false,
  });

// Mutations, next to the queries they change (app/mutation.ts).

/** Changes where one category goes: the answer is the account's new preferences, written to their cache entry. */
/**
 * Staff set the language of the customer they work on (the server records it on the customer's
 * activity); the account's summary, whose language the "Working on" bar shows, is asked for again.
 */
export const useSetCustomerLanguage = (config?: CallMutationConfig<typeof S.setLanguage>) =>
  useCallMutation(S.setLanguage, (_data, body) => [customerQuery(body.logname).queryKey], config);

export const useSetNoticePreference = (config?: CallMutationConfig<typeof N.setNoticePreference>) =>
  useCallMutation(N.setNoticePreference, () => [], config, {
    writes: (client, res, body) =>
      client.setQueryData(noticePreferencesQuery(body.logname).queryKey, res.data),
  });

/** Makes an app password for mail: the account's list changes. */
export const useCreateMailAppPassword = (
  config?: MutationConfig<Answered<typeof M.createMailAppPassword>, BodyOf<typeof M.createMailAppPassword>>,
) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof M.createMailAppPassword>) => call(M.createMailAppPassword, { body }),
    (_res, body) => [mailAppPasswordsQuery(body.logname).queryKey],
    config,
  );

/** Revokes an app password for mail: the account's list changes. */
export const useRevokeMailAppPassword = (
  config?: MutationConfig<Answered<typeof M.revokeMailAppPassword>, BodyOf<typeof M.revokeMailAppPassword>>,
) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof M.revokeMailAppPassword>) => call(M.revokeMailAppPassword, { body }),
    (_res, body) => [mailAppPasswordsQuery(body.logname).queryKey],
    config,
  );

/** Requires app passwords for mail (or not), after the propagation delay: the list's setting changes. */
export const useRequireMailAppPasswords = (
  config?: MutationConfig<
    Answered<typeof M.requireMailAppPasswords>,
    BodyOf<typeof M.requireMailAppPasswords>
  >,
) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof M.requireMailAppPasswords>) => call(M.requireMailAppPasswords, { body }),
    (_res, body) => [mailAppPasswordsQuery(body.logname).queryKey],
    config,
  );

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

type AddressCall = typeof C.updateAccountAddress | typeof C.updateBillAddress;
/** The form sends every field of an address, which both calls take (the billing one needs them all). */
type AddressBody = BodyOf<typeof C.updateBillAddress>;

/**
 * Changes the account or billing address of `account` (the one the screen shows). The answer holds
 * the new address: it is written to the address's cache entry rather than read again.
 */
export const useUpdateAddress = (
  kind: 'account' | 'bill',
  account: string,
  config?: MutationConfig<Answered<AddressCall>, AddressBody>,
) =>
  useInvalidatingMutation(
    (body: AddressBody) =>
      kind === 'bill' ? call(C.updateBillAddress, { body }) : call(C.updateAccountAddress, { body }),
    () => [],
    config,
    {
      writes: (client, res) =>
        client.setQueryData(accountAddressQuery(kind, account).queryKey, {
          logname: res.data.logname,
          address: res.data.new_address,
        }),
    },
  );

/** Changes how statements are delivered: the answer is the new setting, written to its cache entry. */
export const useChangeStatementDelivery = (config?: CallMutationConfig<typeof C.changeStatementDelivery>) =>
  useCallMutation(C.changeStatementDelivery, () => [], config, {
    writes: (client, res, body) => client.setQueryData(statementQuery(body.logname).queryKey, res.data),
  });

/** A name refused: by the check (with its status) or by the request's 409 (name only). */
export type RefusedName = { logname: string; status?: string };

/**
 * Requests secondary accounts: the names are checked first, then requested (pending until staff
 * set them up). Names found taken come back as `unavailable` (nothing was requested); otherwise
 * the staff's list of pending requests changes.
 */
export const useRequestSecondaries = (
  config?: MutationConfig<{ unavailable: RefusedName[] }, C.SecondaryRequestBody>,
) =>
  useInvalidatingMutation(
    async (body: C.SecondaryRequestBody): Promise<{ unavailable: RefusedName[] }> => {
      const check = await call(C.checkAccountNames, { body });
      if (!check.data.available)
        return { unavailable: check.data.list.filter((n) => n.status !== 'available') };
      try {
        await call(C.requestAccounts, { body });
      } catch (err) {
        // A name taken since the check: the server's 409 names it; shown like the check's answer.
        if (!(err instanceof ApiError && err.code === 'names_taken')) throw err;
        return { unavailable: C.refusedNames(err.message).map((logname) => ({ logname })) };
      }
      return { unavailable: [] };
    },
    ({ unavailable }) => (unavailable.length ? [] : [pendingSecondaryRequestsQuery().queryKey]),
    config,
  );

/** Staff: marks a secondary-account request done: the pending requests change. */
export const useMarkSecondaryRequestDone = (config?: CallMutationConfig<typeof C.markSecondaryRequestDone>) =>
  useCallMutation(C.markSecondaryRequestDone, () => [pendingSecondaryRequestsQuery().queryKey], config);

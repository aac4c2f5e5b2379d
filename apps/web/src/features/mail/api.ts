import * as C from '@portal/contract/mail/calls';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../app/api.ts';

/** Fetchers and query options of the mail area; every key starts with its call path. */

export const domainCountsQuery = (user: string) =>
  queryOptions({
    queryKey: [C.domainCounts.path, user],
    queryFn: () => call(C.domainCounts, { params: { user } }).then((r) => r.data),
  });

export const aliasesQuery = (domain: string) =>
  queryOptions({
    queryKey: [C.domainEmailAliases.path, domain],
    queryFn: () => call(C.domainEmailAliases, { params: { domain } }).then((r) => r.data),
  });

export const aliasDestsQuery = (domain: string, src: string) =>
  queryOptions({
    queryKey: [C.domainAliasDests.path, domain, src],
    queryFn: () => call(C.domainAliasDests, { params: { domain, src } }).then((r) => r.data),
    staleTime: 0,
  });

export const tempEmailsQuery = (user: string) =>
  queryOptions({
    queryKey: [C.tempEmails.path, user],
    queryFn: () => call(C.tempEmails, { params: { user } }).then((r) => r.data),
  });

export const expListQuery = (expdate?: string) =>
  queryOptions({
    queryKey: [C.tempEmailExpList.path, expdate ?? ''],
    queryFn: () =>
      (expdate ? call(C.tempEmailExpListFor, { params: { expdate } }) : call(C.tempEmailExpList)).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
  });

export const tempAliasQuery = (alias: string, logname: string) =>
  queryOptions({
    queryKey: [C.tempEmailAlias.path, alias, logname],
    queryFn: () => call(C.tempEmailAlias, { body: { alias, logname } }).then((r) => r.data),
    staleTime: 0,
  });

export const recoveryQuery = (user: string) =>
  queryOptions({
    queryKey: [C.getRecoveryEmails.path, user],
    queryFn: () => call(C.getRecoveryEmails, { params: { user } }).then((r) => r.data.email_list),
  });

export const mailingListsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.mailingLists.path, account],
    queryFn: () => call(C.mailingLists, { params: { account } }).then((r) => r.data.mailing_lists),
  });

export const diskUsageQuery = (account: string) =>
  queryOptions({
    queryKey: [C.diskUsage.path, account],
    queryFn: () => call(C.diskUsage, { params: { account } }).then((r) => r.data.diskusage),
  });

/** Field errors of a refused call, for a Mantine form's setErrors. */
export const fieldErrorsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError ? err.errors : {};

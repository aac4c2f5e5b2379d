import * as C from '@portal/contract/mail/calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';

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

// Mutations, next to the queries they change (app/mutation.ts).

/** Adds an alias to a domain: the domain's aliases and the account's alias counts change. */
export const useAddAlias = (user: string, config?: CallMutationConfig<typeof C.addDomainAlias>) =>
  useCallMutation(
    C.addDomainAlias,
    (_res, body) => [aliasesQuery(body.src_domain).queryKey, domainCountsQuery(user).queryKey],
    config,
  );

/** Changes an alias's targets: the domain's aliases and that alias's targets change. */
export const useUpdateAlias = (config?: CallMutationConfig<typeof C.updateDomainAlias>) =>
  useCallMutation(
    C.updateDomainAlias,
    (_res, body) => [
      aliasesQuery(body.src_domain).queryKey,
      aliasDestsQuery(body.src_domain, body.src_user).queryKey,
    ],
    config,
  );

/** Deletes an alias: the domain's aliases and the account's alias counts change. */
export const useDeleteAlias = (user: string, config?: CallMutationConfig<typeof C.deleteDomainAlias>) =>
  useCallMutation(
    C.deleteDomainAlias,
    (_res, body) => [aliasesQuery(body.src_domain).queryKey, domainCountsQuery(user).queryKey],
    config,
  );

/** Adds a temporary alias: the account's list changes. */
export const useAddTempEmail = (config?: CallMutationConfig<typeof C.addTempEmail>) =>
  useCallMutation(C.addTempEmail, (_res, body) => [tempEmailsQuery(body.logname).queryKey], config);

/** Changes a temporary alias: the account's list and the alias itself change. */
export const useUpdateTempEmail = (config?: CallMutationConfig<typeof C.updateTempEmail>) =>
  useCallMutation(
    C.updateTempEmail,
    (_res, body) => [
      tempEmailsQuery(body.logname).queryKey,
      tempAliasQuery(body.name, body.logname).queryKey,
    ],
    config,
  );

/** Adds a recovery address: the account's recovery addresses change. */
export const useAddRecoveryEmail = (config?: CallMutationConfig<typeof C.addRecoveryEmail>) =>
  useCallMutation(C.addRecoveryEmail, (_res, body) => [recoveryQuery(body.logname).queryKey], config);

/** Deletes a recovery address: the account's recovery addresses change. */
export const useDeleteRecoveryEmail = (config?: CallMutationConfig<typeof C.deleteRecoveryEmail>) =>
  useCallMutation(C.deleteRecoveryEmail, (_res, body) => [recoveryQuery(body.account).queryKey], config);

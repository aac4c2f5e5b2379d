import * as C from '@portal/contract/domains/calls';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';
import { domainAdminsQuery, domainStatusQuery, domainsQuery, renewalStatusQuery } from './api.ts';

/**
 * The domains area's mutations, next to the queries they change (app/mutation.ts). A module of
 * their own: they make the calls by their full definitions (zod), which api.ts keeps out of the
 * domain list's chunk; only the screens that change something load this one.
 */

/**
 * Gives an account admin rights on a domain, or on all the owner's domains: the admins of every
 * domain the answer names change.
 */
export const useAddAdmin = (config?: CallMutationConfig<typeof C.addAdmin>) =>
  useCallMutation(
    C.addAdmin,
    (res, body) => [body.domain, ...res.data.domains].map((domain) => domainAdminsQuery(domain).queryKey),
    config,
  );

/** Takes an admin off one domain: that domain's admins change. */
export const useDeleteAdmin = (config?: CallMutationConfig<typeof C.deleteAdmin>) =>
  useCallMutation(C.deleteAdmin, (_res, body) => [domainAdminsQuery(body.domain).queryKey], config);

/** Takes an admin off all the owner's domains: the admins of every domain the answer names change. */
export const useDeleteAdminFromAll = (config?: CallMutationConfig<typeof C.deleteAdminFromAll>) =>
  useCallMutation(
    C.deleteAdminFromAll,
    (res) => res.data.domains.map((domain) => domainAdminsQuery(domain).queryKey),
    config,
  );

/** Renews a domain: its renewal status and the account's domain list change. */
export const useRenewDomain = (account: string, config?: CallMutationConfig<typeof C.renewDomain>) =>
  useCallMutation(
    C.renewDomain,
    (_res, body) => [renewalStatusQuery(body.renew_domain).queryKey, domainsQuery(account).queryKey],
    config,
  );

/**
 * Changes a domain's settings: the account's domain list changes, and is read again before the
 * screen goes back to it; the domain's status is dropped (read afresh when it is edited again).
 */
export const useEditDomain = (account: string, config?: CallMutationConfig<typeof C.domainEdit>) =>
  useCallMutation(C.domainEdit, () => [domainsQuery(account).queryKey], config, {
    awaitRefetch: true,
    removes: (_res, body) => [domainStatusQuery(body.domain).queryKey],
  });

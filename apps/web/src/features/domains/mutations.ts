import * as C from '@portal/contract/domains/calls';
import type { BodyOf, CallDef } from '@portal/contract/http';
import { call } from '../../app/api.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';
import { domainAdminsQuery, domainStatusQuery, domainsQuery, renewalStatusQuery } from './api.ts';

/**
 * The domains area's mutations, next to the queries they change (app/mutation.ts). A module of
 * their own: they make the calls by their full definitions (zod), which api.ts keeps out of the
 * domain list's chunk; only the screens that change something load this one.
 */

type Config<K extends CallDef> = MutationConfig<Answered<K>, BodyOf<K>>;

/**
 * Gives an account admin rights on a domain, or on all the owner's domains: the admins of every
 * domain the answer names change.
 */
export const useAddAdmin = (config?: Config<typeof C.addAdmin>) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof C.addAdmin>) => call(C.addAdmin, { body }),
    (res, body) => [body.domain, ...res.data.domains].map((domain) => domainAdminsQuery(domain).queryKey),
    config,
  );

/** Takes an admin off one domain: that domain's admins change. */
export const useDeleteAdmin = (config?: Config<typeof C.deleteAdmin>) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof C.deleteAdmin>) => call(C.deleteAdmin, { body }),
    (_res, body) => [domainAdminsQuery(body.domain).queryKey],
    config,
  );

/** Takes an admin off all the owner's domains: the admins of every domain the answer names change. */
export const useDeleteAdminFromAll = (config?: Config<typeof C.deleteAdminFromAll>) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof C.deleteAdminFromAll>) => call(C.deleteAdminFromAll, { body }),
    (res) => res.data.domains.map((domain) => domainAdminsQuery(domain).queryKey),
    config,
  );

/** Renews a domain: its renewal status and the account's domain list change. */
export const useRenewDomain = (account: string, config?: Config<typeof C.renewDomain>) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof C.renewDomain>) => call(C.renewDomain, { body }),
    (_res, body) => [renewalStatusQuery(body.renew_domain).queryKey, domainsQuery(account).queryKey],
    config,
  );

/**
 * Changes a domain's settings: the account's domain list changes, and is read again before the
 * screen goes back to it; the domain's status is dropped (read afresh when it is edited again).
 */
export const useEditDomain = (account: string, config?: Config<typeof C.domainEdit>) =>
  useInvalidatingMutation(
    (body: BodyOf<typeof C.domainEdit>) => call(C.domainEdit, { body }),
    () => [domainsQuery(account).queryKey],
    config,
    { awaitRefetch: true, removes: (_res, body) => [domainStatusQuery(body.domain).queryKey] },
  );

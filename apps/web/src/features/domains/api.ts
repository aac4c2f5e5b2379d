import { AGREEMENT_TEXT } from '@portal/contract/domains/call-refs';
import {
  DOMAIN_ADMINS,
  DOMAIN_RENEWAL_STATUS,
  DOMAIN_STATUS,
  DOMAIN_USAGE,
  DOMAINS,
  GET_TEXT,
  TLD_PRICE_LIST,
} from '@portal/contract/domains/typed-refs';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/**
 * Fetchers and query options of the domains area; keys start with the call path. The calls are
 * made by reference (call-refs.ts, no zod): the domain list shows without loading zod.
 */

export const domainsQuery = (account: string) =>
  queryOptions({
    queryKey: [DOMAINS.path, account],
    queryFn: () => call(DOMAINS, { params: { account } }).then((r) => r.data),
  });

export const domainUsageQuery = (account: string) =>
  queryOptions({
    queryKey: [DOMAIN_USAGE.path, account],
    queryFn: () => call(DOMAIN_USAGE, { params: { account } }).then((r) => r.data),
  });

export const tldPricesQuery = (tld: string) =>
  queryOptions({
    queryKey: [TLD_PRICE_LIST.path, tld],
    queryFn: () => call(TLD_PRICE_LIST, { params: { tld } }).then((r) => r.data),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const agreementQuery = queryOptions({
  queryKey: [GET_TEXT.path, AGREEMENT_TEXT],
  queryFn: () => call(GET_TEXT, { body: { text: AGREEMENT_TEXT } }).then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The renewal status keeps its message (why a domain cannot be renewed) next to the data. */
export const renewalStatusQuery = (domain: string) =>
  queryOptions({
    queryKey: [DOMAIN_RENEWAL_STATUS.path, domain],
    queryFn: () =>
      call(DOMAIN_RENEWAL_STATUS, { params: { domain } }).then((r) => ({
        ...r.data,
        message: r.message,
      })),
    retry: false,
  });

export const domainStatusQuery = (domain: string) =>
  queryOptions({
    queryKey: [DOMAIN_STATUS.path, domain],
    queryFn: () => call(DOMAIN_STATUS, { params: { domain } }).then((r) => r.data),
    retry: false,
    staleTime: 0,
  });

export const domainAdminsQuery = (domain: string) =>
  queryOptions({
    queryKey: [DOMAIN_ADMINS.path, domain],
    queryFn: () => call(DOMAIN_ADMINS, { params: { domain } }).then((r) => r.data),
    retry: false,
  });

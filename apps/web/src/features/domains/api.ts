import * as C from '@portal/contract/domains/calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/** Fetchers and query options of the domains area; keys start with the call path. */

export const domainsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.domains.path, account],
    queryFn: () => call(C.domains, { params: { account } }).then((r) => r.data),
  });

export const domainUsageQuery = (account: string) =>
  queryOptions({
    queryKey: [C.domainUsage.path, account],
    queryFn: () => call(C.domainUsage, { params: { account } }).then((r) => r.data),
  });

export const tldPricesQuery = (tld: string) =>
  queryOptions({
    queryKey: [C.tldPriceList.path, tld],
    queryFn: () => call(C.tldPriceList, { params: { tld } }).then((r) => r.data),
    retry: false,
    staleTime: 5 * 60_000,
  });

export const agreementQuery = queryOptions({
  queryKey: [C.getText.path, C.AGREEMENT_TEXT],
  queryFn: () => call(C.getText, { body: { text: C.AGREEMENT_TEXT } }).then((r) => r.data),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The renewal status keeps its message (why a domain cannot be renewed) next to the data. */
export const renewalStatusQuery = (domain: string) =>
  queryOptions({
    queryKey: [C.domainRenewalStatus.path, domain],
    queryFn: () =>
      call(C.domainRenewalStatus, { params: { domain } }).then((r) => ({ ...r.data, message: r.message })),
    retry: false,
  });

export const domainStatusQuery = (domain: string) =>
  queryOptions({
    queryKey: [C.domainStatus.path, domain],
    queryFn: () => call(C.domainStatus, { params: { domain } }).then((r) => r.data),
    retry: false,
    staleTime: 0,
  });

export const domainAdminsQuery = (domain: string) =>
  queryOptions({
    queryKey: [C.domainAdmins.path, domain],
    queryFn: () => call(C.domainAdmins, { params: { domain } }).then((r) => r.data),
    retry: false,
  });

/** Yes/No for a 0/1 flag or a year count. */
export const yesNo = (v: number) => (v ? 'Yes' : 'No');

import {
  GET_COWORKING_PRODS,
  GET_INVOICE,
  GET_PAYMENT_INFO,
  GET_PAYMENT_METHODS,
  GET_PREFILL_CC_ADDR,
  INVOICES,
  RECENT_PAYMENTS,
} from '@portal/contract/billing/typed-refs';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';

/**
 * Fetchers and query options of the billing area; keys start with the call path. The reads are
 * made by reference (call-refs.ts, no zod): Make Payment shows without loading zod.
 */

export const payMethodsQuery = (account: string) =>
  queryOptions({
    queryKey: [GET_PAYMENT_METHODS.path, account],
    queryFn: () => call(GET_PAYMENT_METHODS, { params: { account } }).then((r) => r.data.pay_methods),
  });

export const prefillQuery = (account: string) =>
  queryOptions({
    queryKey: [GET_PREFILL_CC_ADDR.path, account],
    queryFn: () => call(GET_PREFILL_CC_ADDR, { body: { account } }).then((r) => r.data.address),
  });

export const paymentInfoQuery = (user: string) =>
  queryOptions({
    queryKey: [GET_PAYMENT_INFO.path, user],
    queryFn: () => call(GET_PAYMENT_INFO, { params: { user } }).then((r) => r.data),
  });

export const recentPaymentsQuery = (account: string) =>
  queryOptions({
    queryKey: [RECENT_PAYMENTS.path, account],
    queryFn: () => call(RECENT_PAYMENTS, { params: { account } }).then((r) => r.data.payments),
  });

export const invoicesQuery = (user: string) =>
  queryOptions({
    queryKey: [INVOICES.path, user],
    queryFn: () => call(INVOICES, { params: { user } }).then((r) => r.data),
  });

export const invoiceQuery = (logname: string, invoice: string) =>
  queryOptions({
    queryKey: [GET_INVOICE.path, logname, invoice],
    queryFn: () => call(GET_INVOICE, { body: { invoice, logname } }).then((r) => r.data),
    retry: false,
  });

export const coworkingQuery = (disctype: 1 | 2) =>
  queryOptions({
    queryKey: [GET_COWORKING_PRODS.path, disctype],
    queryFn: () => call(GET_COWORKING_PRODS, { body: { disctype } }).then((r) => r.data),
  });

/** What the account's billing screens show, which a payment or a card change makes stale. */
export const accountBillingKeys = (account: string) =>
  [payMethodsQuery, paymentInfoQuery, recentPaymentsQuery, invoicesQuery].map(
    (query) => query(account).queryKey,
  );

/** After a payment or a card change: what the account's billing screens show is stale. */
export function useInvalidateBilling(): (account: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (account: string) => {
      for (const queryKey of accountBillingKeys(account)) void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}

/** Changing the current user on the card and payment pages goes home. */
export function useHomeOnUserChange(): void {
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const first = useRef(currentUser);
  useEffect(() => {
    if (currentUser !== first.current) navigate('/');
  }, [currentUser, navigate]);
}

/** A fresh idempotency key (one per payment the user asks for). */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

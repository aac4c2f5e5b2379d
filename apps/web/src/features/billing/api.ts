import * as C from '@portal/contract/billing/calls';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';

/** Fetchers and query options of the billing area; keys start with the call path. */

export const payMethodsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.getPaymentMethods.path, account],
    queryFn: () => call(C.getPaymentMethods, { params: { account } }).then((r) => r.data.pay_methods),
  });

export const prefillQuery = (account: string) =>
  queryOptions({
    queryKey: [C.getPrefillCcAddr.path, account],
    queryFn: () => call(C.getPrefillCcAddr, { body: { account } }).then((r) => r.data.address),
  });

export const paymentInfoQuery = (user: string) =>
  queryOptions({
    queryKey: [C.getPaymentInfo.path, user],
    queryFn: () => call(C.getPaymentInfo, { params: { user } }).then((r) => r.data),
  });

export const recentPaymentsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.recentPayments.path, account],
    queryFn: () => call(C.recentPayments, { params: { account } }).then((r) => r.data.payments),
  });

export const invoicesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.invoices.path, user],
    queryFn: () => call(C.invoices, { params: { user } }).then((r) => r.data),
  });

export const invoiceQuery = (logname: string, invoice: string) =>
  queryOptions({
    queryKey: [C.getInvoice.path, logname, invoice],
    queryFn: () => call(C.getInvoice, { body: { invoice, logname } }).then((r) => r.data),
    retry: false,
  });

export const coworkingQuery = (disctype: 1 | 2) =>
  queryOptions({
    queryKey: [C.getCoworkingProds.path, disctype],
    queryFn: () => call(C.getCoworkingProds, { body: { disctype } }).then((r) => r.data),
  });

/** After a payment or a card change: what the account's billing screens show is stale. */
export function useInvalidateBilling(): (account: string) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (account: string) => {
      for (const path of [
        C.getPaymentMethods.path,
        C.getPaymentInfo.path,
        C.recentPayments.path,
        C.invoices.path,
      ]) {
        void queryClient.invalidateQueries({ queryKey: [path, account] });
      }
    },
    [queryClient],
  );
}

/** Changing the current user on the card and payment pages goes home (spec 000 §4). */
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

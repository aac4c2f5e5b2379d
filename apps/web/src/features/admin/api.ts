import * as C from '@portal/contract/admin/calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';

/** Fetchers and query options of account administration; keys start with the call path. */

export const secondariesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.secondaries.path, user],
    queryFn: () => call(C.secondaries, { params: { user } }).then((r) => r.data.secondaries),
  });

export const contactsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.contacts.path, account],
    queryFn: () => call(C.contacts, { params: { account } }).then((r) => r.data.contacts),
  });

export const contactQuery = (logname: string, tcid: number) =>
  queryOptions({
    queryKey: [C.getContact.path, logname, tcid],
    queryFn: () => call(C.getContact, { body: { logname, tcid } }).then((r) => r.data.contact),
    staleTime: 0,
  });

export const circuitsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.circuits.path, account],
    queryFn: () => call(C.circuits, { params: { account } }).then((r) => r.data.circuits),
  });

export const busAccountsQuery = (account: string) =>
  queryOptions({
    queryKey: [C.busAccounts.path, account],
    queryFn: () => call(C.busAccounts, { params: { account } }).then((r) => r.data.bus_accounts),
  });

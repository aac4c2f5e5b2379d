import * as C from '@portal/contract/admin/calls';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';

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

// Mutations, next to the queries they change (app/mutation.ts).

/**
 * Adds a contact: the account's contacts change. The screen goes back to the list once it has
 * been read again, so the new contact is in it.
 */
export const useAddContact = (config?: CallMutationConfig<typeof C.addContact>) =>
  useCallMutation(C.addContact, (_res, body) => [contactsQuery(body.logname).queryKey], config, {
    awaitRefetch: true,
  });

/** Changes a contact: the account's contacts change (read again before the screen leaves) and the contact itself. */
export const useUpdateContact = (config?: CallMutationConfig<typeof C.updateContact>) =>
  useCallMutation(C.updateContact, (_res, body) => [contactsQuery(body.logname).queryKey], config, {
    awaitRefetch: true,
    removes: (res, body) => [contactQuery(body.logname, res.data.contact.tcid).queryKey],
  });

/** Deletes a contact: the account's contacts change. */
export const useDeleteContact = (config?: CallMutationConfig<typeof C.deleteContact>) =>
  useCallMutation(C.deleteContact, (_res, body) => [contactsQuery(body.account).queryKey], config);

/**
 * Sets the account's dashboard admins. The answer is the new list of secondaries: it is written
 * to the list's cache entry rather than read again.
 */
export const useUpdateAdmins = (config?: CallMutationConfig<typeof C.updateAdmins>) =>
  useCallMutation(C.updateAdmins, () => [], config, {
    writes: (client, res, body) =>
      client.setQueryData(secondariesQuery(body.logname).queryKey, res.data.secondaries),
  });

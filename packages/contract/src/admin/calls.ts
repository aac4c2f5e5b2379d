import { z } from 'zod';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import { grantPassword, idNumber, logname, required } from '../rules.ts';
import { adminText } from './messages.ts';

/** Calls of account administration: secondaries, contacts, circuits, BUS accounts. */

// ---- secondary accounts -------------------------------------------------------------------

export const Secondary = z.object({
  logname: z.string(),
  uid: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  /** 9 Email, 2 Network Auth, otherwise Shell. */
  at_code: z.number(),
  /** The primary's uid while this secondary is a dashboard admin, else 0 (truthy means admin). */
  prime_uid: z.number(),
});
export type Secondary = z.infer<typeof Secondary>;

export const secondaries = defineCall({
  method: 'GET',
  path: '/api/secondaries/:user',
  params: z.object({ user: logname }),
  data: z.object({ secondaries: z.array(Secondary) }),
});

/** Comma-separated uids; blank means "no dashboard admins". Duplicates are dropped. */
export const adminUids = z
  .string({ error: adminText.adminsList })
  .max(2000)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .refine((list) => list.every((s) => /^\d{1,9}$/.test(s)), { error: adminText.adminsList })
  .transform((list) => [...new Set(list.map(Number))]);

export const updateAdmins = defineCall({
  method: 'POST',
  path: '/api/update-admins',
  body: z.object({ logname, admins: adminUids, password: grantPassword }),
  data: z.object({ secondaries: z.array(Secondary) }),
});

// ---- contacts ---------------------------------------------------------------------------

/** A contact flag: '1' or '0' (booleans and 0/1 are accepted and stored as the strings). */
export const flag = z.preprocess(
  (v) => (v === true || v === 1 ? '1' : v === false || v === 0 || v === undefined || v === null ? '0' : v),
  z.enum(['0', '1'], { error: commonText.invalid }),
);

export const Contact = z.object({
  tcid: z.number(),
  contact: z.string(),
  contact_info: z.string(),
  restricted: z.string(),
  technical: z.string(),
  billing: z.string(),
  restriction: z.string(),
});
export type Contact = z.infer<typeof Contact>;

/**
 * The fields of the add and edit forms. The spec requires info and restriction; the name is
 * required too (a contact is listed and sorted by it — see docs/areas/admin.md).
 */
export const ContactFields = z.object({
  contact: required().pipe(z.string().max(100, { error: 'At most 100 characters' })),
  info: required().pipe(z.string().max(2000, { error: 'At most 2000 characters' })),
  restricted: flag,
  technical: flag,
  billing: flag,
  restriction: required().pipe(z.string().max(2000, { error: 'At most 2000 characters' })),
});
export type ContactFields = z.input<typeof ContactFields>;

export const contacts = defineCall({
  method: 'GET',
  path: '/api/contacts/:account',
  params: z.object({ account: logname }),
  data: z.object({ contacts: z.array(Contact) }),
});

export const addContact = defineCall({
  method: 'POST',
  path: '/api/add-contact',
  body: ContactFields.extend({ logname }),
  data: z.object({ contact: Contact }),
});

export const getContact = defineCall({
  method: 'POST',
  path: '/api/get-contact',
  body: z.object({ logname, tcid: idNumber }),
  data: z.object({ contact: Contact }),
});

export const updateContact = defineCall({
  method: 'POST',
  path: '/api/update-contact',
  body: ContactFields.extend({ logname, tcid: idNumber }),
  data: z.object({ contact: Contact }),
});

export const deleteContact = defineCall({
  method: 'POST',
  path: '/api/delete-contact',
  body: z.object({ id: idNumber, account: logname }),
  data: z.object({ tcid: z.number(), contact: z.string() }),
});

// ---- circuits and BUS accounts ----------------------------------------------------------

export const Circuit = z.object({
  uid: z.number(),
  loc_name: z.string(),
  addr1: z.string(),
  addr2: z.string(),
  provider: z.string(),
  speed: z.string(),
  /** YYYYMMDD, or a shorter value shown as it is. */
  active_date: z.string(),
});
export type Circuit = z.infer<typeof Circuit>;

export const circuits = defineCall({
  method: 'GET',
  path: '/api/circuits/:account',
  params: z.object({ account: logname }),
  data: z.object({ circuits: z.array(Circuit) }),
});

export const BusAccount = z.object({
  uid: z.number(),
  account: z.string(),
  plan: z.string(),
  /** GB */
  total_quota: z.number(),
  percent_used: z.number(),
  active_files: z.number(),
  retained_files: z.number(),
  comment: z.string(),
});
export type BusAccount = z.infer<typeof BusAccount>;

export const busAccounts = defineCall({
  method: 'GET',
  path: '/api/bus-accounts/:account',
  params: z.object({ account: logname }),
  data: z.object({ bus_accounts: z.array(BusAccount) }),
});

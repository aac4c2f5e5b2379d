import { must } from '@portal/contract/must';
import type { BusAccount, Circuit, Contact, ContactFields, Secondary } from '@portal/contract/admin/calls';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { accounts, busAccounts, circuits, contacts } from '../../db/schema.ts';

/** Queries of account administration. Every object is read and written together with its owner. */

export async function listSecondaries(db: Db, primary: string, primaryUid: number): Promise<Secondary[]> {
  const rows = await db
    .select({
      logname: accounts.logname,
      uid: accounts.uid,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      atCode: accounts.atCode,
      dashboardAdmin: accounts.dashboardAdmin,
    })
    .from(accounts)
    .where(and(eq(accounts.primary, primary), eq(accounts.accountRole, 'Secondary')))
    .orderBy(asc(accounts.logname));
  return rows.map((r) => ({
    logname: r.logname,
    uid: r.uid,
    first_name: r.firstName,
    last_name: r.lastName,
    at_code: r.atCode,
    prime_uid: r.dashboardAdmin ? primaryUid : 0,
  }));
}

/** Of `uids`, those that are secondaries of `primary`. */
export async function ownSecondaryUids(db: Db, primary: string, uids: number[]): Promise<number[]> {
  if (uids.length === 0) return [];
  const rows = await db
    .select({ uid: accounts.uid })
    .from(accounts)
    .where(
      and(eq(accounts.primary, primary), eq(accounts.accountRole, 'Secondary'), inArray(accounts.uid, uids)),
    );
  return rows.map((r) => r.uid);
}

/** Makes exactly `uids` the dashboard admins among the secondaries of `primary`. */
export async function setDashboardAdmins(db: Db, primary: string, uids: number[]): Promise<void> {
  const own = and(eq(accounts.primary, primary), eq(accounts.accountRole, 'Secondary'));
  await db.update(accounts).set({ dashboardAdmin: false }).where(own);
  if (uids.length > 0)
    await db
      .update(accounts)
      .set({ dashboardAdmin: true })
      .where(and(own, inArray(accounts.uid, uids)));
}

const contactColumns = {
  tcid: contacts.tcid,
  contact: contacts.contact,
  contact_info: contacts.contactInfo,
  restricted: contacts.restricted,
  technical: contacts.technical,
  billing: contacts.billing,
  restriction: contacts.restriction,
};

export function listContacts(db: Db, owner: string): Promise<Contact[]> {
  return db
    .select(contactColumns)
    .from(contacts)
    .where(eq(contacts.owner, owner))
    .orderBy(asc(contacts.contact), asc(contacts.tcid));
}

export async function findContact(db: Db, owner: string, tcid: number): Promise<Contact | undefined> {
  const [row] = await db
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.tcid, tcid), eq(contacts.owner, owner)))
    .limit(1);
  return row;
}

type Fields = z.output<typeof ContactFields>;
const toColumns = (f: Fields) => ({
  contact: f.contact,
  contactInfo: f.info,
  restricted: f.restricted,
  technical: f.technical,
  billing: f.billing,
  restriction: f.restriction,
});

export async function insertContact(db: Db, owner: string, f: Fields): Promise<Contact> {
  const [row] = await db
    .insert(contacts)
    .values({ owner, ...toColumns(f) })
    .returning(contactColumns);
  return must(row, 'the contact just written');
}

export async function updateContact(
  db: Db,
  owner: string,
  tcid: number,
  f: Fields,
): Promise<Contact | undefined> {
  const [row] = await db
    .update(contacts)
    .set(toColumns(f))
    .where(and(eq(contacts.tcid, tcid), eq(contacts.owner, owner)))
    .returning(contactColumns);
  return row;
}

export async function deleteContact(
  db: Db,
  owner: string,
  tcid: number,
): Promise<{ tcid: number; contact: string } | undefined> {
  const [row] = await db
    .delete(contacts)
    .where(and(eq(contacts.tcid, tcid), eq(contacts.owner, owner)))
    .returning({ tcid: contacts.tcid, contact: contacts.contact });
  return row;
}

export function listCircuits(db: Db, owner: string): Promise<Circuit[]> {
  return db
    .select({
      uid: circuits.uid,
      loc_name: circuits.locName,
      addr1: circuits.addr1,
      addr2: circuits.addr2,
      provider: circuits.provider,
      speed: circuits.speed,
      active_date: circuits.activeDate,
    })
    .from(circuits)
    .where(eq(circuits.owner, owner))
    .orderBy(asc(circuits.locName));
}

export function listBusAccounts(db: Db, owner: string): Promise<BusAccount[]> {
  return db
    .select({
      uid: busAccounts.uid,
      account: busAccounts.account,
      plan: busAccounts.plan,
      total_quota: busAccounts.totalQuota,
      percent_used: busAccounts.percentUsed,
      active_files: busAccounts.activeFiles,
      retained_files: busAccounts.retainedFiles,
      comment: busAccounts.comment,
    })
    .from(busAccounts)
    .where(eq(busAccounts.owner, owner))
    .orderBy(asc(busAccounts.account));
}

import { noticeText } from '@portal/contract/notifications/messages';
import type { NoticeCategory } from '@portal/contract/notifications/categories';
import { LOCKED_CATEGORIES, type NoticeSendTo } from '@portal/contract/notifications/calls';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { isLanguage, type Language } from '@portal/contract/i18n/languages';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { SecretBox } from '../auth/secret-box.ts';
import type { Db } from '../db/index.ts';
import { accounts, type MailAttachmentRef, noticePreferences, recoveryEmails } from '../db/schema.ts';
import type { Outbox } from '../integrations/mailer.ts';

/** A mail to a customer about their account: reminders, notices, receipts. */
export interface CustomerMail {
  account: string;
  category: NoticeCategory;
  /** The outbox kind, e.g. `notices.domain-expiring` (metrics and the activity list read it). */
  kind: string;
  /**
   * The mail's subject and body in a language: mailCustomer calls it with the account's language
   * (accounts.language, English when none), so no mail can forget it
   * (docs/decisions/117-mails-in-the-account-language.md).
   */
  write: (language: Language) => { subject: string; body: string };
  /** Sent whatever the preferences say (receipts, security): no unsubscribe link. */
  essential?: boolean;
  /** Documents to attach (an invoice's PDF), made when the mail is delivered. */
  attachments?: MailAttachmentRef[];
}

/** What customer mail needs of the portal's configuration: set once per app (app/deps.ts). */
export interface CustomerMailSettings {
  /** The portal's public address (PORTAL_PUBLIC_URL): unsubscribe links point there. */
  publicUrl: string;
  /** The customers' mailbox domain: the account's own address is logname@it. */
  mailboxDomain: string;
  /** Signs the unsubscribe tokens. */
  box: SecretBox;
}

const settingsOf = new WeakMap<Outbox, CustomerMailSettings>();

/** Ties the settings to the app's outbox: mailCustomer reads them from the outbox it is given. */
export function configureCustomerMail(outbox: Outbox, settings: CustomerMailSettings): void {
  settingsOf.set(outbox, settings);
}

function settings(outbox: Outbox): CustomerMailSettings {
  const s = settingsOf.get(outbox);
  if (!s) throw new Error('customer mail is not configured for this outbox (configureCustomerMail)');
  return s;
}

/**
 * The one way a mail to a customer is queued: in the caller's transaction, through the outbox, to
 * the addresses the account's preferences name for the mail's category
 * (docs/decisions/055-notification-preferences.md). A mail that is not essential carries a
 * one-click unsubscribe for its category (RFC 8058 headers and a line in the body). Security mail
 * and essential mail ignore the preferences: security goes to the bill address and every confirmed
 * recovery address, other essential mail to the bill address. Returns how many messages were
 * queued (0 when the customer turned the category off or has no address).
 */
export async function mailCustomer(outbox: Outbox, db: Db, mail: CustomerMail): Promise<number> {
  const s = settings(outbox);
  const essential = mail.essential === true || LOCKED_CATEGORIES.has(mail.category);
  const to = await addressesFor(db, s, mail.account, mail.category, essential);
  if (to.length === 0) return 0;
  const language = await languageOf(db, mail.account);
  const written = mail.write(language);
  let body = written.body;
  let headers: Record<string, string> | undefined;
  if (!essential) {
    const url = unsubscribeUrl(s, mail.account, mail.category);
    const words = inLanguage(noticeText, language);
    const line = words.unsubscribeLine(words.categories[mail.category], url);
    body = `${written.body}\n\n--\n${line}`;
    headers = { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
  for (const address of to) {
    await outbox.send(db, {
      kind: mail.kind,
      account: mail.account,
      to: address,
      subject: written.subject,
      body,
      headers,
      attachments: mail.attachments,
    });
  }
  return to.length;
}

/** The language the account's mail is written in: its own, English when it has none. */
export async function languageOf(db: Db, logname: string): Promise<Language> {
  const [row] = await db
    .select({ language: accounts.language })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  return isLanguage(row?.language) ? row.language : 'en';
}

/** Where a category goes for an account: its row, or the bill address when it has none. */
export async function sendToOf(db: Db, logname: string, category: NoticeCategory): Promise<NoticeSendTo> {
  if (LOCKED_CATEGORIES.has(category)) return 'bill';
  const [row] = await db
    .select({ sendTo: noticePreferences.sendTo })
    .from(noticePreferences)
    .where(and(eq(noticePreferences.owner, logname), eq(noticePreferences.category, category)))
    .limit(1);
  const value = row?.sendTo;
  return value === 'own' || value === 'both' || value === 'off' ? value : 'bill';
}

/** A category's choice: where it goes, and the copies (docs/decisions/106-customer-mail-routing.md). */
export interface NoticeChoice {
  sendTo: NoticeSendTo;
  /** A Secondary account of the account, whose bill address gets a copy. */
  copySecondary: string | null;
  /** The id of a confirmed recovery address of the account that gets a copy. */
  copyRecovery: number | null;
}

/** The account's choice for a category (the defaults when it has made none). */
export async function choiceOf(db: Db, logname: string, category: NoticeCategory): Promise<NoticeChoice> {
  const [row] = await db
    .select({ copySecondary: noticePreferences.copySecondary, copyRecovery: noticePreferences.copyRecovery })
    .from(noticePreferences)
    .where(and(eq(noticePreferences.owner, logname), eq(noticePreferences.category, category)))
    .limit(1);
  return {
    sendTo: await sendToOf(db, logname, category),
    copySecondary: row?.copySecondary ?? null,
    copyRecovery: row?.copyRecovery ?? null,
  };
}

/** Sets a category's choice; the caller has checked the copies are the account's own. */
export async function setChoice(
  db: Db,
  owner: string,
  category: NoticeCategory,
  choice: NoticeChoice,
  now: Date,
): Promise<void> {
  const set = {
    sendTo: choice.sendTo,
    copySecondary: choice.copySecondary,
    copyRecovery: choice.copyRecovery,
  };
  await db
    .insert(noticePreferences)
    .values({ owner, category, ...set, updatedAt: now })
    .onConflictDoUpdate({
      target: [noticePreferences.owner, noticePreferences.category],
      set: { ...set, updatedAt: now },
    });
}

/** The account's Secondary accounts with their bill addresses ('' for none): the copies it may name. */
export async function secondariesOf(
  db: Db,
  logname: string,
): Promise<Array<{ logname: string; address: string }>> {
  const rows = await db
    .select({ logname: accounts.logname, address: accounts.billEmail })
    .from(accounts)
    .where(and(eq(accounts.primary, logname), ne(accounts.logname, logname)))
    .orderBy(accounts.logname);
  return rows;
}

/** The account's confirmed recovery addresses: the other copies it may name. */
export async function confirmedRecoveryOf(
  db: Db,
  logname: string,
): Promise<Array<{ id: number; address: string }>> {
  return db
    .select({ id: recoveryEmails.id, address: recoveryEmails.contactInfo })
    .from(recoveryEmails)
    .where(and(eq(recoveryEmails.owner, logname), isNotNull(recoveryEmails.confirmedAt)))
    .orderBy(recoveryEmails.id);
}

/** The addresses a category's copies go to, each looked up with the account as its owner. */
async function copyAddresses(db: Db, logname: string, choice: NoticeChoice): Promise<string[]> {
  const out: string[] = [];
  if (choice.copySecondary) {
    const secondary = (await secondariesOf(db, logname)).find((s) => s.logname === choice.copySecondary);
    if (secondary) out.push(secondary.address);
  }
  if (choice.copyRecovery !== null) {
    const contact = (await confirmedRecoveryOf(db, logname)).find((r) => r.id === choice.copyRecovery);
    if (contact) out.push(contact.address);
  }
  return out;
}

/** Sets where a category goes, keeping its copies (security is refused by the caller, before this). */
export async function setSendTo(
  db: Db,
  owner: string,
  category: NoticeCategory,
  sendTo: NoticeSendTo,
  now: Date,
): Promise<void> {
  await db
    .insert(noticePreferences)
    .values({ owner, category, sendTo, updatedAt: now })
    .onConflictDoUpdate({
      target: [noticePreferences.owner, noticePreferences.category],
      set: { sendTo, updatedAt: now },
    });
}

/** The account's bill address ('' when it has none), or null when there is no such account. */
export async function billEmailOf(db: Db, logname: string): Promise<string | null> {
  const [row] = await db
    .select({ billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  return row ? row.billEmail : null;
}

/** The addresses a mail of this category goes to, lower-cased, once each. */
async function addressesFor(
  db: Db,
  s: CustomerMailSettings,
  logname: string,
  category: NoticeCategory,
  essential: boolean,
): Promise<string[]> {
  const bill = await billEmailOf(db, logname);
  if (bill === null) return [];
  const all: string[] = [];
  if (essential) {
    all.push(bill);
    if (category === 'security') {
      const recovery = await db
        .select({ email: recoveryEmails.contactInfo })
        .from(recoveryEmails)
        .where(and(eq(recoveryEmails.owner, logname), isNotNull(recoveryEmails.confirmedAt)));
      all.push(...recovery.map((r) => r.email));
    }
  } else {
    // `off` stops the copies too: the unsubscribe link in a copy turns the category off.
    const choice = await choiceOf(db, logname, category);
    if (choice.sendTo === 'bill' || choice.sendTo === 'both') all.push(bill);
    if (choice.sendTo === 'own' || choice.sendTo === 'both') all.push(ownAddress(s, logname));
    if (choice.sendTo !== 'off') all.push(...(await copyAddresses(db, logname, choice)));
  }
  const clean = all.map((a) => a.trim().toLowerCase()).filter((a) => a.includes('@'));
  return [...new Set(clean)];
}

/** The account's own mailbox address. */
export const ownAddress = (s: Pick<CustomerMailSettings, 'mailboxDomain'>, logname: string) =>
  `${logname}@${s.mailboxDomain}`;

const MAC_PURPOSE = 'unsubscribe:';

/**
 * An unsubscribe token: the account (base64url), the category and a keyed MAC of both under the
 * portal's secret. Anyone holding it may turn off that category of that account and nothing else;
 * it cannot be made for another account or category without the secret (docs/security.md).
 */
export function unsubscribeToken(box: SecretBox, logname: string, category: NoticeCategory): string {
  const mac = Buffer.from(box.mac(MAC_PURPOSE, `${logname}\n${category}`), 'hex').toString('base64url');
  return `${Buffer.from(logname, 'utf8').toString('base64url')}.${category}.${mac}`;
}

/** The account and category a token names, or null when it is not one this portal signed. */
export function readUnsubscribeToken(
  box: SecretBox,
  token: string,
  categories: readonly string[],
): { logname: string; category: NoticeCategory } | null {
  const [who, category, mac] = token.split('.');
  if (!who || !category || !mac || !categories.includes(category)) return null;
  const logname = Buffer.from(who, 'base64url').toString('utf8');
  const expected = unsubscribeToken(box, logname, category as NoticeCategory);
  return box.same(expected, token) ? { logname, category: category as NoticeCategory } : null;
}

export const unsubscribeUrl = (s: CustomerMailSettings, logname: string, category: NoticeCategory) =>
  `${s.publicUrl}/api/unsubscribe/${unsubscribeToken(s.box, logname, category)}`;

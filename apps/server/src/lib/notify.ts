import type { NoticeCategory } from '@portal/contract/notifications/categories';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accounts, type MailAttachmentRef } from '../db/schema.ts';
import type { Outbox } from '../integrations/mailer.ts';

/** A mail to a customer about their account: reminders, notices, receipts. */
export interface CustomerMail {
  account: string;
  category: NoticeCategory;
  /** The outbox kind, e.g. `notices.domain-expiring` (metrics and the activity list read it). */
  kind: string;
  subject: string;
  body: string;
  /** Sent whatever the preferences say (receipts, security): no unsubscribe link. */
  essential?: boolean;
  /** Documents to attach (an invoice's PDF), made when the mail is delivered. */
  attachments?: MailAttachmentRef[];
}

/**
 * The one way a mail to a customer is queued: in the caller's transaction, through the outbox, to
 * the addresses the account's preferences name for the mail's category. Returns how many messages
 * were queued (0 when the customer turned the category off or has no address).
 */
export async function mailCustomer(outbox: Outbox, db: Db, mail: CustomerMail): Promise<number> {
  const to = await addressesFor(db, mail.account);
  for (const address of to) {
    await outbox.send(db, {
      kind: mail.kind,
      account: mail.account,
      to: address,
      subject: mail.subject,
      body: mail.body,
      attachments: mail.attachments,
    });
  }
  return to.length;
}

/** Today: the account's bill address. */
async function addressesFor(db: Db, logname: string): Promise<string[]> {
  const [row] = await db
    .select({ billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  const address = row?.billEmail.trim() ?? '';
  return address.includes('@') ? [address] : [];
}

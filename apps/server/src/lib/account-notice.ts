import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { Language } from '@portal/contract/i18n/languages';
import { accountNoticeText } from '@portal/contract/notifications/mails';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { accounts, recoveryEmails } from '../db/schema.ts';
import type { Outbox } from '../integrations/mailer.ts';
import { languageOf } from './notify.ts';

/**
 * Tells an account's owner that who can reach or run the account changed: a password
 * change, a new recovery address, a new domain or dashboard admin. Mailed, through the outbox in
 * the caller's transaction, to the bill address and every confirmed recovery address, so that a
 * change made with a stolen session reaches the owner where the thief cannot silence it. The
 * text says what changed and by whom, never a password or a link that acts.
 */
export async function mailAccountNotice(
  outbox: Outbox,
  db: Db,
  notice: {
    account: string;
    kind: string;
    /**
     * The subject and lines in a language: called with the account's (English when none), which
     * the closing line is written in too (docs/decisions/117-mails-in-the-account-language.md).
     */
    write: (language: Language) => { subject: string; lines: string[] };
    /** Addresses not to tell (e.g. the new recovery address, which gets its own mail). */
    except?: string[];
  },
): Promise<number> {
  const to = await noticeAddresses(db, notice.account);
  const skip = new Set((notice.except ?? []).map((a) => a.trim().toLowerCase()));
  const language = await languageOf(db, notice.account);
  const written = notice.write(language);
  const closing = inLanguage(accountNoticeText, language).closing;
  let sent = 0;
  for (const address of to) {
    if (skip.has(address)) continue;
    await outbox.send(db, {
      kind: notice.kind,
      account: notice.account,
      to: address,
      subject: written.subject,
      body: [...written.lines, '', closing].join('\n'),
    });
    sent++;
  }
  return sent;
}

/** The bill address and the confirmed recovery addresses of an account, lower-cased, once each. */
async function noticeAddresses(db: Db, logname: string): Promise<string[]> {
  const [acct] = await db
    .select({ billEmail: accounts.billEmail })
    .from(accounts)
    .where(eq(accounts.logname, logname))
    .limit(1);
  const recovery = await db
    .select({ email: recoveryEmails.contactInfo })
    .from(recoveryEmails)
    .where(and(eq(recoveryEmails.owner, logname), isNotNull(recoveryEmails.confirmedAt)));
  const all = [acct?.billEmail ?? '', ...recovery.map((r) => r.email)]
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a.includes('@'));
  return [...new Set(all)];
}

import * as C from '@portal/contract/mail/calls';
import { MM } from '@portal/contract/mail/messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, recoveryEmails } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { missing } from '../../auth/policy.ts';
import { conflict, refused } from '../../lib/errors.ts';

/**
 * Recovery Contacts: the addresses a password reset may be sent to (the account area reads
 * recovery_emails). Stored trimmed and lower-cased, so a reset request matches them exactly.
 */
export function recoveryRoutes(app: FastifyInstance): void {
  route(app, C.getRecoveryEmails, {
    access: { account: ({ params }) => params.user },
    handler: async ({ db, account }) => {
      const rows = await db
        .select({ id: recoveryEmails.id, uid: accounts.uid, contact_info: recoveryEmails.contactInfo })
        .from(recoveryEmails)
        .innerJoin(accounts, eq(accounts.logname, recoveryEmails.owner))
        .where(eq(recoveryEmails.owner, account!.logname))
        .orderBy(asc(recoveryEmails.contactInfo));
      return { email_list: rows };
    },
  });

  route(app, C.addRecoveryEmail, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body }) => {
      const owner = account!.logname;
      const email = body.email.toLowerCase();
      // Serialise adds of one account so the limit holds under concurrent requests.
      await db
        .select({ l: accounts.logname })
        .from(accounts)
        .where(eq(accounts.logname, owner))
        .for('update');
      const [{ n }] = await db
        .select({ n: count() })
        .from(recoveryEmails)
        .where(eq(recoveryEmails.owner, owner));
      if (n >= C.MAX_RECOVERY_EMAILS) throw refused(MM.recoveryLimit(C.MAX_RECOVERY_EMAILS));
      const [row] = await db
        .insert(recoveryEmails)
        .values({ owner, contactInfo: email })
        .onConflictDoNothing()
        .returning({ id: recoveryEmails.id, contact_info: recoveryEmails.contactInfo });
      if (!row) throw conflict(MM.recoveryExists(email));
      return new Answer({ ...row, uid: account!.uid }, MM.added(email));
    },
  });

  route(app, C.deleteRecoveryEmail, {
    access: { account: ({ body }) => body.account },
    handler: async ({ db, account, body, caller }) => {
      const [row] = await db
        .delete(recoveryEmails)
        .where(and(eq(recoveryEmails.id, body.id), eq(recoveryEmails.owner, account!.logname)))
        .returning({ id: recoveryEmails.id, contact_info: recoveryEmails.contactInfo });
      if (!row) throw missing(caller, MM.recoveryNotFound);
      return new Answer({ id: row.id }, MM.deleted);
    },
  });
}

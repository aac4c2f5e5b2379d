import { randomBytes } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { accountNoticeText, customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import { Answer, route } from '../../http/route.ts';
import { isStaff, missing } from '../../auth/policy.ts';
import { mailAccountNotice } from '../../lib/account-notice.ts';
import { conflict, refused } from '../../lib/errors.ts';
import { languageOf } from '../../lib/notify.ts';
import { hashToken } from './confirm.ts';
import {
  deleteRecoveryEmail,
  insertRecoveryEmail,
  lockAccount,
  recoveryCountOf,
  recoveryEmailsOf,
} from './repository.ts';
import { textsFor } from '../../http/language.ts';

/**
 * Recovery Contacts: the addresses a password reset may be sent to (the account area reads
 * recovery_emails). Stored trimmed and lower-cased, so a reset request matches them exactly.
 * Adding one needs the caller's current password (route option `grant`), and the address counts
 * only once it has followed its confirmation link (confirm.ts); the owner's other addresses are told.
 */
export function recoveryRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.getRecoveryEmails, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ params }) => params.user },
    handler: async ({ db, account }) => {
      const rows = await recoveryEmailsOf(db, account.logname);
      return {
        email_list: rows.map(({ usableAfter, ...row }) => ({
          ...row,
          usable_after: usableAfter ? usableAfter.toISOString() : null,
        })),
      };
    },
  });

  route(app, C.addRecoveryEmail, {
    access: { account: ({ body }) => body.logname },
    grant: true,
    limit: 'grant',
    handler: async ({ db, account, body, caller, auditDetails, req }) => {
      const owner = account.logname;
      const email = body.email.toLowerCase();
      // Serialise adds of one account so the limit holds under concurrent requests.
      await lockAccount(db, owner);
      if ((await recoveryCountOf(db, owner)) >= C.MAX_RECOVERY_EMAILS)
        throw refused(textsFor(req, mailText).recoveryLimit(C.MAX_RECOVERY_EMAILS));
      // Pending until the address follows its link: a thief's address gets no reset before the
      // owner has been told (below) and had the chance to remove it.
      const token = randomBytes(24).toString('base64url');
      const now = deps.now();
      // Staff may not make a way into a customer's account on their own say: an address they add
      // waits out a cooling-off period the customer is told of and may cancel by removing it
      // (docs/decisions/032-staff-made-recovery-addresses.md).
      const byStaff = isStaff(caller) && caller.username !== owner;
      const usableAfter = byStaff
        ? new Date(now.getTime() + C.STAFF_RECOVERY_COOLING_DAYS * 86_400_000)
        : null;
      const row = await insertRecoveryEmail(db, {
        owner,
        contactInfo: email,
        confirmedAt: null,
        tokenHash: hashToken(token),
        tokenExpiresAt: new Date(now.getTime() + C.CONFIRM_LINK_HOURS * 3600_000),
        usableAfter,
      });
      if (!row) throw conflict(textsFor(req, mailText).recoveryExists(email));
      // Not mailCustomer: the link confirms THIS address, so it goes to it, whatever the account's
      // notification preferences say (docs/decisions/106-customer-mail-routing.md). In the
      // account's language, as mailCustomer writes.
      const confirm = inLanguage(customerMailText, await languageOf(db, owner));
      await deps.outbox.send(db, {
        kind: 'recovery.confirm',
        account: owner,
        to: email,
        subject: confirm.recoveryConfirmSubject,
        body: confirm.recoveryConfirmBody(
          email,
          owner,
          C.CONFIRM_LINK_HOURS,
          `${deps.config.publicUrl}/api/confirm-address/${token}`,
        ),
      });
      await mailAccountNotice(deps.outbox, db, {
        account: owner,
        kind: 'notice.recovery-added',
        write: (language) => {
          const text = inLanguage(accountNoticeText, language);
          return {
            subject: text.recoveryAddedSubject(owner),
            lines: [
              text.recoveryAdded(email, owner, caller.username),
              text.recoveryAddedThen,
              ...(byStaff
                ? [
                    '',
                    inLanguage(mailText, language).recoveryStaffAdded(C.STAFF_RECOVERY_COOLING_DAYS),
                    `${deps.config.publicUrl}/portal/recovery-contacts`,
                  ]
                : []),
            ],
          };
        },
        except: [email],
      });
      if (byStaff) auditDetails.usable_after = usableAfter?.toISOString();
      return new Answer(
        { ...row, uid: account.uid, confirmed: false, usable_after: usableAfter?.toISOString() ?? null },
        textsFor(req, mailText).recoveryAddedPending(email),
      );
    },
  });

  route(app, C.deleteRecoveryEmail, {
    // Sign-ins and credentials are managed in a signed-in session: a personal access token is refused.
    session: 'interactive',
    access: { account: ({ body }) => body.account },
    handler: async ({ db, account, body, caller }) => {
      const row = await deleteRecoveryEmail(db, account.logname, body.id);
      if (!row) throw missing(caller, mailText.recoveryNotFound);
      return new Answer({ id: row.id }, mailText.deleted);
    },
  });
}

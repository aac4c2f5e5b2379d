import { randomBytes } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { messageFooter } from '@portal/contract/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { invalid } from '../../lib/errors.ts';
import { languageOf } from '../../lib/notify.ts';
import { hashToken } from './confirm.ts';
import { hasTempAliasNamed, insertAutoResponder, ownsDomainNamed } from './repository.ts';
import { textsFor } from '../../http/language.ts';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Auto-responder requests: stored (the vacation responder reads mail_vacation_rules, which
 * picks the newest request whose window is open) and mailed to the help desk in the same transaction.
 */
export function autoResponderRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.autoResponder, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body, caller, req }) => {
      const start = new Date(body.start);
      const end = new Date(body.end);
      if (end.getTime() <= deps.now().getTime())
        throw invalid(mailText.endInPast, { end: mailText.endInPast });
      const logname = account.logname;
      const operator = caller.username;
      const replyTo = body.reply_to.trim().toLowerCase();
      // The reply address becomes the From of the replies our mail servers send: only the
      // account's own addresses are taken at once; any other must confirm by link.
      const own = await isOwnAddress(db, logname, replyTo, deps.config);
      const token = own ? null : randomBytes(24).toString('base64url');
      const id = await insertAutoResponder(db, {
        owner: logname,
        startAt: start,
        endAt: end,
        message: body.message,
        instructions: body.instructions,
        replyTo: body.reply_to,
        operator,
        ...(token
          ? {
              confirmedAt: null,
              tokenHash: hashToken(token),
              tokenExpiresAt: new Date(deps.now().getTime() + C.CONFIRM_LINK_HOURS * 3600_000),
            }
          : {}),
      });
      await deps.outbox.send(db, {
        kind: 'auto-responder',
        to: deps.config.HELPDESK_EMAIL,
        account: logname,
        replyTo: body.reply_to,
        subject: `Auto-responder request for ${logname}`,
        body: [
          `Account: ${logname}`,
          `Start: ${utc(start)}`,
          `End: ${utc(end)}`,
          `Reply-to: ${body.reply_to}`,
          '',
          'Vacation message:',
          body.message,
          '',
          'Special instructions:',
          body.instructions || '(none)',
          '',
          token
            ? `The rule is pending (request #${id}): the reply address is not one of the account's own, and a confirmation link was sent to it. It becomes active in mail_vacation_rules once confirmed.`
            : `The rule is active in mail_vacation_rules from the start to the end (request #${id}).`,
          // What the mail servers do with it (docs/mail-servers.md), so the help desk knows what is left to do by hand.
          `It answers mail delivered to the mailbox ${logname}@${deps.config.MAILBOX_DOMAIN}, including mail to every alias that forwards there, except temporary aliases.`,
          '',
          messageFooter(operator, logname),
        ].join('\n'),
      });
      if (token) {
        // Not mailCustomer: the link confirms THIS reply address, so it goes to it, whatever the
        // account's notification preferences say (docs/decisions/106-customer-mail-routing.md). In
        // the account's language, as mailCustomer writes.
        const text = inLanguage(customerMailText, await languageOf(db, logname));
        await deps.outbox.send(db, {
          kind: 'auto-responder.confirm',
          account: logname,
          to: replyTo,
          subject: text.replyToConfirmSubject,
          body: text.replyToConfirmBody(
            logname,
            `${logname}@${deps.config.MAILBOX_DOMAIN}`,
            replyTo,
            utc(start),
            utc(end),
            C.CONFIRM_LINK_HOURS,
            `${deps.config.publicUrl}/api/confirm-address/${token}`,
          ),
        });
      }
      return new Answer(
        { id, start: start.toISOString(), end: end.toISOString(), confirmed: !token },
        token ? textsFor(req, mailText).replyToPending(replyTo) : mailText.autoResponderSent,
      );
    },
  });
}

/**
 * The account's own addresses: its mailbox, its temporary aliases, and any address at one of its
 * domains (aliases and catch-alls there are the owner's to define). A Secondary's domains are
 * its primary's, which it does not run: only its mailbox and temporary aliases count.
 */
async function isOwnAddress(
  db: Db,
  logname: string,
  address: string,
  config: { MAILBOX_DOMAIN: string; TEMP_EMAIL_DOMAIN: string },
): Promise<boolean> {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (domain === config.MAILBOX_DOMAIN.toLowerCase()) return local === logname.toLowerCase();
  if (domain === config.TEMP_EMAIL_DOMAIN.toLowerCase()) {
    return hasTempAliasNamed(db, logname, local);
  }
  return ownsDomainNamed(db, logname, domain);
}

import * as C from '@portal/contract/mail/calls';
import { MM } from '@portal/contract/mail/messages';
import { messageFooter } from '@portal/contract/messages';
import type { FastifyInstance } from 'fastify';
import { autoResponders } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';
import { invalid } from '../../lib/errors.ts';

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Auto-responder requests: stored (the vacation responder reads mail_vacation_rules, which
 * picks the newest request whose window is open) and mailed to the help desk in the same transaction.
 */
export function autoResponderRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.autoResponder, {
    access: { account: ({ body }) => body.logname },
    handler: async ({ db, account, body, caller }) => {
      const start = new Date(body.start);
      const end = new Date(body.end);
      if (end.getTime() <= deps.now().getTime()) throw invalid(MM.endInPast, { end: MM.endInPast });
      const logname = account!.logname;
      const operator = caller!.username;
      const [row] = await db
        .insert(autoResponders)
        .values({
          owner: logname,
          startAt: start,
          endAt: end,
          message: body.message,
          instructions: body.instructions,
          replyTo: body.reply_to,
          operator,
        })
        .returning({ id: autoResponders.id });
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
          `The rule is active in mail_vacation_rules from the start to the end (request #${row.id}).`,
          // What the mail servers do with it (docs/mail-servers.md), so the help desk knows what is left to do by hand.
          `It answers mail delivered to the mailbox ${logname}@${deps.config.MAILBOX_DOMAIN}, including mail to every alias that forwards there, except temporary aliases.`,
          '',
          messageFooter(operator, logname),
        ].join('\n'),
      });
      return new Answer(
        { id: row.id, start: start.toISOString(), end: end.toISOString() },
        MM.autoResponderSent,
      );
    },
  });
}

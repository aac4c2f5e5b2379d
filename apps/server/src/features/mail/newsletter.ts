import { createHash, randomBytes } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { customerMailText } from '@portal/contract/notifications/mails';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { Answer, route } from '../../http/route.ts';
import { languageOf } from '../../lib/notify.ts';
import { formPostRoutes, sendLinkPage } from './link-page.ts';
import {
  confirmSubscription,
  insertSubscription,
  lockedSubscriptionOf,
  pendingSubscriptionAddress,
  renewSubscriptionLink,
} from './repository.ts';
import { callerLanguage, textsFor } from '../../http/language.ts';

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** A pending address is mailed again at most this often, so the form cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 10 * 60_000;

/**
 * Subscribe to the Portal (the monthly newsletter): double opt-in. The address is stored as
 * pending and mailed a confirmation link (through the outbox); the link confirms it. A repeated
 * subscription is answered kindly: confirmed stays confirmed, pending gets the link again.
 */
export function newsletterRoutes(app: FastifyInstance): void {
  const { deps } = app;

  // Not mailCustomer: the link confirms THIS address, so it goes to it, whatever the account's
  // notification preferences say (docs/decisions/106-customer-mail-routing.md). In the account's
  // language, as mailCustomer writes.
  const confirmationMail = async (db: Db, email: string, token: string, account: string) => {
    const text = inLanguage(customerMailText, await languageOf(db, account));
    return {
      kind: 'newsletter.confirm',
      to: email,
      account,
      subject: text.newsletterConfirmSubject,
      body: text.newsletterConfirmBody(
        account,
        email,
        `${deps.config.publicUrl}/api/subscribe-portal/confirm/${token}`,
        deps.config.LINK_NEWSLETTERS,
      ),
    };
  };

  route(app, C.subscribePortal, {
    access: { account: ({ body }) => body.logname },
    limit: 'subscribe',
    handler: async ({ db, account, body, req }) => {
      const email = body.email.toLowerCase();
      const now = deps.now();
      const token = randomBytes(24).toString('base64url');
      const existing = await lockedSubscriptionOf(db, email);
      if (existing?.confirmedAt) {
        return new Answer(
          { email, state: 'confirmed', mailed: false },
          textsFor(req, mailText).alreadySubscribed(email),
        );
      }
      if (existing) {
        if (now.getTime() - existing.updatedAt.getTime() < RESEND_AFTER_MS) {
          return new Answer(
            { email, state: 'pending', mailed: false },
            textsFor(req, mailText).confirmResent(email),
          );
        }
        await renewSubscriptionLink(db, existing.id, hashToken(token), now);
        await deps.outbox.send(db, await confirmationMail(db, email, token, account.logname));
        return new Answer(
          { email, state: 'pending', mailed: true },
          textsFor(req, mailText).confirmResent(email),
        );
      }
      const written = await insertSubscription(db, {
        owner: account.logname,
        email,
        tokenHash: hashToken(token),
        createdAt: now,
        updatedAt: now,
      });
      // A concurrent request for the same address won: it sent the link.
      if (!written)
        return new Answer(
          { email, state: 'pending', mailed: false },
          textsFor(req, mailText).confirmResent(email),
        );
      await deps.outbox.send(db, await confirmationMail(db, email, token, account.logname));
      return new Answer(
        { email, state: 'pending', mailed: true },
        textsFor(req, mailText).confirmSent(email),
      );
    },
  });

  const home = () => `${deps.config.publicUrl}/portal/`;
  // The link's page is read in the browser's language, all of it.
  const invalid = (texts: typeof mailText) => ({
    title: 'The Portal',
    text: texts.confirmLinkInvalid,
    home: home(),
  });
  // Opening the link (HEAD or GET, as mail scanners do) only shows the page; its button confirms.
  route(app, C.confirmPortal, {
    access: 'public',
    audit: false,
    handler: async ({ db, params, reply, req }) => {
      const email = await pendingSubscriptionAddress(db, hashToken(params.token));
      const texts = textsFor(req, mailText);
      const ask = email !== undefined && {
        title: texts.confirmSubscriptionTitle,
        text: texts.confirmSubscriptionAsk(email),
        home: home(),
        button: true,
      };
      sendLinkPage(reply, ask ? 200 : 404, ask || invalid(texts), callerLanguage(req));
      return { email: email ?? '' };
    },
  });

  formPostRoutes(app, (scope) =>
    route(scope, C.confirmPortalSubmit, {
      access: 'public',
      // One statement: it is its own transaction, and the page is sent only after it committed.
      transaction: false,
      audit: false,
      handler: async ({ db, params, reply, req }) => {
        const email = await confirmSubscription(db, hashToken(params.token), deps.now());
        const texts = textsFor(req, mailText);
        const done = email !== undefined && {
          title: texts.subscribedTitle,
          text: texts.subscriptionConfirmed(email),
          home: home(),
        };
        sendLinkPage(reply, done ? 200 : 404, done || invalid(texts), callerLanguage(req));
        return { email: email ?? '' };
      },
    }),
  );
}

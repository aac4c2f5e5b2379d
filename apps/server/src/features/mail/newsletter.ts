import { createHash, randomBytes } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { newsletterSubscriptions } from '../../db/schema.ts';
import { Answer, route } from '../../http/route.ts';

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

  const confirmationMail = (email: string, token: string, account: string) => ({
    kind: 'newsletter.confirm',
    to: email,
    account,
    subject: 'Please confirm your subscription to the Portal',
    body: [
      'Hello,',
      '',
      `Someone (account ${account}) asked to subscribe ${email} to the Portal, our monthly newsletter.`,
      'To confirm the subscription, open this link:',
      '',
      `${deps.config.publicUrl}/api/subscribe-portal/confirm/${token}`,
      '',
      'If you did not ask for it, ignore this message: nothing will be sent to you.',
      `Past issues: ${deps.config.LINK_NEWSLETTERS}`,
    ].join('\n'),
  });

  route(app, C.subscribePortal, {
    access: { account: ({ body }) => body.logname },
    limit: 'subscribe',
    handler: async ({ db, account, body }) => {
      const email = body.email.toLowerCase();
      const now = deps.now();
      const token = randomBytes(24).toString('base64url');
      const [existing] = await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email))
        .for('update')
        .limit(1);
      if (existing?.confirmedAt) {
        return new Answer({ email, state: 'confirmed', mailed: false }, mailText.alreadySubscribed(email));
      }
      if (existing) {
        if (now.getTime() - existing.updatedAt.getTime() < RESEND_AFTER_MS) {
          return new Answer({ email, state: 'pending', mailed: false }, mailText.confirmResent(email));
        }
        await db
          .update(newsletterSubscriptions)
          .set({ tokenHash: hashToken(token), updatedAt: now })
          .where(eq(newsletterSubscriptions.id, existing.id));
        await deps.outbox.send(db, confirmationMail(email, token, account.logname));
        return new Answer({ email, state: 'pending', mailed: true }, mailText.confirmResent(email));
      }
      const [row] = await db
        .insert(newsletterSubscriptions)
        .values({
          owner: account.logname,
          email,
          tokenHash: hashToken(token),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      // A concurrent request for the same address won: it sent the link.
      if (!row) return new Answer({ email, state: 'pending', mailed: false }, mailText.confirmResent(email));
      await deps.outbox.send(db, confirmationMail(email, token, account.logname));
      return new Answer({ email, state: 'pending', mailed: true }, mailText.confirmSent(email));
    },
  });

  route(app, C.confirmPortal, {
    access: 'public',
    // One statement: it is its own transaction, and the page is sent only after it committed.
    transaction: false,
    audit: false,
    handler: async ({ db, params, reply }) => {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ confirmedAt: deps.now(), tokenHash: null, updatedAt: deps.now() })
        .where(
          and(
            eq(newsletterSubscriptions.tokenHash, hashToken(params.token)),
            isNull(newsletterSubscriptions.confirmedAt),
          ),
        )
        .returning({ email: newsletterSubscriptions.email });
      const text = row ? mailText.subscriptionConfirmed(row.email) : mailText.confirmLinkInvalid;
      reply
        .code(row ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(row ? mailText.subscribedTitle : 'The Portal', text, `${deps.config.publicUrl}/portal/`));
      return { email: row?.email ?? '' };
    },
  });
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, text: string, home: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${html(title)}</h1><p>${html(text)}</p><p><a href="${html(home)}">Members Portal</a></p></body></html>`;

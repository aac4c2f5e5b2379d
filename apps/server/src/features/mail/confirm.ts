import { createHash } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { autoResponders, recoveryEmails } from '../../db/schema.ts';
import { route } from '../../http/route.ts';

/** Only the SHA-256 of a link's token is stored: a database reader cannot confirm an address. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The confirmation link of a new recovery address (#17 §3) and of an auto-responder reply address
 * that is not the account's own (#17 §4). The link works once and until it expires; it answers a
 * small page, not JSON, because it is opened from the mail.
 */
export function confirmRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, C.confirmAddress, {
    access: 'public',
    audit: false,
    handler: async ({ db, params, reply }) => {
      const confirmed = await confirm(db, hashToken(params.token), deps.now());
      reply
        .code(confirmed ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            confirmed ? mailText.addressConfirmedTitle : 'Members Portal',
            confirmed?.text ?? mailText.confirmLinkInvalid,
            `${deps.config.publicUrl}/portal/`,
          ),
        );
      return { email: confirmed?.email ?? '' };
    },
  });
}

async function confirm(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ email: string; text: string } | null> {
  const done = { confirmedAt: now, tokenHash: null, tokenExpiresAt: null };
  const [recovery] = await db
    .update(recoveryEmails)
    .set(done)
    .where(
      and(
        eq(recoveryEmails.tokenHash, tokenHash),
        isNull(recoveryEmails.confirmedAt),
        gt(recoveryEmails.tokenExpiresAt, now),
      ),
    )
    .returning({ email: recoveryEmails.contactInfo });
  if (recovery) return { email: recovery.email, text: mailText.recoveryConfirmed(recovery.email) };
  const [rule] = await db
    .update(autoResponders)
    .set(done)
    .where(
      and(
        eq(autoResponders.tokenHash, tokenHash),
        isNull(autoResponders.confirmedAt),
        gt(autoResponders.tokenExpiresAt, now),
      ),
    )
    .returning({ email: autoResponders.replyTo });
  if (rule) return { email: rule.email, text: mailText.replyToConfirmed(rule.email) };
  return null;
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, text: string, home: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${html(title)}</h1><p>${html(text)}</p><p><a href="${html(home)}">Members Portal</a></p></body></html>`;

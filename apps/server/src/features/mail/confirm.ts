import { createHash } from 'node:crypto';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { route } from '../../http/route.ts';
import { formPostRoutes, sendLinkPage } from './link-page.ts';
import {
  confirmRecoveryAddress,
  confirmReplyToAddress,
  pendingRecoveryAddress,
  pendingReplyToAddress,
} from './repository.ts';
import { callerLanguage, textsFor } from '../../http/language.ts';

/** Only the SHA-256 of a link's token is stored: a database reader cannot confirm an address. */
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The confirmation link of a new recovery address and of an auto-responder reply address
 * that is not the account's own. The link works once and until it expires; it answers a
 * small page, not JSON, because it is opened from the mail. Opening it (HEAD or GET, as mail
 * scanners do) only shows the page; its button (a POST to the same address) confirms.
 */
export function confirmRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const home = () => `${deps.config.publicUrl}/portal/`;
  route(app, C.confirmAddress, {
    access: 'public',
    audit: false,
    handler: async ({ db, params, reply, req }) => {
      const email = await pending(db, hashToken(params.token), deps.now());
      // The link's page is read in the browser's language, all of it.
      const texts = textsFor(req, mailText);
      sendLinkPage(
        reply,
        email ? 200 : 404,
        email
          ? {
              title: texts.confirmAddressTitle,
              text: texts.confirmAddressAsk(email),
              home: home(),
              button: true,
            }
          : { title: 'Members Portal', text: texts.confirmLinkInvalid, home: home() },
        callerLanguage(req),
      );
      return { email: email ?? '' };
    },
  });
  formPostRoutes(app, (scope) =>
    route(scope, C.confirmAddressSubmit, {
      access: 'public',
      audit: false,
      // Each update is one statement: the page is sent only after it committed.
      transaction: false,
      handler: async ({ db, params, reply, req }) => {
        const texts = textsFor(req, mailText);
        const confirmed = await confirm(db, hashToken(params.token), deps.now(), texts);
        sendLinkPage(
          reply,
          confirmed ? 200 : 404,
          confirmed
            ? { title: texts.addressConfirmedTitle, text: confirmed.text, home: home() }
            : { title: 'Members Portal', text: texts.confirmLinkInvalid, home: home() },
          callerLanguage(req),
        );
        return { email: confirmed?.email ?? '' };
      },
    }),
  );
}

/** The address a link would confirm, read only: null when the link is spent, expired or unknown. */
async function pending(db: Db, tokenHash: string, now: Date): Promise<string | null> {
  const recovery = await pendingRecoveryAddress(db, tokenHash, now);
  if (recovery !== undefined) return recovery;
  return (await pendingReplyToAddress(db, tokenHash, now)) ?? null;
}

async function confirm(
  db: Db,
  tokenHash: string,
  now: Date,
  texts: typeof mailText,
): Promise<{ email: string; text: string } | null> {
  const recovery = await confirmRecoveryAddress(db, tokenHash, now);
  if (recovery !== undefined) return { email: recovery, text: texts.recoveryConfirmed(recovery) };
  const replyTo = await confirmReplyToAddress(db, tokenHash, now);
  if (replyTo !== undefined) return { email: replyTo, text: texts.replyToConfirmed(replyTo) };
  return null;
}

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as C from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { notFound } from '../../lib/errors.ts';
import { stamp } from './dates.ts';
import { pricesOf, signAgreement } from './repository.ts';

/** Texts gettext serves, by name; the files ship with the server (features/domains/texts/). */
const TEXTS: Record<string, URL> = {
  [C.AGREEMENT_TEXT]: new URL('./texts/registration-agreement.html', import.meta.url),
};

/**
 * Register or Transfer: prices, the agreement text and its signature. The
 * help-desk and hostmaster messages go through /api/sendmessage (account area).
 */
export function registrationRoutes(app: FastifyInstance): void {
  const { deps } = app;
  const texts = new Map<string, string>();

  route(app, C.tldPriceList, {
    access: 'user',
    handler: async ({ db, params }) => pricesOf(db, params.tld),
  });

  route(app, C.getText, {
    access: 'public',
    audit: false,
    transaction: false,
    handler: async ({ body }) => {
      const file = Object.hasOwn(TEXTS, body.text) ? TEXTS[body.text] : undefined;
      if (!file) throw notFound(domainText.unknownAgreement);
      let html = texts.get(body.text);
      if (html === undefined) {
        html = await readFile(fileURLToPath(file), 'utf8');
        texts.set(body.text, html);
      }
      return html;
    },
  });

  route(app, C.signAgreement, {
    access: { account: ({ body, caller }) => body.account ?? caller.username },
    handler: async ({ db, body, account, caller }) => {
      // One signature per account, domain and agreement: a repeated submission keeps the first.
      const row = await signAgreement(db, {
        account: account.logname,
        domain: body.domain,
        agreement: C.AGREEMENT_TEXT,
        signedBy: caller.username,
        signedAt: deps.now(),
      });
      return {
        domain: row.domain,
        account: row.account,
        signed_by: row.signedBy,
        signed_at: row.signedAt.toISOString(),
        stamp: stamp(row.signedAt),
      };
    },
  });
}

import { inLanguage } from '@portal/contract/i18n/catalogue';
import type { TextLanguage } from '@portal/contract/i18n/languages';
import { mailText } from '@portal/contract/mail/messages';
import type { FastifyInstance, FastifyReply } from 'fastify';

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The small page a mailed link answers. With `button`, a form that posts back to the page's own
 * address: opening a one-time link (a mail scanner's HEAD or GET) only shows it, the press of the
 * button does the work (docs/decisions/035-links-confirm-by-post.md).
 */
export function sendLinkPage(
  reply: FastifyReply,
  status: number,
  page: { title: string; text: string; home: string; button?: boolean },
  /** The language of the page's texts (the browser's, `callerLanguage`): its button and `lang` follow it. */
  language: TextLanguage = 'en',
): void {
  const form = page.button
    ? `<form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1.5rem">${html(inLanguage(mailText, language).confirmButton)}</button></form>`
    : '';
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${html(page.title)}</title></head><body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${html(page.title)}</h1><p>${html(page.text)}</p>${form}<p><a href="${html(page.home)}">Members Portal</a></p></body></html>`,
    );
}

/**
 * Routes that take a browser's form post (the link pages' button): an encapsulated scope with a
 * parser for `application/x-www-form-urlencoded` that keeps nothing of the body (the buttons send
 * no fields). Every other call of the API still takes JSON only (415 for a form).
 */
export function formPostRoutes(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    register(scope);
  });
}

import { inLanguage, speakMade, translateText } from '@portal/contract/i18n/catalogue';
import {
  asksPseudo,
  PSEUDO_LANGUAGE,
  pickLanguage,
  type TextLanguage,
} from '@portal/contract/i18n/languages';
import { pseudoCatalogue } from '@portal/contract/i18n/pseudo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
// Every translated catalogue, registered once (docs/languages.md).
import '@portal/contract/i18n/es';

// The pseudo-locale is made by the function the browser's overlay uses; only callers of a portal
// whose operator turned it on get it (`callerLanguage`).
speakMade(PSEUDO_LANGUAGE, pseudoCatalogue);

/**
 * The caller's language for the texts of an answer (docs/decisions/115-languages.md): the first
 * one of ours its `Accept-Language` asks for, English otherwise. Codes never change with it. The
 * pseudo-locale `en-XA` (docs/decisions/118-pseudo-locale.md) only with PORTAL_PSEUDO_LOCALE on.
 */
export function callerLanguage(req: FastifyRequest): TextLanguage {
  const asked = req.headers['accept-language'];
  if (req.server.speaksPseudo === true && asksPseudo(asked)) return PSEUDO_LANGUAGE;
  return pickLanguage(asked) ?? 'en';
}

/** The catalogue `english` in the caller's language. */
export function textsFor<T extends object>(req: FastifyRequest, english: T): T {
  return inLanguage(english, callerLanguage(req));
}

interface Envelope {
  status: number;
  message?: unknown;
  errors?: unknown;
}
const isEnvelope = (p: unknown): p is Envelope =>
  typeof p === 'object' && p !== null && 'status' in p && ('message' in p || 'errors' in p);

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether callers may ask for the pseudo-locale (PORTAL_PSEUDO_LOCALE): set by `useAnswerLanguage`. */
    speaksPseudo?: boolean;
  }
}

/**
 * Every answer's `message` and field `errors` in the caller's language (docs/languages.md), in one
 * place: a text a handler or a rule wrote in English is looked up in the catalogues
 * (`translateText`); codes and data never change. A caller that sends no `Accept-Language`, or asks
 * for English, costs one header check. `pseudo`: the operator's PORTAL_PSEUDO_LOCALE.
 */
export function useAnswerLanguage(app: FastifyInstance, o: { pseudo?: boolean } = {}): void {
  app.decorate('speaksPseudo', o.pseudo === true);
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (!req.headers['accept-language'] || !isEnvelope(payload)) return payload;
    const language = callerLanguage(req);
    if (language === 'en') return payload;
    const out: Envelope = { ...payload };
    const errors = typeof payload.errors === 'object' && payload.errors !== null ? payload.errors : undefined;
    if (errors)
      out.errors = Object.fromEntries(
        Object.entries(errors).map(([field, text]) => [
          field,
          typeof text === 'string' ? translateText(text, language) : text,
        ]),
      );
    if (typeof payload.message === 'string')
      out.message = translateMessage(payload.message, errors ?? {}, out.errors ?? {}, language);
    return out;
  });
}

/**
 * A failure's message in `language`: a catalogue text itself, or a wrong field's error, alone or
 * after its name ("cleartext: …", as the input stage and some handlers write it).
 */
function translateMessage(
  message: string,
  errors: object,
  translated: object,
  language: TextLanguage,
): string {
  const whole = translateText(message, language, { made: false });
  if (whole !== message) return whole;
  for (const [field, text] of Object.entries(errors)) {
    const said = (translated as Record<string, unknown>)[field];
    if (typeof said !== 'string') continue;
    if (message === `${field}: ${text}`) return `${field}: ${said}`;
    if (message === text) return said;
  }
  return message;
}

import { inLanguage } from '@portal/contract/i18n/catalogue';
import { type Language, pickLanguage } from '@portal/contract/i18n/languages';
import type { FastifyRequest } from 'fastify';
// Every translated catalogue, registered once (docs/languages.md).
import '@portal/contract/i18n/es';

/**
 * The caller's language for the texts of an answer (docs/decisions/115-languages.md): the first
 * one of ours its `Accept-Language` asks for, English otherwise. Codes never change with it.
 */
export function callerLanguage(req: FastifyRequest): Language {
  return pickLanguage(req.headers['accept-language']) ?? 'en';
}

/** The catalogue `english` in the caller's language. */
export function textsFor<T extends object>(req: FastifyRequest, english: T): T {
  return inLanguage(english, callerLanguage(req));
}

import { translated } from '@portal/contract/i18n/catalogue';
import { commonText } from '@portal/contract/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useErrorHandler } from '../app/error-handler.ts';
import { invalid, RateLimited, rateLimited } from '../lib/errors.ts';
import { useAnswerLanguage } from './language.ts';

/**
 * Every catalogue text a refusal can carry reaches an `es` caller in Spanish, through the real
 * error handler and answer hook: as the message, as a field's error, and as the input stage writes
 * the first wrong field ("field: text"). A text made with a value where no request is at hand (a
 * rate limit) is written by the error handler in the caller's language.
 */

/** Each registered English text (a string) and the Spanish the catalogues give it, when they differ. */
function spanishOfEveryText(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [english, spanish] of translated('es')) {
    for (const [key, text] of Object.entries(english)) {
      const es = (spanish as Record<string, unknown>)[key];
      if (typeof text !== 'string' || typeof es !== 'string' || es === text) continue;
      out.set(text, (out.get(text) ?? new Set()).add(es));
    }
  }
  return out;
}

const TEXTS = [...spanishOfEveryText()];
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  useErrorHandler(app);
  useAnswerLanguage(app);
  app.get<{ Querystring: { i: string; as: string } }>('/refuse', async (req) => {
    const entry = TEXTS[Number(req.query.i)];
    if (!entry) throw new Error('no such text');
    const [text] = entry;
    if (req.query.as === 'field') throw invalid(`cleartext: ${text}`, { cleartext: text });
    throw invalid(text, { name: text });
  });
  app.get<{ Querystring: { busy?: string } }>('/limited', async (req) => {
    throw req.query.busy
      ? new RateLimited(7, (texts) => texts.passwordChecksBusy(7), 'hashing_busy')
      : rateLimited(42);
  });
  await app.ready();
});
afterAll(() => app.close());

const get = async (url: string, language?: string) => {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: language ? { 'accept-language': language } : {},
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

describe('every catalogue text as an API failure', () => {
  it('has hundreds of texts to walk (the catalogues are registered)', () => {
    expect(TEXTS.length).toBeGreaterThan(500);
  });

  it('answers an es caller in Spanish and an English caller in the English, the code unchanged', async () => {
    const wrong: string[] = [];
    for (const [i, [english, spanish]] of TEXTS.entries()) {
      const es = await get(`/refuse?i=${i}&as=message`, 'es-ES,es;q=0.9');
      if (
        es.status !== 400 ||
        es.body.code !== 'invalid' ||
        !spanish.has(es.body.message) ||
        !spanish.has(es.body.errors.name)
      )
        wrong.push(`${english} → ${JSON.stringify(es.body)}`);
      const field = await get(`/refuse?i=${i}&as=field`, 'es');
      if (
        field.body.message !== `cleartext: ${field.body.errors.cleartext}` ||
        !spanish.has(field.body.errors.cleartext)
      )
        wrong.push(`cleartext: ${english} → ${JSON.stringify(field.body)}`);
    }
    expect(wrong).toEqual([]);
    const [english] = TEXTS[0] ?? [''];
    const en = await get('/refuse?i=0&as=field', 'en-US');
    expect(en.body).toEqual({
      status: 0,
      message: `cleartext: ${english}`,
      code: 'invalid',
      errors: { cleartext: english },
    });
  });

  it('writes a rate limit’s text, made with its seconds, in the caller’s language', async () => {
    const es = await get('/limited', 'es');
    expect(es.status).toBe(429);
    expect(es.headers['retry-after']).toBe('42');
    expect(es.body).toEqual({ status: 0, message: commonTextEs.tooManyRequests(42), code: 'rate_limited' });
    expect(commonTextEs.tooManyRequests(42)).not.toBe(commonText.tooManyRequests(42));
    expect((await get('/limited')).body.message).toBe(commonText.tooManyRequests(42));
    const busy = await get('/limited?busy=1', 'es-MX');
    expect(busy.body).toEqual({
      status: 0,
      message: commonTextEs.passwordChecksBusy(7),
      code: 'hashing_busy',
    });
    expect((await get('/limited?busy=1', 'fr')).body.message).toBe(commonText.passwordChecksBusy(7));
  });
});

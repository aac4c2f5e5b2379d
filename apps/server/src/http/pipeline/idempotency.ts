import { LANGUAGES, PSEUDO_LANGUAGE, type TextLanguage } from '@portal/contract/i18n/languages';
import { commonText } from '@portal/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { AppError, envelopeOf, httpStatusOf } from '../../lib/errors.ts';
import { type Claim, claim, type KeptAnswer, keep, keyOf, refuseKey, release } from '../idempotency.ts';
import type { Parsed, Plan } from './context.ts';

export interface KeyDeps {
  db: Db;
  now: () => Date;
  /** The request's fingerprint (http/idempotency.ts `fingerprintOf`). */
  fingerprint: (parts: unknown) => string;
}

/** The idempotency stage's answer: the key the call holds, or the kept answer to send again. */
export type KeyClaim = { claimed: Claim | null; replay: null } | { claimed: null; replay: KeptAnswer };

/**
 * Stage 6, the Idempotency-Key (http/idempotency.ts): a signed-in call that changes something, sent
 * with the header, claims its key. A key already done answers again what it answered (`replay`);
 * the same key with another request is refused (422), one still running is a 409.
 */
export async function claimKey(
  deps: KeyDeps,
  plan: Pick<Plan, 'call' | 'idempotent' | 'transaction'>,
  req: Pick<FastifyRequest, 'headers'>,
  caller: Caller | null,
  input: Pick<Parsed, 'params' | 'body'>,
): Promise<KeyClaim> {
  // keyOf and refuseKey read the request's headers only. A call whose answer carries a secret
  // refuses the header: nothing of its answer may be kept for a replay (decision 033).
  const key =
    plan.idempotent && caller
      ? keyOf(req as FastifyRequest)
      : plan.call.secret
        ? refuseKey(req as FastifyRequest)
        : null;
  if (!key || !caller) return { claimed: null, replay: null };
  const { method, path } = plan.call;
  const claimed: Claim = {
    owner: caller.username,
    key,
    fingerprint: deps.fingerprint([method, path, input.params, input.body]),
  };
  const kept = await claim(deps.db, claimed, { now: deps.now(), transactional: plan.transaction });
  return kept ? { claimed: null, replay: kept } : { claimed, replay: null };
}

/** In the call's own transaction: the key's answer and the work commit together. */
export async function keepAnswer(db: Db, claimed: Claim | null, answer: unknown): Promise<void> {
  if (claimed) await keep(db, claimed, { httpStatus: 200, answer });
}

/**
 * A keyed request that failed: a refusal (AppError) is its answer and is replayed; an unexpected
 * failure of a transactional call changed nothing, so the key is given up and a retry runs again;
 * one of a call without a transaction may have done part of its work (a charge), so its failure is
 * replayed rather than risk doing it twice.
 */
export async function keepFailure(
  db: Db,
  req: Pick<FastifyRequest, 'id' | 'log'>,
  claimed: Claim | null,
  err: unknown,
  transactional: boolean,
): Promise<void> {
  if (!claimed) return;
  try {
    if (err instanceof AppError)
      await keep(db, claimed, { httpStatus: httpStatusOf(err), answer: keptEnvelope(err) });
    else if (transactional) await release(db, claimed);
    else
      await keep(db, claimed, {
        httpStatus: 500,
        answer: { status: 0, message: commonText.internalError, code: 'internal', request_id: req.id },
      });
  } catch (keepErr) {
    // The database is likely down: the key stays 'running' (a duplicate gets 409) until it is stale.
    req.log.error({ err: keepErr }, 'idempotency key: the answer could not be kept');
  }
}

/**
 * Beside a kept refusal's envelope, its message in each other language, where it was made with a
 * value (`textIn`, a limit's seconds): a replay cannot make it again, and the answer hook
 * (http/language.ts) finds only catalogue texts, not what a function made. Its plain texts and
 * field errors need nothing: the hook translates a replay as it does a first answer.
 */
const MESSAGE_IN = 'message_in';

function keptEnvelope(err: AppError): Record<string, unknown> {
  const envelope = envelopeOf(err);
  const { textIn } = err;
  if (!textIn) return envelope;
  const languages: TextLanguage[] = [...LANGUAGES, PSEUDO_LANGUAGE];
  const texts = languages
    .map((language) => [language, textIn(language)] as const)
    .filter(([, text]) => text !== envelope.message);
  return texts.length > 0 ? { ...envelope, [MESSAGE_IN]: Object.fromEntries(texts) } : envelope;
}

/** A kept answer as the caller gets it again: a refusal's message made with a value, in `language`. */
export function replayed(answer: unknown, language: TextLanguage): unknown {
  if (typeof answer !== 'object' || answer === null || !(MESSAGE_IN in answer)) return answer;
  const { [MESSAGE_IN]: texts, ...envelope } = answer as Record<string, unknown>;
  const said = (texts as Partial<Record<TextLanguage, unknown>>)[language];
  return typeof said === 'string' ? { ...envelope, message: said } : envelope;
}

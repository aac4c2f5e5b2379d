import type { CallDef } from '@portal/contract/http';
import { fieldErrors } from '@portal/contract/rules';

/** A success answer with a message or top-level fields next to `data` (e.g. `references[]`). */
export class Answer {
  readonly data: unknown;
  readonly message: string;
  readonly top: Record<string, unknown>;
  constructor(data: unknown, message = '', top: Record<string, unknown> = {}) {
    this.data = data;
    this.message = message;
    this.top = top;
  }
}

/**
 * Stage 12, the answer: what the client receives for a handler's result, the envelope (or, for the
 * one call without it, the document as it is). With `check` (on in tests), every answer is held to
 * the contract so server and client cannot drift.
 */
export function wireAnswer(call: CallDef, result: unknown, check: boolean): unknown {
  if (!call.envelope) {
    // A document other programs read as it is (the API description), not in the envelope.
    if (check) checkResponse(call, result);
    return result;
  }
  if (result instanceof Answer) {
    if (check) checkResponse(call, result.data, result.top);
    return { status: 1, message: result.message, ...result.top, data: result.data };
  }
  if (check) checkResponse(call, result);
  return { status: 1, message: '', data: result };
}

function checkResponse(call: CallDef, data: unknown, top: unknown = {}): void {
  for (const [schema, value, part] of [
    [call.data, data, 'data'],
    [call.top, top, 'top-level fields'],
  ] as const) {
    const result = schema.safeParse(value);
    if (!result.success) {
      throw new Error(
        `response of ${call.path} (${part}) does not match the contract: ${JSON.stringify(fieldErrors(result.error))}`,
      );
    }
  }
}

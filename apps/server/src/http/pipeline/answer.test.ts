import { defineCall } from '@portal/contract/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Answer, wireAnswer } from './answer.ts';

const call = defineCall({
  method: 'GET',
  path: '/api/x',
  data: z.object({ n: z.number() }),
  top: z.object({ references: z.array(z.string()).optional() }),
});
const document = defineCall({ method: 'GET', path: '/api/doc', envelope: false, data: z.object({}) });

describe('the answer stage', () => {
  it("wraps a handler's result in the envelope, with an Answer's message and top-level fields", () => {
    expect(wireAnswer(call, { n: 1 }, true)).toEqual({ status: 1, message: '', data: { n: 1 } });
    expect(wireAnswer(call, new Answer({ n: 2 }, 'Done', { references: ['a'] }), true)).toEqual({
      status: 1,
      message: 'Done',
      references: ['a'],
      data: { n: 2 },
    });
    expect(wireAnswer(document, { openapi: '3.1.0' }, false)).toEqual({ openapi: '3.1.0' });
  });

  it('holds the answer to the contract when checking', () => {
    expect(() => wireAnswer(call, { n: 'one' }, true)).toThrow(/does not match the contract/);
    expect(wireAnswer(call, { n: 'one' }, false)).toEqual({ status: 1, message: '', data: { n: 'one' } });
  });
});

import { defineCall } from '@portal/contract/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { parseInput } from './parse.ts';

const call = defineCall({
  method: 'POST',
  path: '/api/x/:id',
  params: z.object({ id: z.coerce.number() }),
  body: z.object({ name: z.string().min(1) }),
  data: z.object({}),
});
const get = defineCall({
  method: 'GET',
  path: '/api/y',
  query: z.object({ page: z.coerce.number().default(1) }),
  data: z.object({}),
});

describe('the parse stage', () => {
  it("reads the path, the query and a POST call's body by the call's schemas", () => {
    expect(parseInput(call, { params: { id: '7' }, query: {}, body: { name: 'a' } })).toEqual({
      params: { id: 7 },
      query: {},
      body: { name: 'a' },
    });
    expect(parseInput(get, { params: {}, query: {}, body: { ignored: true } })).toEqual({
      params: {},
      query: { page: 1 },
      body: undefined,
    });
  });

  it('refuses wrong input with the field named (400, invalid)', () => {
    try {
      parseInput(call, { params: { id: '7' }, query: {}, body: { name: 3 } });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).code).toBe('invalid');
      expect((err as AppError).message).toMatch(/^name: /);
    }
  });
});

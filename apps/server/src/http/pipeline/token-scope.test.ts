import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { defineCall } from '@portal/contract/http';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from '../../auth/tokens.ts';
import { checkTokenScope } from './token-scope.ts';

const read = defineCall({ method: 'GET', path: '/api/x', data: z.object({}) });
const change = defineCall({ method: 'POST', path: '/api/y', data: z.object({}) });
const session: Caller = { username: 'alice', altuser: 'alice', role: 'customer', jti: 'j', sid: 's', exp: 0 };
const token = (scope: 'read' | 'full'): Caller => ({ ...session, token: { id: 't', name: 'n', scope } });

describe('the token scope stage', () => {
  it('lets a session and a public call through', () => {
    expect(() => checkTokenScope(session, { call: change, interactive: true })).not.toThrow();
    expect(() => checkTokenScope(null, { call: change, interactive: true })).not.toThrow();
  });

  it('refuses a token of any scope on an interactive call', () => {
    for (const scope of ['read', 'full'] as const)
      expect(() => checkTokenScope(token(scope), { call: read, interactive: true })).toThrow(
        apiTokenText.sessionOnly,
      );
  });

  it('keeps a read token to GET calls', () => {
    expect(() => checkTokenScope(token('read'), { call: read, interactive: false })).not.toThrow();
    expect(() => checkTokenScope(token('read'), { call: change, interactive: false })).toThrow(
      apiTokenText.readOnly,
    );
    expect(() => checkTokenScope(token('full'), { call: change, interactive: false })).not.toThrow();
  });
});

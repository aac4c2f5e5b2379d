import { apiTokenText } from '@portal/contract/api-tokens/messages';
import type { Caller } from '../../auth/tokens.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Plan } from './context.ts';

/**
 * Stage 3, what a personal access token may call: never an interactive call (credentials, sessions,
 * grants: `session: 'interactive'`); with scope `read`, GET calls only. A session passes.
 */
export function checkTokenScope(caller: Caller | null, plan: Pick<Plan, 'call' | 'interactive'>): void {
  const token = caller?.token;
  if (!token) return;
  if (plan.interactive) throw forbidden(apiTokenText.sessionOnly);
  if (token.scope === 'read' && plan.call.method !== 'GET') throw forbidden(apiTokenText.readOnly);
}

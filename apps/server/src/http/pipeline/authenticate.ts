import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../app/deps.ts';
import { apiTokenCaller, isApiToken } from '../../auth/api-tokens.ts';
import { liveSession } from '../../auth/sessions.ts';
import type { Caller } from '../../auth/tokens.ts';
import { expired } from '../../lib/errors.ts';
import { clientKey } from '../client-address.ts';
import type { Plan } from './context.ts';

export type AuthDeps = Pick<Deps, 'db' | 'tokens' | 'now' | 'sessionTimes' | 'sessionCache' | 'limiter'> &
  Partial<Pick<Deps, 'staffRecheck'>>;

/**
 * Stage 1, who is calling: the caller of a session or of a personal access token, or null on a
 * public call (and on an optional one sent without a token). A call that needs a caller and has
 * none, or a dead one, is refused here (401, `expired_token`).
 */
export async function authenticate(
  deps: AuthDeps,
  req: Pick<FastifyRequest, 'headers' | 'ip' | 'caller'>,
  plan: Pick<Plan, 'access' | 'call'>,
): Promise<Caller | null> {
  const wanted = plan.access === 'optional' ? !!req.headers.authorization : plan.call.token;
  if (!wanted) return null;
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw expired();
  const caller = isApiToken(token) ? await apiTokenOf(deps, req, token) : await sessionOf(deps, token);
  req.caller = caller;
  return caller;
}

/** A session's token: the session decides, not the token (one query, which also reads the caller's account). */
async function sessionOf(deps: AuthDeps, token: string): Promise<Caller> {
  const caller = await deps.tokens.verify(token);
  if (!caller) throw expired();
  const self = await liveSession(deps.db, caller, deps.now(), deps.sessionTimes, deps.sessionCache);
  if (!self) throw expired();
  // A staff member of the directory is asked about again now and then: one who left its staff
  // group is refused here, and their sessions end (auth/staff-directory.ts createRecheck).
  if (
    deps.staffRecheck &&
    caller.role !== 'customer' &&
    !(await deps.staffRecheck(caller.username, deps.now()))
  )
    throw expired();
  caller.self = self;
  return caller;
}

/**
 * A personal access token (auth/api-tokens.ts): its own rate limit, counted per account (all its
 * tokens together) and per client, before the call does anything.
 */
async function apiTokenOf(deps: AuthDeps, req: Pick<FastifyRequest, 'ip'>, token: string): Promise<Caller> {
  const caller = await apiTokenCaller(deps.db, token, deps.now());
  if (!caller) throw expired();
  await deps.limiter.hit('token', { account: caller.username, client: clientKey(req.ip) });
  return caller;
}

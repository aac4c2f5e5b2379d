import type { BodyOf, CallDef, ParamsOf } from '@portal/contract/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountRef, DomainRecord, SiteRef } from '../auth/policy.ts';
import type { Caller } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { fingerprintOf } from './idempotency.ts';
import { callerLanguage } from './language.ts';
import type { LimitName } from './limits.ts';
import { Answer, wireAnswer } from './pipeline/answer.ts';
import { audited } from './pipeline/audit.ts';
import { authenticate } from './pipeline/authenticate.ts';
import { authorize } from './pipeline/authorize.ts';
import { checkCardDeclines, countCardDecline } from './pipeline/card-declines.ts';
import type { Access, CallContext, Input, Parsed, Plan, RegisteredCall } from './pipeline/context.ts';
import { checkGrant } from './pipeline/grant.ts';
import { claimKey, type KeyClaim, keepAnswer, keepFailure, replayed } from './pipeline/idempotency.ts';
import { applyLimit } from './pipeline/limit.ts';
import { parseInput } from './pipeline/parse.ts';
import { secondFactorGate } from './pipeline/second-factor-gate.ts';
import { checkTokenScope } from './pipeline/token-scope.ts';

export { Answer };
export type { Access, Input };

/**
 * Every API call is registered here (route) and walks one pipeline (serve), the same stages in the
 * same order, each a function of its own under http/pipeline/ (docs/ARCHITECTURE.md,
 * docs/decisions/030-request-pipeline-stages.md):
 *
 *   authenticate → second-factor gate → token scope → parse → limit → idempotency key
 *   → [transaction: authorise → grant → card declines → handle, audited → keep the key's answer]
 *   → answer
 */

/**
 * What a rule guarantees the handler once it has passed: a caller on every rule but 'public' and
 * 'optional', the account an account rule named (and the `target` it names), the domain a domain
 * rule named, the site a site rule named and its owner's account. route() is generic over the rule,
 * so a handler reads them without checking them again.
 */
export type Granted<A> = A extends 'public'
  ? { caller: null }
  : A extends 'optional'
    ? { caller: Caller | null }
    : A extends { account: unknown; target: unknown }
      ? { caller: Caller; account: AccountRef; target: AccountRef }
      : A extends { account: unknown }
        ? { caller: Caller; account: AccountRef }
        : A extends { domain: unknown }
          ? { caller: Caller; domain: DomainRecord }
          : A extends { site: unknown }
            ? { caller: Caller; site: SiteRef; account: AccountRef }
            : { caller: Caller };

/** A handler's context under the access rule `A`: what the rule guarantees is not optional. */
export type RouteContext<C extends CallDef, A extends Access<C> = Access<C>> = Omit<
  CallContext<C>,
  keyof Granted<A>
> &
  Granted<A>;

export interface RouteOptions<C extends CallDef, A extends Access<C>> {
  access: A;
  /** Run the handler in one transaction (default: true for POST). */
  transaction?: boolean;
  /** Audit staff calls of this route (default: true for POST; false for POST calls that only read). */
  audit?: boolean;
  /**
   * The rate limit this call counts against (http/limits.ts): checked once the caller is known and
   * the input is valid, before anything is looked up or done.
   */
  limit?: LimitName;
  /**
   * The call asks the card gateway to check a card: an account that has had its day's card
   * declines is refused before the gateway is called, and a refusal (422) counts as a decline.
   */
  cardDeclines?: boolean;
  /**
   * The call hands lasting access to someone else: a customer must send their current panel
   * password as `password` in the body (http/grant.ts); checked before the handler changes anything.
   */
  grant?: boolean;
  /**
   * A staff session may make this call before it has set up its second factor
   * (PORTAL_STAFF_MFA=required, auth/mfa.ts): the setup calls and what the shell reads to show them.
   */
  beforeSecondFactor?: boolean;
  /**
   * 'interactive': the call needs a signed-in session; a personal access token is refused (403).
   * For calls that make credentials or change them (API tokens, passwords, the second factor).
   * Calls with `grant` are interactive too: a token never hands access to anyone.
   */
  session?: 'interactive';
  handler: (ctx: RouteContext<C, A>) => Promise<unknown>;
}

export type { RegisteredCall };

/** Registers one contract call with its access rule; the handler only does the work. */
export function route<C extends CallDef, A extends Access<C>>(
  app: FastifyInstance,
  call: C,
  opts: RouteOptions<C, A>,
): void {
  if (!call.token && opts.access !== 'public')
    throw new Error(`${call.path}: a call without token must be public`);
  if (call.token && opts.access === 'public')
    throw new Error(`${call.path}: a call with token cannot be public`);
  const plan = planOf(call, opts);
  app.deps.calls.push({
    method: call.method,
    path: call.path,
    token: call.token,
    access: describe(opts.access),
    call,
    idempotent: plan.idempotent,
    auditsAttempts: plan.audited && !plan.transaction,
    interactive: plan.interactive,
  });
  // The authorise stage has checked the rule and set what it grants (Granted<A>) on the context.
  const handle = (ctx: CallContext<C>) => {
    if (!hasGrants(opts.access, ctx))
      throw new Error(`${call.path}: the context lacks what its access rule grants`);
    return opts.handler(ctx);
  };
  app.route({
    method: call.method,
    url: call.path,
    handler: (req, reply) => serve(app, plan, handle, req, reply),
  });
}

/**
 * The context holds what the access rule grants (Granted<A>): the authorise stage has set it, and
 * this check lets the handler's type say so without a cast.
 */
function hasGrants<C extends CallDef, A extends Access<C>>(
  access: A,
  ctx: CallContext<C>,
): ctx is CallContext<C> & RouteContext<C, A> {
  const rule: Access<C> = access;
  if (rule === 'public') return ctx.caller === null;
  if (rule === 'optional') return true;
  if (!ctx.caller) return false;
  if (typeof rule === 'string') return true;
  if ('account' in rule) return !!ctx.account && (!rule.target || !!ctx.target);
  if ('site' in rule) return !!ctx.site && !!ctx.account;
  return !!ctx.domain;
}

/** What a route's options decide about its call, worked out once when it is registered. */
function planOf<C extends CallDef, A extends Access<C>>(call: C, opts: RouteOptions<C, A>): Plan<C> {
  const mutates = call.method === 'POST';
  const transaction = opts.transaction ?? mutates;
  const audited = opts.audit ?? mutates;
  return {
    call,
    access: opts.access,
    transaction,
    audited,
    // Calls that change something (the audited POSTs): repeating a read needs no key.
    idempotent: mutates && audited && call.token && !call.secret,
    // A token never hands access to anyone: a grant is interactive too.
    interactive: opts.session === 'interactive' || !!opts.grant,
    beforeSecondFactor: !!opts.beforeSecondFactor,
    grant: !!opts.grant,
    cardDeclines: !!opts.cardDeclines,
    limit: opts.limit,
  };
}

/** The request pipeline: the stages of every call, in their order. */
async function serve<C extends CallDef>(
  app: FastifyInstance,
  plan: Plan<C>,
  handle: (ctx: CallContext<C>) => Promise<unknown>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const { deps } = app;
  const caller = await authenticate(deps, req, plan);
  const confinedTo = await secondFactorGate(deps, caller, plan);
  checkTokenScope(caller, plan);
  const input = parseInput(plan.call, req);
  await applyLimit(deps.limiter, plan, caller, req.ip);
  const fingerprint = (parts: unknown) => fingerprintOf(app, parts);
  const key = await claimKey({ db: deps.db, now: deps.now, fingerprint }, plan, req, caller, input);
  // A replay walks the answer's language hook as a first answer does (http/language.ts).
  if (key.replay)
    return reply
      .code(key.replay.httpStatus)
      .header('idempotent-replayed', 'true')
      .send(replayed(key.replay.answer, callerLanguage(req)));
  const call: InCall<C> = { app, plan, handle, req, reply, caller, confinedTo, input, key };
  try {
    const answer = plan.transaction
      ? await deps.db.transaction((tx) => inCall(call, tx))
      : await inCall(call, deps.db);
    return reply.sent ? reply : answer;
  } catch (failure) {
    const { err, declinesOf } = CallFailure.open(failure);
    // Both outside the call's transaction, which the failure rolled back.
    await countCardDecline(deps.limiter, declinesOf, err);
    await keepFailure(deps.db, req, key.claimed, err, plan.transaction);
    throw err;
  }
}

/** What the stages before the transaction hand the stages in it. */
interface InCall<C extends CallDef> {
  app: FastifyInstance;
  plan: Plan<C>;
  handle: (ctx: CallContext<C>) => Promise<unknown>;
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller | null;
  confinedTo: string | null;
  input: Parsed<C>;
  key: KeyClaim;
}

/** The stages in the call's transaction (or on the database, for a call without one). */
async function inCall<C extends CallDef>(call: InCall<C>, db: Db): Promise<unknown> {
  const { app, plan, caller, input, reply } = call;
  let declinesOf: string | null = null;
  try {
    const grants = await authorize(db, plan.access, caller, input, call.confinedTo, plan.transaction);
    const auditDetails = await checkGrant(db, plan, caller, input.body);
    const checkDeclines = (account: string) => app.deps.limiter.checkDeclines(db, account);
    declinesOf = await checkCardDeclines(checkDeclines, plan, grants.account?.logname);
    const ctx: CallContext<C> = { ...input, caller, ...grants, db, req: call.req, reply, auditDetails };
    const result = await audited(plan, ctx, () => call.handle(ctx));
    if (reply.sent) return null;
    const answer = wireAnswer(plan.call, result, app.deps.checkResponses);
    await keepAnswer(db, call.key.claimed, answer);
    return answer;
  } catch (err) {
    throw new CallFailure(err, declinesOf);
  }
}

/** A failure in the call's transaction, with the account a card refusal counts against. */
class CallFailure extends Error {
  readonly err: unknown;
  readonly declinesOf: string | null;
  constructor(err: unknown, declinesOf: string | null) {
    super('call failed');
    this.err = err;
    this.declinesOf = declinesOf;
  }
  static open(failure: unknown): { err: unknown; declinesOf: string | null } {
    return failure instanceof CallFailure ? failure : { err: failure, declinesOf: null };
  }
}

/** The rule as the access matrix, docs/access.md and the API document name it. */
function describe(access: Access<CallDef>): string {
  if (typeof access === 'string') return access;
  if ('account' in access) return `account:${access.scope ?? 'self'}${access.target ? '+secondary' : ''}`;
  if ('site' in access) return `site:${access.scope ?? 'self'}`;
  return access.scope === 'owner' ? 'domain:owner' : 'domain';
}

export type { BodyOf, ParamsOf };

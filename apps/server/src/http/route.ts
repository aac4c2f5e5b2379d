import type { BodyOf, CallDef, ParamsOf } from '@portal/contract/http';
import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { commonText } from '@portal/contract/messages';
import { fieldErrors } from '@portal/contract/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type AccountRef,
  type AccountScope,
  authorizeAccount,
  authorizeDomain,
  authorizeSite,
  authorizeTarget,
  type DomainRef,
  type DomainScope,
  isStaff,
  type SiteRef,
} from '../auth/policy.ts';
import { apiTokenCaller, isApiToken } from '../auth/api-tokens.ts';
import type { ApiTokenUse, Caller } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';
import { AppError, envelopeOf, expired, forbidden, HTTP_STATUS, invalid } from '../lib/errors.ts';
import { type Claim, claim, fingerprintOf, keep, keyOf, refuseKey, release } from './idempotency.ts';
import { confirmGrant } from './grant.ts';
import type { LimitName } from './limits.ts';
import { clientKey } from './client-address.ts';
import { redact } from './redact.ts';
import { eq } from 'drizzle-orm';
import { liveSession } from '../auth/sessions.ts';
import { setupRequired, setupRequiredRefusal } from '../auth/mfa.ts';

export interface Input<C extends CallDef> {
  params: z.output<C['params']>;
  body: z.output<C['body']>;
  caller: Caller;
}

/**
 * Who may call a route. Required on every route, so a route cannot be added without a rule; the
 * scopes are the policy's (auth/policy.ts):
 * - 'public': no token (login, reset flows, /api/urls, ...);
 * - 'optional': a token when the caller has one, none otherwise (public reference data);
 * - 'user': any signed-in caller, no account named (reference data, tools);
 * - 'staff': staff and admins only;
 * - { account, scope }: the account named in the path or body; with `target`, also the account the
 *   call acts on, the account itself or one of its Secondaries;
 * - { domain, scope }: the domain named in the path or body; with `owner`, the account the payload
 *   names as its owner must be it;
 * - { site, scope }: a website named by its vid alone; its owner is the account, under `scope`.
 */
export type Access<C extends CallDef> =
  | 'public'
  | 'optional'
  | 'user'
  | 'staff'
  | { account: (input: Input<C>) => string; scope?: AccountScope; target?: (input: Input<C>) => string }
  | { domain: (input: Input<C>) => string; scope?: DomainScope; owner?: (input: Input<C>) => string }
  | { site: (input: Input<C>) => number; scope?: AccountScope };

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
          ? { caller: Caller; domain: DomainRef }
          : A extends { site: unknown }
            ? { caller: Caller; site: SiteRef; account: AccountRef }
            : { caller: Caller };

interface CallContext<C extends CallDef> {
  params: z.output<C['params']>;
  /** The query string of a GET call (its contract's `query`). */
  query: z.output<C['query']>;
  body: z.output<C['body']>;
  /** Null only on public routes, and on optional ones called without a token. */
  caller: Caller | null;
  /**
   * The account the call acts on: the one an account rule named. A staff-only handler may set the
   * account it acts on, for its audit entry.
   */
  account?: AccountRef;
  /** The account the call acts on, that an account rule's `target` named (the account or its Secondary). */
  target?: AccountRef;
  /** The domain a domain rule named. */
  domain?: DomainRef;
  /** The website a site rule named (its owner is `account`). */
  site?: SiteRef;
  /** The database, or the route's transaction for routes that change data. */
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Adds details to this call's audit entry (written for every change made by staff). */
  auditDetails: Record<string, unknown>;
}

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

export interface RegisteredCall {
  method: string;
  path: string;
  token: boolean;
  access: string;
  /** The contract's definition (the API document is generated from it). */
  call: CallDef;
  /** Takes the Idempotency-Key header: a signed-in POST call that changes something. */
  idempotent: boolean;
  /** Staff calls are audited before the handler runs, failures included (audited, no transaction). */
  auditsAttempts: boolean;
  /** Needs a signed-in session: a personal access token is refused (route option `session`). */
  interactive: boolean;
}

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
  const mutates = call.method === 'POST';
  const useTx = opts.transaction ?? mutates;
  const audited = opts.audit ?? mutates;
  // Calls that change something (the audited POSTs): repeating a read needs no key.
  const idempotent = mutates && audited && call.token && !call.secret;
  const interactive = opts.session === 'interactive' || !!opts.grant;
  app.deps.calls.push({
    method: call.method,
    path: call.path,
    token: call.token,
    access: describe(opts.access),
    call,
    idempotent,
    auditsAttempts: audited && !useTx,
    interactive,
  });

  app.route({
    method: call.method,
    url: call.path,
    handler: async (req, reply) => {
      const caller =
        opts.access === 'optional'
          ? req.headers.authorization
            ? await authenticate(app, req)
            : null
          : call.token
            ? await authenticate(app, req)
            : null;
      if (caller && !opts.beforeSecondFactor) await requireSecondFactor(app, caller);
      if (caller?.token) checkTokenUse(caller.token, call, interactive);
      const params = parse(call.params, req.params ?? {}) as z.output<C['params']>;
      const body = call.method === 'POST' ? parse(call.body, req.body ?? {}) : undefined;
      const query = parse(call.query, req.query ?? {}) as z.output<C['query']>;
      if (opts.limit)
        await app.deps.limiter.hit(opts.limit, { account: caller?.username, client: clientKey(req.ip) });
      const key = idempotent && caller ? keyOf(req) : call.secret ? refuseKey(req) : null;
      const claimed: Claim | null =
        key && caller
          ? {
              owner: caller.username,
              key,
              fingerprint: fingerprintOf(app, [call.method, call.path, params, body]),
            }
          : null;
      if (claimed) {
        const kept = await claim(app.deps.db, claimed, { now: app.deps.now(), transactional: useTx });
        if (kept) return reply.code(kept.httpStatus).header('idempotent-replayed', 'true').send(kept.answer);
      }
      // The account a card decline counts against: known once authorised.
      let declinesOf: string | undefined;
      const run = async (db: Db) => {
        const ctx: CallContext<C> = {
          params,
          query,
          body: body as z.output<C['body']>,
          caller,
          account: undefined,
          target: undefined,
          domain: undefined,
          site: undefined,
          db,
          req,
          reply,
          auditDetails: {},
        };
        await authorize(db, opts.access, ctx);
        if (opts.grant) {
          const password = (body as { password?: string } | undefined)?.password;
          await confirmGrant(db, caller as Caller, password, ctx.auditDetails);
        }
        if (opts.cardDeclines && ctx.account) {
          await app.deps.limiter.checkDeclines(db, ctx.account.logname);
          declinesOf = ctx.account.logname;
        }
        const result = await handleAudited(ctx);
        if (reply.sent) return null;
        const answer = wireAnswer(app, call, result);
        // Kept in the call's own transaction: the key's answer and the work commit together.
        if (claimed) await keep(db, claimed, { httpStatus: 200, answer });
        return answer;
      };
      // authorize() has checked the rule and set what it grants (Granted<A>) on the context.
      const handle = (ctx: CallContext<C>) => opts.handler(ctx as unknown as RouteContext<C, A>);
      /** The handler, with a staff change written to the audit log. */
      const handleAudited = async (ctx: CallContext<C>) => {
        const { db } = ctx;
        if (!audited || !caller) return handle(ctx);
        // A change made with a personal access token carries its name (the account's activity shows it).
        const token = caller.token;
        // A staff-only handler may name the account itself (ctx.account): read it when writing.
        const entry = () => ({
          operator: caller.username,
          account: ctx.account?.logname ?? ctx.domain?.owner ?? (token ? caller.username : null),
          action: `${call.method} ${call.path}`,
        });
        const tokenDetails = token ? { api_token: { id: token.id, name: token.name } } : {};
        if (!isStaff(caller)) {
          // A customer's own change is on the account's record too, for its activity list (issue 18):
          // written with the change once it is done; a refusal changed nothing and is not recorded.
          const result = await handle(ctx);
          const { account } = entry();
          await db.insert(auditLog).values({
            ...entry(),
            account: account ?? caller.username,
            details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails },
          });
          return result;
        }
        if (useTx) {
          // One transaction: the entry is written with the change, or neither is.
          const result = await handle(ctx);
          await db
            .insert(auditLog)
            .values({ ...entry(), details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails } });
          return result;
        }
        // No transaction: a handler may have made its side effect (a charge stored) before it fails.
        // The attempt is written first and its outcome after, so a failure is on the record too.
        const [row] = await db
          .insert(auditLog)
          .values({ ...entry(), details: { ...redact(body), ...tokenDetails, outcome: 'attempted' } })
          .returning({ id: auditLog.id });
        const outcome = async (details: Record<string, unknown>) =>
          db
            .update(auditLog)
            .set({
              account: entry().account,
              details: { ...redact(body), ...ctx.auditDetails, ...tokenDetails, ...details },
            })
            .where(eq(auditLog.id, row.id));
        try {
          const result = await handle(ctx);
          await outcome({ outcome: 'done' });
          return result;
        } catch (err) {
          await outcome({
            outcome: 'failed',
            error: err instanceof AppError ? `${err.code}: ${err.message}` : 'internal error',
          });
          throw err;
        }
      };
      try {
        const answer = useTx
          ? await app.deps.db.transaction((tx) => run(tx as unknown as Db))
          : await run(app.deps.db);
        return reply.sent ? reply : answer;
      } catch (err) {
        // Counted outside the call's transaction, which the refusal rolled back.
        if (declinesOf && err instanceof AppError && err.code === 'refused') {
          await app.deps.limiter.countDecline(declinesOf);
        }
        if (claimed) await keepFailure(app, req, claimed, err, useTx);
        throw err;
      }
    },
  });
}

/** What the client receives for a handler's result: the envelope, or the document as it is. */
function wireAnswer(app: FastifyInstance, call: CallDef, result: unknown): unknown {
  if (!call.envelope) {
    // A document other programs read as it is (the API description), not in the envelope.
    checkResponse(app, call, result);
    return result;
  }
  if (result instanceof Answer) {
    checkResponse(app, call, result.data, result.top);
    return { status: 1, message: result.message, ...result.top, data: result.data };
  }
  checkResponse(app, call, result);
  return { status: 1, message: '', data: result };
}

/**
 * A keyed request that failed: a refusal (AppError) is its answer and is replayed; an unexpected
 * failure of a transactional call changed nothing, so the key is given up and a retry runs again;
 * one of a call without a transaction may have done part of its work (a charge), so its failure is
 * replayed rather than risk doing it twice.
 */
async function keepFailure(
  app: FastifyInstance,
  req: FastifyRequest,
  claimed: Claim,
  err: unknown,
  transactional: boolean,
): Promise<void> {
  try {
    if (err instanceof AppError)
      await keep(app.deps.db, claimed, { httpStatus: HTTP_STATUS[err.code], answer: envelopeOf(err) });
    else if (transactional) await release(app.deps.db, claimed);
    else
      await keep(app.deps.db, claimed, {
        httpStatus: 500,
        answer: { status: 0, message: commonText.internalError, code: 'internal', request_id: req.id },
      });
  } catch (keepErr) {
    // The database is likely down: the key stays 'running' (a duplicate gets 409) until it is stale.
    req.log.error({ err: keepErr }, 'idempotency key: the answer could not be kept');
  }
}

async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<Caller> {
  const header = req.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw expired();
  if (isApiToken(token)) return authenticateApiToken(app, req, token);
  const caller = await app.deps.tokens.verify(token);
  if (!caller) throw expired();
  // The session decides, not the token: one query, which also reads the caller's own account.
  const { db, sessionTimes, sessionCache } = app.deps;
  const self = await liveSession(db, caller, app.deps.now(), sessionTimes, sessionCache);
  if (!self) throw expired();
  caller.self = self;
  req.caller = caller;
  return caller;
}

/**
 * Staff and admins without a second factor, under PORTAL_STAFF_MFA=required, may make only the
 * setup calls: every other call is refused (403, `mfa_setup_required`). Customers are never asked,
 * and the policy `optional` costs no query.
 */
async function requireSecondFactor(app: FastifyInstance, caller: Caller): Promise<void> {
  const policy = app.deps.config.PORTAL_STAFF_MFA;
  if (policy !== 'required' || !isStaff(caller)) return;
  if (await setupRequired(app.deps.db, policy, { logname: caller.username, role: caller.role }))
    throw setupRequiredRefusal();
}

/**
 * A personal access token (auth/api-tokens.ts): its own rate limit, counted per account (all its
 * tokens together) and per client, before the call does anything.
 */
async function authenticateApiToken(
  app: FastifyInstance,
  req: FastifyRequest,
  token: string,
): Promise<Caller> {
  const caller = await apiTokenCaller(app.deps.db, token, app.deps.now());
  if (!caller) throw expired();
  await app.deps.limiter.hit('token', { account: caller.username, client: clientKey(req.ip) });
  req.caller = caller;
  return caller;
}

/** What a token may call: never an interactive call; with scope `read`, GET calls only. */
function checkTokenUse(token: ApiTokenUse, call: CallDef, interactive: boolean): void {
  if (interactive) throw forbidden(apiTokenText.sessionOnly);
  if (token.scope === 'read' && call.method !== 'GET') throw forbidden(apiTokenText.readOnly);
}

async function authorize<C extends CallDef>(db: Db, access: Access<C>, ctx: CallContext<C>): Promise<void> {
  if (access === 'public' || access === 'optional') return;
  const caller = ctx.caller as Caller;
  if (access === 'user') return;
  if (access === 'staff') {
    if (!isStaff(caller)) throw forbidden();
    return;
  }
  const input = { params: ctx.params, body: ctx.body, caller };
  if ('account' in access) {
    const account = await authorizeAccount(db, caller, access.account(input), access.scope ?? 'self');
    ctx.account = account;
    if (access.target) ctx.target = await authorizeTarget(db, account, access.target(input));
    return;
  }
  if ('site' in access) {
    const granted = await authorizeSite(db, caller, access.site(input), access.scope ?? 'self');
    ctx.site = granted.site;
    ctx.account = granted.account;
    return;
  }
  ctx.domain = await authorizeDomain(db, caller, access.domain(input), access.scope, access.owner?.(input));
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // With the input, a field that was sent with the wrong type is told so, not called missing.
  const errors = fieldErrors(result.error, value);
  const [field, text] = Object.entries(errors)[0] ?? ['_', commonText.invalidInput];
  throw invalid(field === '_' ? text : `${field}: ${text}`, errors);
}

/** The rule as the access matrix, docs/access.md and the API document name it. */
function describe(access: Access<CallDef>): string {
  if (typeof access === 'string') return access;
  if ('account' in access) return `account:${access.scope ?? 'self'}${access.target ? '+secondary' : ''}`;
  if ('site' in access) return `site:${access.scope ?? 'self'}`;
  return access.scope === 'owner' ? 'domain:owner' : 'domain';
}

/** In tests, every answer is checked against the contract so server and client cannot drift. */
function checkResponse(app: FastifyInstance, call: CallDef, data: unknown, top: unknown = {}): void {
  if (!app.deps.checkResponses) return;
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

export type { BodyOf, ParamsOf };

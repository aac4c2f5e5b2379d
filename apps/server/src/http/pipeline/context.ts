import type { CallDef } from '@portal/contract/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AccountRef, AccountScope, DomainRecord, DomainScope, SiteRef } from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import type { LimitName } from '../limits.ts';

/**
 * A route as the pipeline runs it (http/route.ts builds it once, when the route is registered):
 * the contract's call and what the route's options decided about it.
 */
export interface Plan<C extends CallDef = CallDef> {
  call: C;
  /** The access rule, as route() was given it (http/route.ts `Access`). */
  access: Access<C>;
  /** Runs in one transaction. */
  transaction: boolean;
  /** Staff calls (and customers' own changes) are written to the audit log. */
  audited: boolean;
  /** Takes the Idempotency-Key header. */
  idempotent: boolean;
  /** Refused to a personal access token. */
  interactive: boolean;
  /** May be made by a staff session that has still to set up its second factor. */
  beforeSecondFactor: boolean;
  /** The customer must send their current password (http/grant.ts). */
  grant: boolean;
  /** Card declines are checked and counted (http/rate-limit.ts). */
  cardDeclines: boolean;
  limit: LimitName | undefined;
}

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

/** What the parse stage read from the request, by the call's schemas. */
export interface Parsed<C extends CallDef = CallDef> {
  params: z.output<C['params']>;
  /** The query string of a GET call (its contract's `query`). */
  query: z.output<C['query']>;
  /** A POST call's body; undefined on a GET call. */
  body: z.output<C['body']>;
}

export interface CallContext<C extends CallDef = CallDef> extends Parsed<C> {
  /** Null only on public routes, and on optional ones called without a token. */
  caller: Caller | null;
  /**
   * The account the call acts on: the one an account rule named. A staff-only handler may set the
   * account it acts on, for its audit entry.
   */
  account?: AccountRef;
  /** The account the call acts on, that an account rule's `target` named (the account or its Secondary). */
  target?: AccountRef;
  /** The domain a domain rule named: its row, locked in a transaction. */
  domain?: DomainRecord;
  /** The website a site rule named (its owner is `account`). */
  site?: SiteRef;
  /** The database, or the route's transaction for routes that change data. */
  db: Db;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Adds details to this call's audit entry (written for every change made by staff). */
  auditDetails: Record<string, unknown>;
}

/** A call as route() registered it: what the OpenAPI document and the access checks read. */
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

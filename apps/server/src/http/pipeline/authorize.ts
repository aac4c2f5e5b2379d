import type { CallDef } from '@portal/contract/http';
import { checkSetupReach } from '../../auth/mfa.ts';
import {
  type AccountRef,
  authorizeAccount,
  authorizeDomain,
  authorizeSite,
  authorizeTarget,
  type DomainRecord,
  isStaff,
  type SiteRef,
} from '../../auth/policy.ts';
import type { Caller } from '../../auth/tokens.ts';
import type { Db } from '../../db/index.ts';
import { forbidden } from '../../lib/errors.ts';
import type { Access, Parsed } from './context.ts';

/** What an access rule found and checked: the objects the call acts on (http/route.ts `Granted`). */
export interface Grants {
  account?: AccountRef;
  target?: AccountRef;
  domain?: DomainRecord;
  site?: SiteRef;
}

/**
 * Stage 7, in the call's transaction: the access rule (auth/policy.ts). Every id is looked up with
 * its owner; a caller who may not use it is refused (403, or 404 for staff naming an object through
 * the wrong account). A session confined to its own account (the second-factor gate's answer)
 * reaches nothing else. In a transaction (`inTransaction`) a domain rule's row is locked for the
 * handler, which gets the row itself.
 */
export async function authorize<C extends CallDef>(
  db: Db,
  access: Access<C>,
  caller: Caller | null,
  input: Pick<Parsed<C>, 'params' | 'body'>,
  confinedTo: string | null,
  inTransaction = false,
): Promise<Grants> {
  const grants = await grantsOf(db, access, caller, input, inTransaction);
  checkSetupReach(confinedTo, [grants.account?.logname, grants.target?.logname, grants.domain?.owner]);
  return grants;
}

async function grantsOf<C extends CallDef>(
  db: Db,
  access: Access<C>,
  caller: Caller | null,
  { params, body }: Pick<Parsed<C>, 'params' | 'body'>,
  inTransaction: boolean,
): Promise<Grants> {
  if (access === 'public' || access === 'optional') return {};
  // Every other rule runs after the authenticate stage, which refuses a call without a caller.
  if (!caller) throw forbidden();
  if (access === 'user') return {};
  if (access === 'staff') {
    if (!isStaff(caller)) throw forbidden();
    return {};
  }
  const input = { params, body, caller };
  if ('account' in access) {
    const account = await authorizeAccount(db, caller, access.account(input), access.scope ?? 'self');
    if (!access.target) return { account };
    return { account, target: await authorizeTarget(db, account, access.target(input)) };
  }
  if ('site' in access) {
    const { site, account } = await authorizeSite(db, caller, access.site(input), access.scope ?? 'self');
    return { site, account };
  }
  return {
    domain: await authorizeDomain(
      db,
      caller,
      access.domain(input),
      access.scope,
      access.owner?.(input),
      inTransaction,
    ),
  };
}

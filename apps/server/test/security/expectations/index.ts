import { accountExpectations } from './account.ts';
import { adminExpectations } from './admin.ts';
import { agentExpectations } from './agent.ts';
import { billingExpectations } from './billing.ts';
import { domainsExpectations } from './domains.ts';
import { hostingExpectations } from './hosting.ts';
import { mailExpectations } from './mail.ts';
import { miscExpectations } from './misc.ts';
import { securityExpectations } from './security.ts';
import { sessionExpectations } from './session.ts';
import { toolsExpectations } from './tools.ts';
import { GRANTED_DOMAIN, WORLD_ACCOUNTS, WORLD_DOMAINS, WORLD_GRANTS } from '../world.ts';
import type { Expectation, Objects, Outcome, TargetName, Who } from './types.ts';

export * from './types.ts';

/**
 * The expectations table of the access matrix (access-matrix.test.ts, docs/access.md): for every
 * registered call, the access rule it must be registered with, what it addresses, and a valid
 * sample request for each target. Who may do what follows from the rule and the accounts of the
 * matrix's world (../world.ts, which the test makes in its own database); the
 * test sends every request and checks the class of every answer.
 *
 * Each area keeps its entries in its own file here (`<area>.ts`); a new route's entry goes in its
 * area's file, or in misc.ts until it has one. The order below is the order of docs/access.md.
 */
const AREAS: Record<string, Record<string, Expectation>> = {
  session: sessionExpectations,
  account: accountExpectations,
  billing: billingExpectations,
  domains: domainsExpectations,
  mail: mailExpectations,
  hosting: hostingExpectations,
  admin: adminExpectations,
  tools: toolsExpectations,
  agent: agentExpectations,
  security: securityExpectations,
  misc: miscExpectations,
};

/** The areas' tables joined; a call listed by two areas is a mistake, caught as the table loads. */
function joinAreas(areas: Record<string, Record<string, Expectation>>): Record<string, Expectation> {
  const all: Record<string, Expectation> = {};
  const areaOf = new Map<string, string>();
  for (const [area, table] of Object.entries(areas)) {
    for (const [call, entry] of Object.entries(table)) {
      const other = areaOf.get(call);
      if (other) throw new Error(`${call} is listed in expectations/${other}.ts and expectations/${area}.ts`);
      areaOf.set(call, area);
      all[call] = entry;
    }
  }
  return all;
}

/** Keyed "METHOD path", exactly as registered. */
export const EXPECTATIONS: Record<string, Expectation> = joinAreas(AREAS);

const ACCOUNTS = new Map(WORLD_ACCOUNTS.map((a) => [a.logname, a]));

/** The names of each target (the test fills in the serial ids). */
export const TARGET_ACCOUNT: Record<TargetName, string> = {
  '-': 'alice',
  A: 'alice',
  B: 'bob',
  C: 'carol',
  'A×B': 'alice',
  'B×A': 'bob',
  'A×?': 'alice',
  G: 'alice',
  '?': 'alice',
};
/** The owner of objects that do not exist. */
export const NOBODY = '?';
/** Whose objects a target names. */
export const TARGET_OBJECTS: Record<TargetName, string> = {
  '-': 'alice',
  A: 'alice',
  B: 'bob',
  C: 'alice',
  'A×B': 'bob',
  'B×A': 'alice',
  'A×?': NOBODY,
  G: 'alice',
  '?': NOBODY,
};
export { GRANTED_DOMAIN };
/** The domain of target `?`. */
export const MISSING_DOMAIN = 'no-such-domain-probe.com';
/** The objects of targets `A×?` and `?`: ids and names no row of the world has. */
export const MISSING_OBJECTS: Objects = {
  domain: MISSING_DOMAIN,
  alias: 'no-such-alias',
  vid: 999_999,
  devsite: 999_998,
  card: 999_999,
  tcid: 999_999,
  tempId: 999_999,
  tempName: 'no-such-temp-alias',
  recovery: 999_999,
  invoice: '19990101-0000',
  payment: 'matrix-no-such-payment',
  passkey: 999_999,
  session: '00000000-0000-4000-8000-000000000000',
  apiToken: '0000000000000000',
  mailAppPassword: '0000000000000000',
};

const isStaffWho = (who: Who) => {
  const role = ACCOUNTS.get(who)?.role;
  return role === 'staff' || role === 'admin';
};

/**
 * The rules the policy derives from another (auth/policy.ts), each with the one it narrows: who
 * passes the base rule and is refused by the derived one is told the derived rule's own text
 * (an entry's `policyRefusal`); the others get the base rule's refusal.
 */
const BASE_RULES: Record<string, string> = {
  'domain:owner': 'domain',
  'account:info': 'account:read',
  'account:statement': 'account:self',
  'account:self+secondary': 'account:self',
  'account:staff': 'staff',
  'site:self': 'account:self',
};
export const baseRule = (rule: string): string => BASE_RULES[rule] ?? rule;

/** The expected class of answer of one request, from the call's rule and the world's accounts. */
export function expected(e: Expectation, who: Who, target: TargetName): Outcome {
  if (e.special === 'agent') return 'unauthenticated';
  const rule = e.access;
  if (rule === 'public') return 'pass';
  if (who === 'none') return rule === 'optional' ? 'pass' : 'unauthenticated';
  if (rule === 'optional' || rule === 'user') return 'pass';
  const staff = isStaffWho(who);
  // Staff only; with an account named, the account must exist too (every target's does).
  if (rule === 'staff' || rule === 'account:staff') return staff ? 'pass' : 'refused';
  // What does not exist is refused, to staff too (who are told it is missing: 404).
  if (TARGET_OBJECTS[target] === NOBODY) return 'refused';
  // An object named through an account it does not belong to is refused, to staff too.
  if (TARGET_ACCOUNT[target] !== TARGET_OBJECTS[target] && e.kind === 'object') return 'refused';
  if (rule === 'domain' || rule === 'domain:owner') {
    const domain = target === 'G' ? GRANTED_DOMAIN : undefined;
    const owner = TARGET_ACCOUNT[target];
    if (staff || who === owner) return 'pass';
    if (rule === 'domain:owner') return 'refused';
    const granted = WORLD_GRANTS.some(
      (g) => g.admin === who && g.owner === owner && (!g.domain || g.domain === domain),
    );
    return granted ? 'pass' : 'refused';
  }
  const account = ACCOUNTS.get(TARGET_ACCOUNT[target]);
  if (!account) return 'refused';
  const secondary = account.account_role === 'Secondary';
  const notSecondary = ['account:billing', 'account:primary', 'account:info', 'account:statement'];
  if (notSecondary.includes(rule) && secondary) return 'refused';
  // A credential is its person's own (20): not staff's, nor a primary's over its Secondary.
  if (rule === 'account:own') return who === account.logname ? 'pass' : 'refused';
  if (staff || who === account.logname) return 'pass';
  if (rule === 'account:read' || rule === 'account:info') {
    const me = ACCOUNTS.get(who);
    if (me?.account_role === 'Secondary' && me.dashboard_admin && me.primary === account.logname)
      return 'pass';
  }
  return 'refused';
}

/** The domain a domain target names: its owner's first in the world. */
export function domainOf(target: TargetName): string {
  if (target === 'G') return GRANTED_DOMAIN;
  if (target === '?') return MISSING_DOMAIN;
  const owner = TARGET_OBJECTS[target];
  const found = WORLD_DOMAINS.find((d) => d.owner === owner);
  if (!found) throw new Error(`no domain of ${owner} in the world`);
  return found.domain;
}

/**
 * The vocabulary of the access matrix's expectations table (access-matrix.test.ts, docs/access.md):
 * identities, what a call addresses, its targets, and the shape of one entry. The entries are in
 * the area files beside this one; index.ts joins them.
 */

export const IDENTITIES = ['none', 'alice', 'bob', 'carol', 'dave', 'staff', 'admin'] as const;
export type Who = (typeof IDENTITIES)[number];

export const IDENTITY_NOTES: Record<Who, string> = {
  none: 'no token',
  alice: 'customer A (Primary)',
  bob: 'customer B (Primary)',
  carol: 'Secondary of A',
  dave: 'Secondary of A, dashboard admin, granted admin of harbor-studio.org',
  staff: 'staff',
  admin: 'admin',
};

/**
 * What a call addresses, which decides its targets:
 * - `none`: nothing (one target, `-`);
 * - `account`: an account (A, B, and C, the Secondary carol);
 * - `object`: an account and one of its objects (also A×B: A's account naming B's object, and
 *   B×A; C names A's object);
 * - `owned`: only an object, whose owner is the account (A's object, B's object);
 * - `domain`: a domain (A's, B's, and G: A's domain granted to dave).
 * Object, owned and domain calls are also sent naming what does not exist (A×?, ?): refused alike,
 * 403 for customers, whether or not the object exists.
 */
export type Kind = 'none' | 'account' | 'object' | 'owned' | 'domain';

export type TargetName = '-' | 'A' | 'B' | 'C' | 'A×B' | 'B×A' | 'A×?' | 'G' | '?';

export const TARGETS: Record<Kind, TargetName[]> = {
  none: ['-'],
  account: ['A', 'B', 'C'],
  object: ['A', 'B', 'C', 'A×B', 'B×A', 'A×?'],
  owned: ['A', 'B', '?'],
  domain: ['A', 'B', 'G', '?'],
};

export const TARGET_NOTES: Record<TargetName, string> = {
  '-': 'the call names no account or object',
  A: "alice's account (or domain, or object)",
  B: "bob's account (or domain, or object)",
  C: "carol's account (a Secondary of alice); object calls name alice's object",
  'A×B': "alice's account naming bob's object",
  'B×A': "bob's account naming alice's object",
  'A×?': "alice's account naming an object that does not exist",
  G: 'harbor-studio.org: alice’s domain on which dave is a granted admin',
  '?': 'an object or domain that does not exist',
};

/** The objects a sample names (serial ids are looked up in the database by the test). */
export interface Objects {
  domain: string;
  alias: string;
  vid: number;
  devsite?: number;
  /** cards.id */
  card?: number;
  tcid: number;
  /** temp_emails.id and name */
  tempId?: number;
  tempName?: string;
  /** recovery_emails.id */
  recovery?: number;
  invoice: string;
  /** payments.trans_id of an approved payment (its receipt) */
  payment?: string;
  /** passkeys.id (the matrix adds one for alice and bob: the import makes none) */
  passkey?: number;
  /** sessions.public_id of a spare session */
  session?: string;
  /** api_tokens.id (personal access tokens; the matrix makes one for alice and bob) */
  apiToken?: string;
  /** mail_app_passwords.id (app passwords for mail; the matrix makes one for alice and bob) */
  mailAppPassword?: string;
}

export interface Target {
  name: TargetName;
  /** The account the request names. */
  account: string;
  /** The objects the request names (another account's for the cross targets). */
  obj: Objects;
  /** The test clock's now: the samples' dates are relative to it. */
  now: Date;
}

export type Outcome = 'pass' | 'unauthenticated' | 'refused';

export interface Sample {
  params?: Record<string, string | number>;
  body?: unknown;
}

export interface Expectation {
  /** The rule the route must be registered with (route() describes it; the policy's, auth/policy.ts). */
  access: string;
  kind: Kind;
  /** 'agent': the agent API, guarded by the agent credential: no user token passes. */
  special?: 'agent' | 'logout';
  /** The sample deletes its object: after the first success on a target, later callers find it gone (403/404). */
  deletes?: true;
  /** A 4xx is the normal answer to the sample (e.g. an unknown confirmation token). */
  business?: true;
  /**
   * The answers other than a 2xx an authorised caller may get, each with the reason (e.g. 409 when
   * a second caller adds the same object). Any other status, and always 401 and 403, fails.
   */
  answers?: Partial<Record<number, string>>;
  /**
   * The text of the rule's own refusal to a caller its base rule (`baseRule`, e.g. `domain` for
   * `domain:owner`) lets through, who therefore knows the object exists (a granted domain admin);
   * every other refusal of a customer says "Permission denied".
   */
  policyRefusal?: string;
  /** The answer is an HTML page (a link opened from a mail), not the JSON envelope. */
  page?: true;
  /** The call hands lasting access: each caller sends their own current password (http/grant.ts). */
  grant?: true;
  sample: (t: Target) => Sample | null;
  note?: string;
}

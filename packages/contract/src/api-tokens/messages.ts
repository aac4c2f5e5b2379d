/** Texts of personal access tokens: the screen, the API's refusals and the expiry mail. */
export const apiTokenText = {
  nameRequired: 'Please give the token a name',
  expiryRequired: 'Please choose when the token expires',
  expiryPast: 'The expiry must be in the future',
  expiryTooFar: (days: number) => `A token expires at most ${days} days (one year) from now`,
  nameTaken: (name: string) => `You already have a token named "${name}"`,
  tooMany: (max: number) => `An account may have at most ${max} tokens; revoke one first`,
  staffAccount: 'Staff accounts cannot have API tokens: sign in to work on an account',
  /** A token used on a call it may not make (scope `read` on a call that changes something). */
  readOnly: 'This token may only read (GET calls): create a token with full access to make changes',
  /** A token used on a call that needs a signed-in session (tokens, passwords, grants, second factor). */
  sessionOnly: 'This call needs a signed-in session: an API token cannot make it',
  created: 'Token created',
  shownOnce: 'Copy the token now: it is shown only once and cannot be read again.',
  revoked: 'Token revoked',
} as const;

/** The API Tokens screen's own labels and help (apps/web/src/features/account/api-tokens-page.tsx). */
export const apiTokenScreenText = {
  title: 'API Tokens',
  oneYear: '1 year',
  days: (n: number) => `${n} days`,
  never: 'Never',
  notCreated: 'Token not created',
  notRevoked: 'Token not revoked',
  name: 'Name',
  access: 'Access',
  full: 'Full',
  readOnly: 'Read only',
  created: 'Created',
  lastUsed: 'Last used',
  expires: 'Expires',
  expired: 'Expired',
  revoke: 'Revoke',
  /** The intro, around its `Authorization: Bearer …` example and its link to the API Reference. */
  introBefore:
    "A personal access token lets a script use the portal's API as this account, without a password: send it as",
  introAfter:
    '. A read-only token makes GET calls only. No token can make tokens, change passwords or hand access to anyone, and none carries staff power. Every call, with its parameters, answers and failures, is in the',
  apiReference: 'API Reference',
  dismiss: 'Dismiss the new token',
  staffNote: "Only the account itself can create tokens. You can see and revoke this account's tokens.",
  namePlaceholder: 'Nightly invoice export',
  expiresIn: 'Expires in',
  create: 'Create Token',
  empty: 'No API tokens',
  caption: 'API tokens',
} as const;

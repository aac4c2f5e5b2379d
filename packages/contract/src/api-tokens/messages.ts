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

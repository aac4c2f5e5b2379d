/**
 * The second factor's texts (their Spanish: second-factor-messages.es.ts): the sign-in's code step,
 * the Security screen's authenticator and the API's answers. A module of their own, so the login
 * screen, which loads the calls' references (second-factor-refs.ts), does not load them before the
 * code step is needed.
 */
export const secondFactorText = {
  mfaRequired: 'Enter the code from your authenticator app',
  wrongCode: 'That code is not right: please try again',
  codeUsed: 'That code was already used: wait for the next one',
  challengeExpired: 'This sign-in has expired: please sign in again',
  codeRequired: 'Please enter the code',
  notSetUp: 'Set up the authenticator first',
  alreadyOn: 'An authenticator is already on: turn it off first to change it',
  notOn: 'No authenticator is on for this account',
  turnedOn: 'The authenticator is on. Keep your recovery codes somewhere safe.',
  turnedOff: 'The authenticator is off',
  codesMade: 'New recovery codes made: the old ones no longer work',
  removed: (logname: string) => `The second factor of ${logname} was removed and its sessions ended`,
  staffOnlyOwn: 'Staff cannot set up a second factor for a customer: the customer does it themselves',
  setupRequired:
    'Staff accounts need a second factor: set up an authenticator app before anything else (Account → Security)',
  noSecondFactor: 'This account has no second factor',

  // a passkey as the second step (docs/decisions/077-passkey-second-factor.md)
  usePasskey: 'Use a passkey instead',
  /** The assertion did not verify: another account's passkey, a bad signature, a wrong site. */
  passkeyNotAccepted: 'This passkey was not accepted: use a passkey of this account, or enter a code',
  /** The browser's ceremony ended without an answer (cancelled, timed out, no passkey there). */
  passkeyCancelled: 'The passkey request was cancelled or timed out: try again, or enter a code',
  passkeyUnsupported: 'This browser cannot use passkeys: enter a code instead',
  /** The browser's ceremony failed for another reason (a wrong site, the authenticator's error). */
  passkeyFailed: 'The passkey could not be used: try again, or enter a code',
  passkeyFailedTitle: 'Passkey not used',
  noPasskey: 'This account has no passkey: enter a code instead',
  codeOrPasskey: 'Send a code or a passkey, not both',

  // the second step of the sign-in (apps/web/src/features/shell/code-step.tsx)
  stepTitle: 'Two-step sign-in',
  recoveryCodePrompt: 'Enter one of the recovery codes you kept when you set up the app. Each works once.',
  verify: 'Verify',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticator: 'Use the authenticator app instead',
  startOver: 'Start over',
  codeLabel: 'Code from your authenticator app',
  recoveryCodeLabel: 'Recovery code',
} as const;

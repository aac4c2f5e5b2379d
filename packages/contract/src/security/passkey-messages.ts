/** Texts of the passkeys: the Security screen's panel, the sign-in button, the mail. */
export const passkeyText = {
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  /** A passkey sign-in that failed: an unknown passkey, a bad signature, a wrong site or a replay. */
  notAccepted: 'This passkey was not accepted. Sign in with your password, or try another passkey.',
  /** The challenge the browser answered is unknown, used or older than its five minutes. */
  expired: 'The passkey request expired or was already used - please try again',
  /** The authenticator's answer to a registration did not verify. */
  rejected: 'The passkey could not be added - please try again',
  /** The same authenticator is already registered on the account. */
  duplicate: 'This passkey is already registered on your account',
  limit: (n: number) => `An account can have at most ${n} passkeys: remove one first`,
  invalidResponse: 'Invalid passkey response',
  nameMax: 'At most 64 characters',

  // the browser side
  panelTitle: 'Passkeys',
  panelIntro:
    'A passkey signs you in with your fingerprint, face, screen lock or security key instead of your password. It works only on this portal, so it cannot be phished.',
  none: 'You have no passkeys yet.',
  addButton: 'Add a passkey',
  signInButton: 'Sign in with a passkey',
  unsupported:
    'This browser cannot use passkeys. Use a current version of Chrome, Edge, Firefox or Safari, or sign in with your password.',
  cancelled: 'The passkey request was cancelled or timed out.',
  staffReadOnly: 'Only the customer can add, rename or remove their passkeys.',
  defaultName: 'Passkey',
  alreadyOnDevice: 'This device already has a passkey for your account.',
  addFailed: 'Passkey not added',
  renameFailed: 'Passkey not renamed',
  removeFailed: 'Passkey not removed',
  signInFailed: 'Passkey sign-in failed',
  removeConfirm: (name: string) =>
    `Remove the passkey "${name}"? It will no longer sign in to your account. Enter your current password to confirm.`,
  synced: 'Synced',
  deviceOnly: 'This device only',
  never: 'Never',

  // mail to the customer
  addedSubject: 'A passkey was added to your account',
  removedSubject: 'A passkey was removed from your account',
} as const;

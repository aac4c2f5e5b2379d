/**
 * The Security screen's texts (apps/web/src/features/security): its title, the panels' titles,
 * prose, labels and buttons. The API's own answers are in second-factor-messages.ts and
 * passkey-messages.ts.
 */
import { plural } from '../i18n/catalogue.ts';

export const securityText = {
  pageTitle: (account: string) => `Security of ${account}`,
  required: 'Required',

  // password
  passwordTitle: 'Password',
  passwordAbout:
    'The members panel password is the first thing the sign-in asks. Choose one you use nowhere else.',
  changePassword: 'Change the panel password',
  panelPassword: 'Panel password',

  // recovery codes
  recoveryTitle: 'Recovery codes',
  recoveryWithApp: 'Recovery codes come with the authenticator app: they sign you in when the phone is lost.',
  recoveryLeft: (left: number, all: number) =>
    `${left} of ${all} codes unused. Each signs in once instead of the app.`,
  recoveryNewHint: 'New codes replace the old ones, which stop working.',
  makeRecoveryCodes: 'Make new recovery codes',
  newRecoveryCodes: 'New recovery codes',
  codesFileText: (account: string) => `Recovery codes of ${account} (each works once):`,
  codesShownTitle: 'Your recovery codes: shown only now',
  codesShownAbout:
    'If your phone is lost, each of these codes signs you in once instead of the app. Keep them somewhere safe, away from the phone: this screen will not show them again.',
  copied: 'Copied',
  copyCodes: 'Copy the codes',
  downloadCodes: 'Download the codes',

  // recent sign-ins
  signInsTitle: 'Recent sign-ins',
  signInsAbout: (days: number) => `Every attempt to sign in to your account in the last ${days} days.`,
  when: 'When',
  result: 'Result',
  with: 'With',
  browser: 'Browser',
  network: 'Network',
  unknownBrowser: 'Unknown browser',
  /** A device in words, "Firefox 128 on Linux" (apps/server/src/lib/user-agent.ts). */
  deviceOn: (browser: string, system: string) => `${browser} on ${system}`,
  unknown: 'Unknown',
  noSignIns: 'No sign-ins.',
  noSignInsBecause: (why: string) => `No sign-ins: ${why}`,

  // where you are signed in
  sessionsTitle: 'Where you are signed in',
  signOutOthers: 'Sign out all other browsers',
  sessionsAbout: 'A session you do not recognise? Sign it out and change your password.',
  sessions: 'Sessions',
  noSessions: 'No sessions.',
  noSessionsBecause: (why: string) => `No sessions: ${why}`,
  notEnded: 'The session was not ended',
  /** The API's answers to ending a session and every other one. */
  sessionEnded: 'The session was ended.',
  sessionAlreadyEnded: 'The session had already ended.',
  sessionsEnded: (n: number) => (n === 1 ? '1 session was ended.' : `${n} sessions were ended.`),
  signedOutElsewhere: 'Signed out elsewhere',
  device: 'Device',
  thisBrowser: 'This browser',
  showOlder: (n: number, device: string) =>
    `Show ${n} older ${plural('en', n, { one: 'session', other: 'sessions' })} of ${device}`,
  signedInWith: 'Signed in with',
  signedIn: 'Signed in',
  lastActive: 'Last active',
  signOut: 'Sign out',
  signOutThe: (device: string) => `Sign out ${device}`,
  thisSession: 'this session',

  // the staff's second factor, before every other screen
  staffSetupTitle: 'Set up your second factor',
  staffSetupAbout:
    "Staff accounts can act on every customer's account, so they sign in with a password and a code from an authenticator app. Set up the app now: the portal opens once it is on.",
  staffSetupContinue: 'I have kept my recovery codes: continue',

  // the authenticator app
  authenticatorTitle: 'Authenticator app',
  authenticatorAbout:
    'An authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) shows a new six-digit code every 30 seconds. With it on, signing in asks for that code after the password, so a stolen password alone does not open the account.',
  authenticatorUnread: 'The state of the authenticator could not be read.',
  onSince: (since: string | null) => `On${since ? ` since ${since}` : ''}.`,
  offOnlyOwner: (account: string) => `Off. Only ${account} can turn it on, from their own sign-in.`,
  authenticatorOn: 'Authenticator on',
  authenticatorOff: 'Authenticator off',
  setUpApp: 'Set up an authenticator app',
  scanStep: '1. In the app, add an account and scan this code:',
  qrLabel: (account: string) => `QR code to add ${account} to an authenticator app`,
  typeKey: 'Cannot scan? Type this key into the app instead (a time-based key):',
  codeStep: '2. Enter the six-digit code the app shows',
  passwordStep: '3. Your panel password, to confirm it is you',
  passwordStepHint: 'A second factor is a lasting way in: a session alone cannot turn it on.',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  turnOffOpen: 'Turn off…',
  turnOffAbout: 'Turning it off needs your password and a code from the app (or a recovery code).',
  codeOrRecovery: 'Code from the app, or a recovery code',
  turnOff: 'Turn off the authenticator',
  keepOn: 'Keep it on',
  factorRemoved: 'Second factor removed',
  problems: 'Problems',
  removeWarning: (account: string) =>
    `Only after checking who is asking: ${account} is mailed, and every session of ${account} ends.`,
  removeFactorOf: (account: string) => `Remove the second factor of ${account}`,
  removeFactorOpen: 'Remove second factor…',

  // passkeys (the API's texts of them are in passkey-messages.ts)
  name: 'Name',
  added: 'Added',
  lastUsed: 'Last used',
  kind: 'Kind',
  actions: 'Actions',
  rename: 'Rename',
  remove: 'Remove',
  save: 'Save',
  passkeysUnavailable: 'Passkeys unavailable',
  passkeyName: 'Passkey name',
  passkeyNameHint: 'So you can tell your passkeys apart, e.g. Work laptop',
  renamePasskey: 'Rename passkey',
  removePasskey: 'Remove passkey',

  // account activity (each event's "what" and details are the API's)
  activityAbout: 'Changes made to your account by you, your secondary accounts and our staff.',
  activityExample: 'e.g. password, address, a domain',
  who: 'Who',
  what: 'What',
  details: 'Details',
  staff: 'Staff',
  noActivity: 'No activity yet.',
  noActivityBecause: (why: string) => `No activity: ${why}`,
  nothingMatches: 'Nothing matches the search.',
  activityCaption: 'Account activity',
  activityPages: 'Activity pages',
  pageControl: (control: 'first' | 'previous' | 'next' | 'last') => `${control} page`,
} as const;

/**
 * The Security screen's texts (apps/web/src/features/security): its title, the panels' titles,
 * prose, labels and buttons. The API's own answers are in second-factor-refs.ts and
 * passkey-messages.ts.
 */
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
  unknown: 'Unknown',
  noSignIns: 'No sign-ins.',
  noSignInsBecause: (why: string) => `No sign-ins: ${why}`,
} as const;

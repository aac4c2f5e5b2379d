/** Texts of app passwords for mail (docs/mail-servers-passwords.md): the screen, the API's refusals, the notice mail. */
export const mailAppPasswordText = {
  nameRequired: 'Please give the app password a name',
  nameTaken: (name: string) => `You already have an app password named "${name}"`,
  tooMany: (max: number) => `An account may have at most ${max} app passwords; revoke one first`,
  staffAccount: 'Staff accounts cannot have app passwords for mail',
  secondFactorNeeded:
    'Turn on the authenticator app first: only an account with a second factor may require app passwords',
  created: 'App password created',
  shownOnce: 'Enter this password in the device or app now: it is shown only once and cannot be read again.',
  revoked: 'App password revoked',
  notFound: 'App password not found',
  requireOn:
    'From about ten minutes from now, mail programs must use app passwords: the email password stops working for IMAP, POP3 and SMTP',
  requireOff: 'From about ten minutes from now, the email password works again for IMAP, POP3 and SMTP',
  resetRevoked: (n: number) =>
    n === 1 ? 'The app password for mail was revoked.' : `All ${n} app passwords for mail were revoked.`,
  requireUnchanged: 'Nothing to change: the setting is already so',
} as const;

/** The Mail Passwords screen's own labels and help (apps/web/src/features/account/mail-app-passwords-page.tsx). */
export const mailAppPasswordScreenText = {
  title: 'Mail Passwords',
  intro:
    "An app password lets one mail program or device read (IMAP, POP3) or send (SMTP) mail as this account, instead of your email password. Make one per device, so that you can revoke a lost phone's without changing anything else. The portal makes the password; you cannot choose it.",
  scopeAll: 'IMAP/POP3 and SMTP',
  scopeBoth: 'Both',
  never: 'Never',
  notCreated: 'App password not created',
  notRevoked: 'App password not revoked',
  settingSaved: 'Setting saved',
  settingNotChanged: 'Setting not changed',
  name: 'Name',
  namePlaceholder: 'Phone',
  for: 'For',
  created: 'Created',
  lastUsed: 'Last used',
  revoke: 'Revoke',
  dismiss: 'Dismiss the new app password',
  create: 'Create App Password',
  empty: 'No app passwords',
  caption: 'App passwords for mail',
  requireTitle: 'Require app passwords',
  requireHelp:
    'When on, your email password no longer works in mail programs (IMAP, POP3, SMTP): only app passwords do, so a stolen email password cannot read your mail. Changes take about ten minutes to reach the mail servers.',
  pendingAt: (on: boolean, time: string) => `${on ? 'Turning on' : 'Turning off'} at about ${time}.`,
  requireSwitch: 'Mail programs must use app passwords',
  currentPassword: 'Your current password (to change this)',
} as const;

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

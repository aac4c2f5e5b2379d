/** The password reset link's mail (apps/server/src/features/account/resets.ts). */
export const resetMailText = {
  panelPassword: 'members panel',
  emailPassword: 'email/unix',
  subject: (name: string) => `Reset of your ${name} password`,
  body: (name: string, owner: string, minutes: number, link: string) =>
    [
      `Someone (we hope you) asked to reset the ${name} password of account ${owner}.`,
      '',
      `To choose a new password, open this link within ${minutes} minutes:`,
      '',
      link,
      '',
      'The link works once. If you did not ask for a reset, ignore this message: your password stays as it is.',
    ].join('\n'),
};

/** The account notices' texts (apps/server/src/lib/account-notice.ts) written in a language so far. */
export const accountNoticeText = {
  /** The line that closes every account notice. */
  closing:
    'If you did not make this change, sign in and change your password at once, and call the help desk.',
  newDeviceSubject: 'New sign-in to your account',
  unknown: 'unknown',
  newDeviceBody: (account: string, when: string, browser: string, network: string) =>
    [
      `Your account ${account} was signed in to from a browser that has not signed in to it before.`,
      '',
      `When: ${when} UTC`,
      `Browser: ${browser}`,
      `Network: ${network}`,
      '',
      'If this was you, there is nothing to do. Your sessions and recent sign-ins are listed on the Security screen, where you can sign other browsers out.',
    ].join('\n'),
};

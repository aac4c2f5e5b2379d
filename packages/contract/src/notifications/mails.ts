import { yearLabel } from '../domains/messages.ts';

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

/** The account notices' texts (apps/server/src/lib/account-notice.ts): who can reach or run the account changed. */
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

  /** The panel password changed (account/passwords.ts); `by` is who, or `byResetLink`. */
  passwordChangedSubject: (account: string) => `The password of account ${account} was changed`,
  passwordChanged: (account: string, by: string) =>
    `The members panel password of account ${account} was changed (by ${by}).`,
  byResetLink: 'a reset link',

  /** A recovery address added (mail/recovery.ts). */
  recoveryAddedSubject: (account: string) => `A recovery address was added to account ${account}`,
  recoveryAdded: (email: string, account: string, by: string) =>
    `${email} was added as a recovery address of account ${account} by ${by}.`,
  recoveryAddedThen: 'Once confirmed, password reset links of the account may be sent to it.',

  /** An app password for mail created, and what it is for (account/mail-app-passwords.ts). */
  appPasswordCreatedSubject: (account: string) =>
    `An app password for mail was created for account ${account}`,
  appPasswordCreated: (name: string, scope: string, account: string) =>
    `An app password named "${name}" for ${scope} was created for account ${account}.`,
  appPasswordScopes: {
    all: 'reading (IMAP, POP3) and sending (SMTP) mail',
    imap: 'reading mail (IMAP, POP3)',
    smtp: 'sending mail (SMTP)',
  },
  appPasswordUntil: 'It works until it is revoked on the Mail passwords page of the Members Portal:',
  /** App passwords for mail required, or no longer; the body is mailAppPasswordText's requireOn or requireOff. */
  appPasswordsRequiredSubject: (account: string) => `Account ${account} now requires app passwords for mail`,
  appPasswordsNotRequiredSubject: (account: string) =>
    `Account ${account} no longer requires app passwords for mail`,

  /** An API token created (account/api-tokens.ts). */
  apiTokenCreatedSubject: (account: string) => `An API token was created for account ${account}`,
  apiTokenCreated: (name: string, access: string, account: string) =>
    `An API token named "${name}" with ${access} access was created for account ${account}.`,
  apiTokenAccess: { full: 'full', read: 'read-only' },
  apiTokenUntil: (expires: Date) =>
    `It works until ${expires.toUTCString()} unless revoked on the API tokens page of the Members Portal:`,

  /** A domain admin added (domains/permissions.ts): of one domain, or of all the owner's. */
  domainAdminAddedSubject: (account: string) => `A domain admin was added to account ${account}`,
  domainAdminAdded: (by: string, admin: string, domains: string) =>
    `${by} made account ${admin} an admin of ${domains}.`,
  allDomainsOf: (account: string) => `all the domains of account ${account}`,
  domainAdminMay:
    'A domain admin may change where the domain’s mail goes, its contact address and its renewal.',

  /** The second factor (security/second-factor.ts): on, off, new recovery codes, removed by staff. */
  secondFactorOnSubject: (account: string) => `A second factor is on for account ${account}`,
  secondFactorOn: (account: string, by: string) =>
    `An authenticator app now protects the sign-in of account ${account} (set up by ${by}).`,
  secondFactorOnThen: 'Signing in now asks for a code from the app, or one of the recovery codes.',
  secondFactorOffSubject: (account: string) => `The second factor of account ${account} is off`,
  secondFactorOff: (account: string, by: string) =>
    `The authenticator app of account ${account} was turned off (by ${by}).`,
  secondFactorOffThen: 'Signing in now asks for the password only.',
  recoveryCodesSubject: (account: string) => `New recovery codes for account ${account}`,
  recoveryCodes: (account: string, by: string) =>
    `New recovery codes were made for account ${account} (by ${by}); the old ones no longer work.`,
  secondFactorRemovedSubject: (account: string) => `The second factor of account ${account} was removed`,
  secondFactorRemoved: (staff: string, account: string) =>
    `Our staff (${staff}) removed the second factor of account ${account} at your request.`,
  secondFactorRemovedThen:
    'Every session of the account was ended. Sign in with your password and set up a new authenticator app.',

  /**
   * A passkey added or removed (security/passkey-routes.ts, mailed as a security notice); the
   * subjects are passkeyText's, beside the screen's texts.
   */
  passkeyAdded: (name: string, account: string, at: Date) =>
    `A passkey named "${name}" was added to your account ${account} on ${at.toUTCString()}.`,
  passkeyAddedThen: 'It can sign in to the members portal without your password.',
  passkeyRemoved: (name: string, account: string, at: Date) =>
    `The passkey named "${name}" was removed from your account ${account} on ${at.toUTCString()}.`,
  passkeyRemovedThen: 'It can no longer sign in to the members portal.',
  passkeyClosing: (helpDesk: string) =>
    `If this was not you, sign in, remove the passkey under Account > Security, change your panel password, and contact ${helpDesk}.`,
};

/**
 * Other customer mails the server writes: the temporary alias expired (mail/workers.ts), the API
 * token expiring (account/api-tokens.ts), the confirmation links of a recovery address, an
 * auto-responder's reply address and a newsletter subscription.
 */
export const customerMailText = {
  aliasExpiredSubject: (address: string) => `Temporary alias ${address} has expired`,
  aliasExpiredBody: (address: string, expired: Date, forwardsTo: string, fades: Date, reserved: Date) =>
    [
      `Your temporary alias ${address} expired on ${expired.toUTCString()} and no longer forwards to ${forwardsTo}.`,
      '',
      `You can extend it on the Temporary Email page of the Members Portal until ${fades.toUTCString()}.`,
      `After that it fades; its name stays reserved until ${reserved.toUTCString()} and cannot be used by anyone.`,
    ].join('\n'),
  apiTokenExpiringSubject: (name: string, expires: Date) =>
    `API token "${name}" expires on ${expires.toUTCString()}`,
  apiTokenExpiringBody: (name: string, account: string, expires: Date, pageUrl: string) =>
    [
      `The API token "${name}" of account ${account} expires on ${expires.toUTCString()}.`,
      'Scripts that use it will then be refused. To keep them working, create a new token on the',
      `API tokens page of the Members Portal and put it in their place: ${pageUrl}`,
    ].join('\n'),
  recoveryConfirmSubject: 'Please confirm your recovery address',
  recoveryConfirmBody: (email: string, account: string, hours: number, link: string) =>
    [
      `${email} was added as a recovery address of account ${account}: password reset links of that account may be sent to it.`,
      '',
      `To confirm, open this link within ${hours} hours:`,
      '',
      link,
      '',
      'If you do not know this account, ignore this message: no reset links will be sent to you.',
    ].join('\n'),
  /** The confirmation link of an auto-responder's reply address that is not the account's own (mail/auto-responder.ts). */
  replyToConfirmSubject: 'Please confirm the reply address of an auto-responder',
  replyToConfirmBody: (
    account: string,
    mailbox: string,
    replyTo: string,
    start: string,
    end: string,
    hours: number,
    link: string,
  ) =>
    [
      `Account ${account} asked that vacation replies from ${mailbox} be sent with ${replyTo} as their sender, from ${start} to ${end}.`,
      '',
      `To allow it, open this link within ${hours} hours:`,
      '',
      link,
      '',
      'If you do not know this account, ignore this message: no reply will be sent in your name.',
    ].join('\n'),
  /** The newsletter subscription's confirmation link (mail/newsletter.ts). */
  newsletterConfirmSubject: 'Please confirm your subscription to the Portal',
  newsletterConfirmBody: (account: string, email: string, link: string, pastIssues: string) =>
    [
      'Hello,',
      '',
      `Someone (account ${account}) asked to subscribe ${email} to the Portal, our monthly newsletter.`,
      'To confirm the subscription, open this link:',
      '',
      link,
      '',
      'If you did not ask for it, ignore this message: nothing will be sent to you.',
      `Past issues: ${pastIssues}`,
    ].join('\n'),
  /**
   * The requested secondary accounts exist (account/requests.ts), to the address the request named;
   * `rows` are the accounts, one line each. The staff's footer after it stays English.
   */
  accountsReadySubject: 'Your new accounts are ready',
  accountsReadyBody: (owner: string, rows: string[]) =>
    [
      `The secondary accounts requested for ${owner} are ready:`,
      '',
      ...rows,
      '',
      'Set their passwords under Account > Set Passwords for Secondaries in the members portal.',
    ].join('\n'),
  /**
   * A renewal asked for by hand, to the domain's contact address (domains/renewal.ts); the subject is
   * domainText's renewNoticeSubject. `by` names who asked, and `owner` the account when that was someone else.
   */
  renewalNoticeBody: (
    domain: string,
    years: number,
    price: string,
    expiration: string,
    newExpiration: string,
    by: string,
    owner: string | null,
  ) =>
    [
      `We have received your request to renew ${domain} for ${years} ${yearLabel(years)} ($${price}).`,
      '',
      `Current expiration date: ${expiration}`,
      `New expiration date: ${newExpiration}`,
      '',
      'The registry usually confirms a renewal within an hour; the domain list shows it as pending until then.',
      'The charge will appear on your next invoice.',
      '',
      `Requested by ${by}${owner === null ? '' : ` for ${owner}`}.`,
    ].join('\n'),
  /** A web app the hosting agent installed (hosting/changes.ts), to the address the request named. */
  appInstalledSubject: (app: string, url: string) => `${app} installed at ${url}`,
  appInstalledBody: (app: string, version: string, url: string) =>
    `${app} ${version} has been installed at ${url}.\n\nFinish its setup there.\n`,
  /** A devsite the hosting agent set up (hosting/changes.ts), to the request's contact address. */
  devsiteReadySubject: (domain: string) => `Your devsite for ${domain} is ready`,
  devsiteReadyBody: (domain: string, kind: string) =>
    `The devsite for ${domain} (${kind}) has been set up at dev.${domain}.\n`,
};

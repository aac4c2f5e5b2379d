import { z } from 'zod';
import { defineCall } from '../http.ts';
import { isLanguage, LANGUAGE_ENGLISH_NAMES } from '../i18n/languages.ts';
import { logname, text } from '../rules.ts';
import { NOTICE_SEND_TO } from '../notifications/calls.ts';
import { NOTICE_CATEGORIES } from '../notifications/categories.ts';
import { noticeText } from '../notifications/messages.ts';

/**
 * The account's activity: the changes made to it by the customer, its Secondaries or
 * staff, in words a customer understands, built from the audit log. Each audited call has its
 * sentence here; a summary names only the harmless fields it picks (a domain, an alias, a site),
 * never a password, a token or card data.
 */

/** Entries shown per page of the activity list. */
export const ACTIVITY_PAGE_SIZE = 25;

/** The audit entry's recorded request fields (already redacted). */
export type Details = Record<string, unknown>;

export interface Sentence {
  /** Short name of the change (the list's "What" column). */
  action: string;
  /** The change in a sentence, from the entry's harmless fields. */
  summary: (d: Details) => string;
}

/** A field as text when it is a short plain string or number, else ''. */
export const field = (d: Details, name: string): string => {
  const v = d[name];
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.length <= 255 && v !== '[redacted]' ? v : '';
};
/** " name" when the field has a value: "Renewed the domain example.com". */
export const named = (d: Details, ...names: string[]) => {
  for (const name of names) {
    const v = field(d, name);
    if (v) return ` ${v}`;
  }
  return '';
};
export const fixed = (action: string, summary: string): Sentence => ({ action, summary: () => summary });
/** " $25.00" from a field of dollars, or ''. */
export const dollars = (d: Details, name: string): string => {
  const v = Number(field(d, name));
  return field(d, name) && Number.isFinite(v) ? ` $${v.toFixed(2)}` : '';
};
/** " with the card ending 1111", or " with a card". */
const cardEnding = (d: Details, saved: boolean): string => {
  const last4 = field(d, 'ccn4');
  if (/^\d{4}$/.test(last4)) return ` with the ${saved ? 'saved ' : ''}card ending ${last4}`;
  return saved ? ' with a saved card' : ' with a card';
};
/** A payment: "Paid $25.00 with the card ending 1111." (its recorded `amount` is in cents, as parsed). */
const payment = (saved: boolean) => (d: Details) => {
  const cents = d.amount;
  const paid = Number.isInteger(cents) ? `Paid $${((cents as number) / 100).toFixed(2)}` : 'Made a payment';
  return `${paid}${cardEnding(d, saved)}.`;
};
/** " for 2 years", from a count of years. */
const forYears = (d: Details, name: string): string => {
  const n = Number(field(d, name));
  return Number.isInteger(n) && n > 0 ? ` for ${n} ${n === 1 ? 'year' : 'years'}` : '';
};
/** "2026-12-01 09:00 UTC" from an ISO date and time (its offset named when not UTC), or ''. */
export const when = (d: Details, name: string): string => {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::[\d.]+)?(Z|[+-]\d{2}:?\d{2})$/.exec(field(d, name));
  if (!m) return '';
  const zone = m[3] === 'Z' || /^[+-]00:?00$/.test(m[3] ?? '') ? 'UTC' : `UTC${m[3]}`;
  return `${m[1]} ${m[2]} ${zone}`;
};

/**
 * Keyed like the audit log's `action`: "METHOD path". The entries are told at read time from the
 * stored action and fields, so each caller reads them in its language (`activity.es.ts`).
 */
export const ACTIVITY_SENTENCES = {
  // account
  'POST /api/update-account-address': fixed('Account address changed', 'Changed the account address.'),
  'POST /api/update-bill-address': fixed('Billing address changed', 'Changed the billing address.'),
  'POST /api/user-change-password': fixed('Portal password changed', 'Changed the portal password.'),
  'POST /api/change-unix-password': fixed('Email password changed', 'Changed the email password.'),
  'POST /api/user-reset-password': {
    action: 'Password reset',
    summary: (d) => `Reset the portal password of${named(d, 'logname', 'account') || ' the account'}.`,
  },
  'POST /api/reset-unix-password': {
    action: 'Email password reset',
    summary: (d) => `Reset the email password of${named(d, 'logname', 'account') || ' the account'}.`,
  },
  'POST /api/change-statement-delivery': fixed(
    'Statement delivery changed',
    'Changed how statements are delivered.',
  ),
  'POST /api/request-accounts': fixed('Accounts requested', 'Asked for new secondary accounts.'),
  'POST /api/staff/secondary-request-done': fixed(
    'Accounts created',
    'The requested secondary accounts were created.',
  ),
  'POST /api/sendmessage': fixed('Message sent', 'Sent a message to the help desk.'),
  // billing
  'POST /api/add-card': fixed('Card added', 'Added a payment card.'),
  'POST /api/update-card': fixed('Card changed', 'Changed a payment card.'),
  'POST /api/delete-card': fixed('Card removed', 'Removed a payment card.'),
  'POST /api/single-payment': { action: 'Payment made', summary: payment(false) },
  'POST /api/saved-card-payment': { action: 'Payment made', summary: payment(true) },
  'POST /api/purchase-product': {
    action: 'Product bought',
    summary: (d) => `Bought a coworking product${named(d, 'product', 'product_id')}.`,
  },
  'POST /api/addtoaudit': fixed('Payment noted', 'A payment was noted on the account.'),
  // domains
  'POST /api/signagreement': {
    action: 'Agreement signed',
    summary: (d) =>
      `Signed the registration agreement${named(d, 'domain') ? ` for${named(d, 'domain')}` : ''}.`,
  },
  'POST /api/renew-domain': {
    action: 'Domain renewed',
    summary: (d) =>
      `Renewed the domain${named(d, 'renew_domain', 'domain')}${forYears(d, 'numyears')}${dollars(d, 'price') ? ` (${dollars(d, 'price').trim()})` : ''}.`,
  },
  'POST /api/domainedit': {
    action: 'Domain settings changed',
    summary: (d) => `Changed the settings of the domain${named(d, 'domain')}.`,
  },
  'POST /api/addadmin': {
    action: 'Domain admin added',
    summary: (d) => `Let${named(d, 'admin') || ' an account'} manage${named(d, 'domain') || ' the domains'}.`,
  },
  'POST /api/deleteadmin': {
    action: 'Domain admin removed',
    summary: (d) =>
      `Stopped${named(d, 'admin') || ' an account'} managing${named(d, 'domain') || ' a domain'}.`,
  },
  'POST /api/delete-admin-from-all': {
    action: 'Domain admin removed',
    summary: (d) => `Stopped${named(d, 'admin') || ' an account'} managing all the domains.`,
  },
  // mail
  'POST /api/add-domain-alias': {
    action: 'Email alias added',
    summary: (d) => `Added the email alias${alias(d, 'src_user', 'src_domain')}.`,
  },
  'POST /api/update-domain-alias': {
    action: 'Email alias changed',
    summary: (d) => `Changed where the email alias${alias(d, 'src', 'domain')} forwards to.`,
  },
  'POST /api/delete-domain-alias': {
    action: 'Email alias removed',
    summary: (d) => `Removed the email alias${alias(d, 'src', 'domain')}.`,
  },
  'POST /api/add-tempemail': {
    action: 'Temporary address added',
    summary: (d) => `Added the temporary email address${named(d, 'name')}.`,
  },
  'POST /api/tempemail-alias': {
    action: 'Temporary address added',
    summary: (d) => `Added the temporary email address${named(d, 'name', 'alias')}.`,
  },
  'POST /api/update-tempemail': {
    action: 'Temporary address changed',
    summary: (d) => `Changed the temporary email address${named(d, 'name', 'alias')}.`,
  },
  'POST /api/add-recovery-email': {
    action: 'Recovery address added',
    summary: (d) => `Added the recovery address${named(d, 'email')}.`,
  },
  'POST /api/delete-recovery-email': fixed('Recovery address removed', 'Removed a recovery address.'),
  'POST /api/subscribe-portal': fixed(
    'Newsletter subscription changed',
    'Changed the newsletter subscription.',
  ),
  'POST /api/auto-responder': {
    action: 'Auto-responder set',
    summary: (d) =>
      when(d, 'start') && when(d, 'end')
        ? `Set the auto-responder to answer from ${when(d, 'start')} to ${when(d, 'end')}${named(d, 'reply_to') ? `, replying from${named(d, 'reply_to')}` : ''}.`
        : 'Set the auto-responder.',
  },
  // hosting
  'POST /api/update-php-version': {
    action: 'PHP version changed',
    summary: (d) =>
      `Changed the PHP version of a website${named(d, 'php_version', 'version') ? ` to${named(d, 'php_version', 'version')}` : ''}.`,
  },
  'POST /api/watcherrorlogs': fixed(
    'Error logs setting changed',
    'Changed whether a website keeps error logs.',
  ),
  'POST /api/download-errorlogs': fixed('Error logs downloaded', 'Downloaded the error logs of a website.'),
  'POST /api/installapp': {
    action: 'Web application installed',
    summary: (d) => `Asked to install${named(d, 'app', 'webapp') || ' a web application'}.`,
  },
  'POST /api/devsite-request': fixed('Development site requested', 'Asked for a development site.'),
  // secondary administration and contacts
  'POST /api/update-admins': fixed(
    'Dashboard admins changed',
    'Changed which secondary accounts are dashboard admins.',
  ),
  'POST /api/add-contact': {
    action: 'Contact added',
    summary: (d) => `Added the contact${named(d, 'contact')}.`,
  },
  'POST /api/update-contact': {
    action: 'Contact changed',
    summary: (d) => `Changed the contact${named(d, 'contact')}.`,
  },
  'POST /api/delete-contact': fixed('Contact removed', 'Removed a contact.'),
  // sessions
  'POST /api/end-session': fixed('Session ended', 'Signed a browser out.'),
  'POST /api/end-other-sessions': fixed('Sessions ended', 'Signed out every other browser.'),
  // second factor and passkeys
  'POST /api/totp-setup': fixed('Authenticator set-up started', 'Began setting up an authenticator app.'),
  'POST /api/totp-confirm': fixed(
    'Authenticator turned on',
    'Turned on sign-in codes from an authenticator app.',
  ),
  'POST /api/totp-disable': fixed(
    'Authenticator turned off',
    'Turned off sign-in codes from an authenticator app.',
  ),
  'POST /api/recovery-codes': fixed(
    'Recovery codes made anew',
    'Made new recovery codes; the old ones no longer work.',
  ),
  'POST /api/remove-second-factor': fixed(
    'Second factor removed',
    "Removed the account's second factor and signed out every browser.",
  ),
  'POST /api/passkey-register-options': fixed('Passkey set-up started', 'Began adding a passkey.'),
  'POST /api/passkey-register': {
    action: 'Passkey added',
    summary: (d) => `Added the passkey${named(d, 'name')}.`,
  },
  'POST /api/rename-passkey': {
    action: 'Passkey renamed',
    summary: (d) => `Renamed a passkey${named(d, 'name') ? ` to${named(d, 'name')}` : ''}.`,
  },
  'POST /api/delete-passkey': fixed('Passkey removed', 'Removed a passkey.'),
  // personal access tokens
  'POST /api/create-api-token': {
    action: 'API token created',
    summary: (d) => `Created the API token${named(d, 'name')}.`,
  },
  'POST /api/revoke-api-token': fixed('API token revoked', 'Revoked an API token.'),
  // app passwords for mail (docs/mail-servers-passwords.md)
  'POST /api/create-mail-app-password': {
    action: 'App password created',
    summary: (d) => `Created the app password for mail${named(d, 'name')}.`,
  },
  'POST /api/revoke-mail-app-password': fixed('App password revoked', 'Revoked an app password for mail.'),
  'POST /api/require-mail-app-passwords': {
    action: 'App passwords setting changed',
    summary: (d) =>
      d.required === true
        ? 'Asked that mail programs use app passwords only.'
        : 'Asked that the email password work again for mail programs.',
  },
  // the account's language (docs/languages.md)
  'POST /api/set-language': {
    action: 'Language changed',
    summary: (d) =>
      isLanguage(d.language)
        ? `Chose ${LANGUAGE_ENGLISH_NAMES[d.language]} for the portal and its mails.`
        : 'Changed the language of the portal and its mails.',
  },
  // notification preferences (docs/decisions/055-notification-preferences.md)
  'POST /api/set-notice-preference': {
    action: 'Notifications changed',
    summary: (d) => {
      const category = NOTICE_CATEGORIES.find((c) => c === d.category);
      const sendTo = NOTICE_SEND_TO.find((v) => v === d.send_to);
      if (!category || !sendTo) return 'Changed where notifications are mailed.';
      const copies = [
        typeof d.copy_secondary === 'string' ? `Secondary ${d.copy_secondary}` : '',
        typeof d.copy_recovery === 'number' ? 'a recovery address' : '',
      ].filter(Boolean);
      const copy = copies.length ? ` ${noticeText.copySummary(copies.join(' and '))}` : '';
      return `${noticeText.categories[category]} notifications: ${noticeText.sendTo[sendTo]}.${copy}`;
    },
  },
} satisfies Record<string, Sentence>;

/** The words of an entry a sentence does not tell: a call without a sentence, the token it was made with. */
export const activityText = {
  otherAction: 'Account changed',
  otherSummary: 'A change was made to the account.',
  viaToken: (name: string) => ` Made with the API token "${name}".`,
  viaAnyToken: ' Made with an API token.',
};

/** "user@domain" from two fields, or the one there is. */
export function alias(d: Details, user: string, domain: string): string {
  const u = field(d, user);
  const dom = field(d, domain);
  if (u && dom) return ` ${u}@${dom}`;
  return u || dom ? ` ${u || dom}` : '';
}

/**
 * The sentence of an audit entry in `language`; a call without one is still told, in general words.
 * `sentences` and `texts` are `ACTIVITY_SENTENCES` and `activityText` in the language
 * (`inLanguage`, which the server has loaded).
 */
export function describeActivity(
  action: string,
  details: Details,
  sentences: Record<string, Sentence> = ACTIVITY_SENTENCES,
  texts: typeof activityText = activityText,
): { action: string; summary: string } {
  const sentence = sentences[action];
  // The token calls name the token they made or revoked; any other call names the token it was made with.
  const via = action.includes('-api-token') ? '' : viaToken(details, texts);
  if (!sentence) return { action: texts.otherAction, summary: `${texts.otherSummary}${via}` };
  return { action: sentence.action, summary: `${sentence.summary(details)}${via}` };
}

/** " Made with the API token "name"." for a change a personal access token made, else ''. */
function viaToken(details: Details, texts: typeof activityText): string {
  const token = details.api_token;
  if (!token || typeof token !== 'object') return '';
  const name = field(token as Details, 'name');
  return name ? texts.viaToken(name) : texts.viaAnyToken;
}

export const ActivityEvent = z.object({
  time: z.string(),
  /** Who made the change: the account itself, one of its Secondaries, or staff by their logname. */
  operator: z.string(),
  /** Whether the operator is staff (the screen marks it). */
  staff: z.boolean(),
  /** The account changed: the account asked for, or one of its Secondaries. */
  account: z.string(),
  action: z.string(),
  summary: z.string(),
});
export type ActivityEvent = z.infer<typeof ActivityEvent>;

export const accountActivity = defineCall({
  method: 'GET',
  path: '/api/account-activity/:logname',
  params: z.object({ logname }),
  query: z.object({
    /** Words to look for in what was done, by whom, or in the change's fields. */
    q: text().trim().max(100).optional().default(''),
    /** 1-based page of ACTIVITY_PAGE_SIZE entries, newest first. */
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  }),
  data: z.object({
    events: z.array(ActivityEvent),
    page: z.number(),
    page_size: z.number(),
    total: z.number(),
  }),
});

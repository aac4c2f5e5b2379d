import { z } from 'zod';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import {
  domainName,
  grantPassword,
  idNumber,
  isEmail,
  logname,
  optionalText,
  required,
  requiredEmail,
  text,
} from '../rules.ts';
import { mailText } from './messages.ts';

/** Calls of the mail tools and messages (the spec's mailing lists), plus the newsletter and auto-responder. */

const isoDateTime = z.iso.datetime({ offset: true, error: commonText.invalid });

// ---- Email aliases ----------------------------------------------------------------------------

/** At most this many targets per alias. */
export const MAX_ALIAS_TARGETS = 50;
const ALIAS_NAME = /^[a-z0-9](?:[a-z0-9._+-]{0,62}[a-z0-9_+-])?$/;
/** An alias name (the part before @); '*' is the catch-all, accepted here so the server can refuse it by name. */
export const aliasName = z
  .string({ error: commonText.required })
  .trim()
  .toLowerCase()
  .min(1, { error: commonText.required })
  .max(64, { error: mailText.invalidAliasName })
  .refine((v) => !v.includes('@'), { error: mailText.nameWithDomain, abort: true })
  .refine((v) => v === '*' || ALIAS_NAME.test(v), { error: mailText.invalidAliasName });

/**
 * Alias targets: one address per line (blank lines ignored, duplicates dropped). Each line is
 * checked and a bad one is named with its line number.
 */
export const aliasTargets = text({ error: mailText.targetsRequired })
  .max(20_000)
  .transform((text, ctx) => {
    const out: string[] = [];
    const lines = text.split(/\r?\n/);
    for (const [i, raw] of lines.entries()) {
      const line = raw.trim().toLowerCase();
      if (!line) continue;
      if (!isEmail(line) || line.length > 254) {
        ctx.addIssue({ code: 'custom', message: mailText.badTarget(i + 1, raw.trim()) });
        return z.NEVER;
      }
      if (!out.includes(line)) out.push(line);
    }
    if (out.length === 0) {
      ctx.addIssue({ code: 'custom', message: mailText.targetsRequired });
      return z.NEVER;
    }
    if (out.length > MAX_ALIAS_TARGETS) {
      ctx.addIssue({ code: 'custom', message: mailText.tooManyTargets(MAX_ALIAS_TARGETS) });
      return z.NEVER;
    }
    return out;
  });

export const DomainCount = z.object({ domain: z.string(), num_aliases: z.number() });
export const domainCounts = defineCall({
  method: 'GET',
  path: '/api/domain-counts/:user',
  params: z.object({ user: logname }),
  data: z.array(DomainCount),
});

export const AliasRow = z.object({ src: z.string(), dst_list: z.array(z.string()) });
export type AliasRow = z.infer<typeof AliasRow>;
export const domainEmailAliases = defineCall({
  method: 'GET',
  path: '/api/domain-email-aliases/:domain',
  params: z.object({ domain: domainName }),
  data: z.array(AliasRow),
});

export const domainAliasDests = defineCall({
  method: 'GET',
  path: '/api/domain-alias-dests/:domain/:src',
  params: z.object({ domain: domainName, src: aliasName }),
  data: z.object({ src: z.string(), dst_list: z.array(z.string()) }),
});

const AliasAnswer = z.object({ address: z.string(), dst_list: z.array(z.string()) });
export const AliasBody = z.object({ src_user: aliasName, src_domain: domainName, targets: aliasTargets });
export const addDomainAlias = defineCall({
  method: 'POST',
  path: '/api/add-domain-alias',
  body: AliasBody,
  data: AliasAnswer,
});
export const updateDomainAlias = defineCall({
  method: 'POST',
  path: '/api/update-domain-alias',
  body: AliasBody,
  data: AliasAnswer,
});
export const deleteDomainAlias = defineCall({
  method: 'POST',
  path: '/api/delete-domain-alias',
  body: z.object({ src_user: aliasName, src_domain: domainName }),
  data: z.object({ address: z.string() }),
});

// ---- Temporary email --------------------------------------------------------------------------

/** Active temporary aliases per account. */
export const TEMP_EMAIL_MAX_ACTIVE = 25;
/** A used name stays reserved 6 months after its alias fades, counted as 183 days. */
export const TEMP_EMAIL_RESERVED_DAYS = 183;
/** An expired alias is still listed (and can be extended) this many days before it fades. */
export const TEMP_EMAIL_FADE_DAYS = 7;
/** The furthest expiry date, in days ahead. */
export const TEMP_EMAIL_MAX_DAYS = 366;

export const tempName = z
  .string({ error: commonText.required })
  .trim()
  .toLowerCase()
  .min(1, { error: commonText.required })
  .refine((v) => !v.includes('@'), { error: mailText.nameWithDomain, abort: true })
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, { error: mailText.invalidTempName });
/**
 * Role addresses (docs/decisions/034-role-addresses.md): the five a certificate authority may mail
 * to prove control of a domain (CA/B Forum Baseline Requirements 3.2.2.4.4), RFC 2142's mailbox
 * names, and the system addresses mail software and list servers answer from.
 */
export const ROLE_ADDRESSES: readonly string[] = [
  // CA/B Forum BR 3.2.2.4.4
  'admin',
  'administrator',
  'hostmaster',
  'postmaster',
  'webmaster',
  // RFC 2142
  'info',
  'marketing',
  'sales',
  'support',
  'abuse',
  'noc',
  'security',
  'usenet',
  'news',
  'www',
  'uucp',
  'ftp',
  // system and list addresses
  'root',
  'mailer-daemon',
  'nobody',
  'daemon',
  'sysadmin',
  'ssladmin',
  'ssl-admin',
  'it',
  'noreply',
  'no-reply',
  'dmarc',
  'listmaster',
  'majordomo',
  'owner',
];
const ROLE = new Set(ROLE_ADDRESSES);
/** Whether a local part is a role address (case does not matter). */
export const isRoleAddress = (localPart: string): boolean => ROLE.has(localPart.toLowerCase());

const forwardsTo = requiredEmail(mailText.invalidEmailAddress);
const notes = optionalText(255);

export const TempEmailRow = z.object({
  id: z.number(),
  name: z.string(),
  forwards_to: z.string(),
  /** ISO date-time. */
  expires: z.string(),
  /** When the expired alias leaves the list (ISO date-time); its name stays reserved 6 months longer. */
  goes_toedash: z.string(),
  notes: z.string(),
  expired: z.boolean(),
});
export type TempEmailRow = z.infer<typeof TempEmailRow>;
export const tempEmails = defineCall({
  method: 'GET',
  path: '/api/tempemails/:user',
  params: z.object({ user: logname }),
  data: z.array(TempEmailRow),
});

export const ExpiryOption = z.object({ date: z.string(), label: z.string() });
const ExpList = z.object({ list: z.array(ExpiryOption), selected_date: z.string() });
export const tempEmailExpList = defineCall({ method: 'GET', path: '/api/tempemail-explist', data: ExpList });
/** With the alias's current expiry: it is offered (and selected) next to the usual choices. */
export const tempEmailExpListFor = defineCall({
  method: 'GET',
  path: '/api/tempemail-explist/:expdate',
  params: z.object({ expdate: isoDateTime }),
  data: ExpList,
});

const TempEmailAnswer = z.object({
  id: z.number(),
  name: z.string(),
  forwards_to: z.string(),
  expires: z.string(),
  notes: z.string(),
});
export const addTempEmail = defineCall({
  method: 'POST',
  path: '/api/add-tempemail',
  body: z.object({
    logname,
    // A new name only: one held before the list existed can still be changed and extended.
    name: tempName.superRefine((name, ctx) => {
      if (isRoleAddress(name)) ctx.addIssue({ code: 'custom', message: mailText.roleAddressReserved(name) });
    }),
    forwards_to: forwardsTo,
    expires: isoDateTime,
    notes,
  }),
  data: TempEmailAnswer,
});

export const tempEmailAlias = defineCall({
  method: 'POST',
  path: '/api/tempemail-alias',
  body: z.object({
    alias: text().trim().toLowerCase().min(1, { error: commonText.required }).max(64),
    logname,
  }),
  data: z.object({ id: z.number(), notes: z.string(), forwards_to: z.string(), expires: z.string() }),
});

export const updateTempEmail = defineCall({
  method: 'POST',
  path: '/api/update-tempemail',
  body: z.object({
    name: tempName,
    forwards_to: forwardsTo,
    expdate: isoDateTime,
    notes,
    key: idNumber,
    logname,
  }),
  data: TempEmailAnswer,
});

// ---- Recovery contacts ------------------------------------------------------------------------

/** Recovery addresses per account. */
export const MAX_RECOVERY_EMAILS = 10;
/** `confirmed`: false while the address has not followed its confirmation link: no resets go to it. */
export const RecoveryEmail = z.object({
  id: z.number(),
  uid: z.number(),
  contact_info: z.string(),
  confirmed: z.boolean(),
  /**
   * Staff put the address on the account: no reset link goes to it before this time (ISO), the
   * cooling-off period the customer may cancel by removing it; null for the customer's own.
   */
  usable_after: z.string().nullable(),
});
/**
 * Days a recovery address staff put on a customer's account waits before a reset link may go to it
 * (docs/decisions/032-staff-made-recovery-addresses.md).
 */
export const STAFF_RECOVERY_COOLING_DAYS = 7;
/** Hours a confirmation link (recovery address, auto-responder reply address) stays valid. */
export const CONFIRM_LINK_HOURS = 48;
export type RecoveryEmail = z.infer<typeof RecoveryEmail>;
export const addRecoveryEmail = defineCall({
  method: 'POST',
  path: '/api/add-recovery-email',
  body: z.object({ logname, email: requiredEmail(mailText.invalidEmailAddress), password: grantPassword }),
  data: RecoveryEmail,
});
export const getRecoveryEmails = defineCall({
  method: 'GET',
  path: '/api/get-recovery-emails/:user',
  params: z.object({ user: logname }),
  data: z.object({ email_list: z.array(RecoveryEmail) }),
});
export const deleteRecoveryEmail = defineCall({
  method: 'POST',
  path: '/api/delete-recovery-email',
  body: z.object({ account: logname, id: idNumber }),
  data: z.object({ id: z.number() }),
});

// ---- Mailing lists, disk usage ----------------------------------------------------------------

export const MailingList = z.object({ listname: z.string(), list_type: z.string() });
export type MailingList = z.infer<typeof MailingList>;
export const mailingLists = defineCall({
  method: 'GET',
  path: '/api/mailing-lists/:account',
  params: z.object({ account: logname }),
  data: z.object({ mailing_lists: z.array(MailingList) }),
});

export const DiskUsageRow = z.object({
  logname: z.string(),
  uid: z.number(),
  curr_quota: z.number(),
  curr_usage: z.number(),
});
export type DiskUsageRow = z.infer<typeof DiskUsageRow>;
export const diskUsage = defineCall({
  method: 'GET',
  path: '/api/disk-usage/:account',
  params: z.object({ account: logname }),
  data: z.object({ diskusage: z.array(DiskUsageRow) }),
});

// ---- Newsletter (the Portal) ------------------------------------------------------------------

/** The spec names no call: ours. `state` tells a new subscription from a repeated one. */
export const subscribePortal = defineCall({
  method: 'POST',
  path: '/api/subscribe-portal',
  body: z.object({ logname, email: requiredEmail(mailText.invalidEmailAddress) }),
  data: z.object({ email: z.string(), state: z.enum(['pending', 'confirmed']), mailed: z.boolean() }),
});
/** A confirmation link's token (a path segment, redacted in the request log). */
const linkToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: mailText.confirmLinkInvalid }),
});

/**
 * The link of the confirmation mail; answers with a small HTML page whose button confirms
 * (`confirmPortalSubmit`). Opening it changes nothing: mail scanners open links before people do.
 */
export const confirmPortal = defineCall({
  method: 'GET',
  path: '/api/subscribe-portal/confirm/:token',
  token: false,
  params: linkToken,
  data: z.object({ email: z.string() }),
});
/** The button of the link's page (a form post, empty): confirms the subscription; answers a page. */
export const confirmPortalSubmit = defineCall({
  method: 'POST',
  path: '/api/subscribe-portal/confirm/:token',
  token: false,
  params: linkToken,
  data: z.object({ email: z.string() }),
});

/**
 * The link mailed to a new recovery address or to an auto-responder reply address that is not the
 * account's own; not a spec call. Answers with a small HTML page whose button
 * confirms (`confirmAddressSubmit`); opening it changes nothing.
 */
export const confirmAddress = defineCall({
  method: 'GET',
  path: '/api/confirm-address/:token',
  token: false,
  params: linkToken,
  data: z.object({ email: z.string() }),
});
/** The button of the link's page (a form post, empty): confirms the address; answers a page. */
export const confirmAddressSubmit = defineCall({
  method: 'POST',
  path: '/api/confirm-address/:token',
  token: false,
  params: linkToken,
  data: z.object({ email: z.string() }),
});

// ---- Auto-responder ---------------------------------------------------------------------------

/** The spec names no call: ours. Dates are ISO date-times; a missing one is 'Please set a start and end date'. */
export const autoResponder = defineCall({
  method: 'POST',
  path: '/api/auto-responder',
  body: z
    .object({
      logname,
      start: z.iso.datetime({ offset: true, error: mailText.datesNotSetBody }),
      end: z.iso.datetime({ offset: true, error: mailText.datesNotSetBody }),
      message: required().pipe(z.string().max(5000)),
      instructions: optionalText(2000),
      reply_to: requiredEmail(mailText.invalidEmailAddress),
    })
    .refine((v) => Date.parse(v.end) > Date.parse(v.start), { error: mailText.endAfterStart, path: ['end'] }),
  /** `confirmed`: false while the rule waits for its reply address to follow the link. */
  data: z.object({ id: z.number(), start: z.string(), end: z.string(), confirmed: z.boolean() }),
});

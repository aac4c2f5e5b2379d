import { z } from 'zod';
import { addressAnswerFields, country } from '../address.ts';
import { phoneShape, stateShape, withZipShape } from '../address-rules.ts';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import {
  confirmed,
  idNumber,
  LOGNAME_MAX,
  logname,
  newPassword,
  optionalEmail,
  optionalText,
  required,
  requiredEmail,
  text,
} from '../rules.ts';
import { accountText } from './messages.ts';

/**
 * Calls of the account area: addresses, passwords and resets, statement delivery,
 * secondary-account and web-hosting requests, and the authenticated message (/api/sendmessage,
 * also used by the mail and hosting areas). Paths and payload names are the spec's.
 */

// ---------------------------------------------------------------- addresses

/** An address as the server answers it. */
export const Address = z.object({ ...addressAnswerFields, phone: z.string() });
export type Address = z.infer<typeof Address>;

/**
 * Billing address form: first_name, last_name, address, city, state, zipcode required;
 * state and ZIP code also have a shape, the ZIP code's by country (address-rules.ts).
 */
const BillingAddressFields = z.object({
  account: logname,
  first_name: required().max(60),
  last_name: required().max(60),
  company: optionalText(100),
  address: required().max(200),
  city: required().max(80),
  state: stateShape(required().max(40)),
  zipcode: required().max(20),
  country,
  phone: phoneShape(optionalText(40)),
});
export const BillingAddressBody = withZipShape(BillingAddressFields);

/** Account address form: address, city, state, zipcode required, the same shapes. */
export const AccountAddressBody = withZipShape(
  BillingAddressFields.extend({
    first_name: optionalText(60),
    last_name: optionalText(60),
  }),
);

const AddressRequest = z.object({ account: logname });
const AddressData = z.object({ logname: z.string(), address: Address });
const AddressChange = z.object({
  logname: z.string(),
  address: Address,
  old_address: Address,
  new_address: Address,
});

export const getBillAddress = defineCall({
  method: 'POST',
  path: '/api/get-bill-address',
  body: AddressRequest,
  data: AddressData,
});
export const updateBillAddress = defineCall({
  method: 'POST',
  path: '/api/update-bill-address',
  body: BillingAddressBody,
  data: AddressChange,
});
export const getAccountAddress = defineCall({
  method: 'POST',
  path: '/api/get-account-address',
  body: AddressRequest,
  data: AddressData,
});
export const updateAccountAddress = defineCall({
  method: 'POST',
  path: '/api/update-account-address',
  body: AccountAddressBody,
  data: AddressChange,
});

// ---------------------------------------------------------------- passwords

/**
 * Email/unix password change. Two shapes share the call:
 * - for the account itself: logname, panel_password, new, confirm;
 * - for a secondary account (Set Passwords for Secondaries): logname (the secondary),
 *   panel_logname (its primary), panel_password, new, confirm, id (the screen's row, echoed back).
 * panel_password is the password of whoever is at the keyboard (the signed-in operator).
 */
export const ChangeUnixPasswordBody = confirmed(
  z.object({
    logname,
    panel_logname: logname.optional(),
    panel_password: required().max(256),
    new: newPassword,
    confirm: text().max(256),
    id: z.union([z.number().int(), text().max(40)]).optional(),
  }),
  'new',
  'confirm',
);
export const changeUnixPassword = defineCall({
  method: 'POST',
  path: '/api/change-unix-password',
  body: ChangeUnixPasswordBody,
  data: z.object({
    logname: z.string(),
    id: z.union([z.number(), z.string()]).nullable(),
    status: z.literal('pending'),
    /** When the new password reaches the mail servers (ISO time). */
    apply_at: z.string(),
  }),
});

/** Members panel password change: old required; new required, min 8; confirm must match. `message` '' = success. */
export const UserChangePasswordBody = confirmed(
  z.object({
    username: logname,
    old_password: required().max(256),
    new_password: newPassword,
    conf_password: text().max(256),
  }),
  'new_password',
  'conf_password',
);
export const userChangePassword = defineCall({
  method: 'POST',
  path: '/api/user-change-password',
  body: UserChangePasswordBody,
  data: z.object({ username: z.string() }),
});

/** A reset through a mailed link (no token: the link's reset_token is the proof). */
export const ResetPasswordBody = confirmed(
  z.object({
    reset_token: required().max(200),
    username: logname.optional(),
    new_password: newPassword,
    conf_password: text().max(256),
  }),
  'new_password',
  'conf_password',
);
/**
 * What a reset by mail left of the account's lasting credentials: every API token was revoked (how
 * many), and the second factor and passkeys that remain are listed, so the owner can remove one
 * that is not theirs (in the security centre).
 */
export const ResetRemaining = z.object({
  tokens_revoked: z.number(),
  /** App passwords for mail revoked (docs/mail-servers-passwords.md). */
  app_passwords_revoked: z.number(),
  /** An authenticator app is on. */
  authenticator: z.boolean(),
  /** The names of the account's passkeys. */
  passkeys: z.array(z.string()),
});
export type ResetRemaining = z.infer<typeof ResetRemaining>;

export const userResetPassword = defineCall({
  method: 'POST',
  path: '/api/user-reset-password',
  token: false,
  body: ResetPasswordBody,
  data: z.object({ username: z.string() }).extend(ResetRemaining.shape),
});
export const resetUnixPassword = defineCall({
  method: 'POST',
  path: '/api/reset-unix-password',
  token: false,
  body: ResetPasswordBody,
  data: z.object({ logname: z.string(), apply_at: z.string() }),
});

/** Reset request: account required; recovery email required and valid; burn_it (=0) is accepted (see docs/areas/account.md). */
export const ForgotPasswordBody = z.object({
  account: logname,
  email: requiredEmail(),
  burn_it: z.coerce
    .number({ error: commonText.invalid })
    .int({ error: commonText.invalid })
    .min(0)
    .max(1)
    .optional(),
});
const ForgotData = z.object({ reset_message: z.string() });
export const forgotPanelPassword = defineCall({
  method: 'POST',
  path: '/api/forgot-panel-password',
  token: false,
  body: ForgotPasswordBody,
  data: ForgotData,
});
export const forgotEmailPassword = defineCall({
  method: 'POST',
  path: '/api/forgot-email-password',
  token: false,
  body: ForgotPasswordBody,
  data: ForgotData,
});

// ---------------------------------------------------------------- statement delivery

/** n standard, e email only, p paper only, ep both. */
export const StatementMethod = z.enum(['n', 'e', 'p', 'ep'], { error: commonText.required });
export type StatementMethod = z.infer<typeof StatementMethod>;
const StatementDelivery = z.object({ method: StatementMethod, nozero: z.number(), email: z.string() });

export const getStatementDelivery = defineCall({
  method: 'GET',
  path: '/api/get-statement-delivery/:logname',
  params: z.object({ logname }),
  data: StatementDelivery,
});
export const StatementDeliveryBody = z.object({
  logname,
  method: StatementMethod,
  nozero: z.coerce
    .number({ error: commonText.invalid })
    .int({ error: commonText.invalid })
    .min(0, { error: commonText.invalid })
    .max(1, { error: commonText.invalid }),
  email: optionalEmail(),
});
export const changeStatementDelivery = defineCall({
  method: 'POST',
  path: '/api/change-statement-delivery',
  body: StatementDeliveryBody,
  data: StatementDelivery,
});

// ---------------------------------------------------------------- secondary-account requests

export const SECONDARY_ROWS = 9;
export const SecondaryType = z.enum(['Email', 'Full']);
const rowText = z.array(optionalText(60)).max(SECONDARY_ROWS);

/** Up to 9 rows of logname (≤ 12), first name, last name, alias, type; rows without a logname are skipped. */
export const SecondaryRequestBody = z
  .object({
    account: logname,
    email: requiredEmail(),
    lognames: z
      .array(
        text()
          .trim()
          .toLowerCase()
          .max(LOGNAME_MAX, { error: accountText.lognameTooLong })
          .nullish()
          .transform((v) => v ?? ''),
      )
      .max(SECONDARY_ROWS),
    first_names: rowText,
    last_names: rowText,
    aliases: rowText,
    types: z
      .array(
        z
          .union([SecondaryType, z.literal('')])
          .nullish()
          .transform((v) => v || 'Email'),
      )
      .max(SECONDARY_ROWS),
  })
  .refine((v) => v.lognames.some((n) => n !== ''), { error: accountText.noAccountNames, path: ['lognames'] });
export type SecondaryRequestBody = z.input<typeof SecondaryRequestBody>;

/** available: the name can be requested; taken: an account or a pending request has it; invalid: not a valid name; duplicate: twice in this request. */
export const NameStatus = z.enum(['available', 'taken', 'invalid', 'duplicate']);
const NameCheck = z.object({ id: z.number(), logname: z.string(), status: NameStatus });
export const checkAccountNames = defineCall({
  method: 'POST',
  path: '/api/check-account-names',
  body: SecondaryRequestBody,
  data: z.object({ available: z.boolean(), list: z.array(NameCheck) }),
});
export const requestAccounts = defineCall({
  method: 'POST',
  path: '/api/request-accounts',
  body: SecondaryRequestBody,
  data: z.object({ id: z.number(), status: z.literal('pending'), list: z.array(NameCheck) }),
});

/**
 * The names of request-accounts' 409 `names_taken` (a name taken since check-account-names): the
 * list after the last ': ' of A.namesRefused, in whichever language the server wrote it. The caller
 * knows the answer by its code, never by the wording before the list (which is the reader's language).
 */
export function refusedNames(message: string): string[] {
  const at = message.lastIndexOf(': ');
  const list = at < 0 ? '' : message.slice(at + 2);
  return list.split(', ').filter(Boolean);
}

export const SecondaryRequestRow = z.object({
  logname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  alias: z.string(),
  type: z.string(),
});
export const SecondaryRequest = z.object({
  id: z.number(),
  account: z.string(),
  email: z.string(),
  rows: z.array(SecondaryRequestRow),
  status: z.string(),
  operator: z.string(),
  created: z.string(),
  done_at: z.string().nullable(),
});
export type SecondaryRequest = z.infer<typeof SecondaryRequest>;

/** Staff: the secondary-account requests still pending, oldest first. */
export const listSecondaryRequests = defineCall({
  method: 'GET',
  path: '/api/staff/secondary-requests',
  data: z.array(SecondaryRequest),
});
/** Staff: mark a request done once the accounts exist; the requester is mailed. */
export const markSecondaryRequestDone = defineCall({
  method: 'POST',
  path: '/api/staff/secondary-request-done',
  body: z.object({ id: idNumber }),
  data: SecondaryRequest,
});

// ---------------------------------------------------------------- web hosting

export const emptyDomains = defineCall({
  method: 'GET',
  path: '/api/empty-domains/:account',
  params: z.object({ account: logname }),
  data: z.array(z.object({ domain: z.string() })),
});

export const HOSTING_TYPES = ['Starter', 'Basic', 'Pro'] as const;
/** Web hosting request form. Starter forces the WordPress answer to No. */
export const WebHostingRequest = z
  .object({
    domain: required(accountText.selectDomain),
    hosting_type: z.enum(HOSTING_TYPES, { error: accountText.selectHostingType }),
    profit_nonprofit: z.enum(['Profit', 'Non-profit']).default('Profit'),
    wp_yesorno: z.enum(['Yes', 'No']).default('No'),
    notes: optionalText(4000),
  })
  .transform((v) => (v.hosting_type === 'Starter' ? { ...v, wp_yesorno: 'No' as const } : v));
export type WebHostingRequest = z.output<typeof WebHostingRequest>;

/** The message mailed to the network operations team for a web hosting request. */
export function webHostingMessage(
  req: WebHostingRequest,
  account: string,
): { subject: string; message: string } {
  return {
    subject: `Web Hosting Request: ${req.domain} (${account})`,
    message: [
      `Account: ${account}`,
      `Domain: ${req.domain}`,
      `Hosting type: ${req.hosting_type}`,
      `Profit status: ${req.profit_nonprofit}`,
      `WordPress: ${req.wp_yesorno}`,
      '',
      'Notes:',
      req.notes || '(none)',
    ].join('\n'),
  };
}

// ---------------------------------------------------------------- authenticated message

/**
 * Who a message may go to. The client names a mailbox; the server maps it to the configured
 * address, so the call cannot be used to mail an arbitrary address.
 */
export const MessageRecipient = z.enum(['helpdesk', 'noc', 'accounting', 'hostmaster'], {
  error: 'Unknown recipient',
});
export type MessageRecipient = z.infer<typeof MessageRecipient>;

/**
 * send_from: the account the message is sent for (the current user); footer: ignored, the server
 * writes 'Message sent by {operator}[ for {account}]' from the token; reply_to: defaults to the
 * account's bill email.
 */
export const SendMessageBody = z.object({
  send_from: logname,
  send_to: MessageRecipient,
  subject: required()
    .max(200)
    .transform((v) => v.replace(/[\r\n]+/g, ' ')),
  message: required().max(20_000),
  reply_to: optionalEmail(accountText.invalidEmailAddress),
  footer: optionalText(500),
});
/** The fields a person types on a message form (Send Authenticated Message): the call's own rules. */
export const SendMessageForm = SendMessageBody.pick({ subject: true, message: true, reply_to: true });
export const sendMessage = defineCall({
  method: 'POST',
  path: '/api/sendmessage',
  body: SendMessageBody,
  data: z.object({ send_to: MessageRecipient, footer: z.string() }),
});

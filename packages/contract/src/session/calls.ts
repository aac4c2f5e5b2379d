import { z } from 'zod';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { logname, text } from '../rules.ts';
import {
  ACCOUNT_ROLE,
  ACCOUNT_SCOPES,
  LOOKUP_LOGNAME_UID,
  NETWORK_STATUS,
  SEARCH_ACCOUNTS,
  SET_LANGUAGE,
  POPUP_NOTE,
  URLS,
  USER_MODE,
} from './call-refs.ts';

/** Calls of the session and shell. */

export const Mode = z.enum(['light', 'dark']);
/**
 * The stored preference beside the spec's `mode` (docs/decisions/080-colour-mode.md):
 * 'system' follows the device's dark setting until the user picks light or dark; the spec's `mode`
 * then reads 'light' (its fallback), so a client that knows only the spec's field is unchanged.
 */
export const ColorMode = z.enum(['light', 'dark', 'system']);
/** A language of the portal (docs/languages.md); an account's is null until chosen or taken from a sign-in. */
export const Language = z.enum(LANGUAGES);

export const LoginData = z.object({
  id_token: z.string(),
  bill_email: z.string(),
  mode: Mode,
  color_mode: ColorMode,
});
export const login = defineCall({
  method: 'POST',
  path: '/api/miglogin',
  token: false,
  body: z.object({
    username: text({ error: commonText.required })
      .trim()
      .toLowerCase()
      .min(1, { error: commonText.required })
      .max(64)
      .refine((v) => !v.includes('@'), { error: commonText.loginUseAccountName }),
    password: text({ error: commonText.required }).min(1, { error: commonText.required }).max(256),
  }),
  data: LoginData,
  // The spec's table reads id_token, bill_email and mode by those names: at the top level, as in `data`.
  top: LoginData,
});

export const NetworkStatusItem = z.object({
  id: z.number(),
  subject: z.string(),
  modified: z.string(),
  report: z.string(),
  level: z.number(),
});
export const networkStatus = defineCall({
  ...NETWORK_STATUS,
  data: z.array(NetworkStatusItem),
});

export const QuickRef = z.object({ ref_name: z.string(), ref_value: z.string(), ref_role: z.string() });
/** Read by the client as top-level `references[]`; `data` carries the same list. */
export const quickRefs = defineCall({
  method: 'GET',
  path: '/api/quickrefs',
  data: z.array(QuickRef),
  top: z.object({ references: z.array(QuickRef) }),
});

export const CustomerSummary = z.object({
  uid: z.number(),
  bill_uid: z.number().nullable(),
  logname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  company: z.string(),
  addr1: z.string(),
  addr2: z.string(),
  bill_email: z.string(),
  home_phone: z.string(),
  work_phone: z.string(),
  pricing_plan: z.string(),
  account_type: z.string(),
  billing_code: z.string(),
  auto_bill: z.string(),
  realm: z.string(),
  /** The account's language (docs/languages.md): null until chosen or taken from a sign-in. */
  language: Language.nullable(),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;
export const customer = defineCall({
  method: 'GET',
  path: '/api/customer/:logname',
  params: z.object({ logname }),
  data: CustomerSummary,
});

export const urls = defineCall({
  ...URLS,
  data: z.object({
    db_url: z.string(),
    aud_url: z.string(),
    links: z.record(z.string(), z.string()),
    sandbox_payments: z.boolean(),
    temp_email_domain: z.string(),
    helpdesk_phone: z.string(),
    helpdesk_email: z.string(),
    /** PORTAL_TITLE: the top bar and the browser tab (in addition to the spec's fields). */
    portal_title: z.string(),
  }),
});

export const userMode = defineCall({
  ...USER_MODE,
  params: z.object({ operator: logname }),
  /** `language`: the account's own (docs/languages.md), null until chosen or taken from a sign-in. */
  data: z.object({ mode: Mode, color_mode: ColorMode, language: Language.nullable() }),
});

export const setMode = defineCall({
  method: 'POST',
  path: '/api/set-mode',
  // 'system' clears the choice; light and dark as the spec has them.
  body: z.object({ logname, mode: ColorMode }),
  data: z.object({ mode: ColorMode }),
});

/** Chooses the account's language: its screens on every device, and its mails. */
export const setLanguage = defineCall({
  ...SET_LANGUAGE,
  body: z.object({ logname, language: Language }),
  data: z.object({ language: Language }),
});

export const logout = defineCall({
  method: 'GET',
  path: '/api/logout',
  token: false,
  data: z.object({ status: z.string() }),
});

export const popupNote = defineCall({
  ...POPUP_NOTE,
  params: z.object({ logname }),
  data: z.object({ note: z.string(), lastmod: z.string() }),
});

export const lookupLognameUid = defineCall({
  ...LOOKUP_LOGNAME_UID,
  params: z.object({ text: text().trim().min(1).max(64) }),
  data: z.object({ logname: z.string(), bill_email: z.string() }),
});

export const searchAccounts = defineCall({
  ...SEARCH_ACCOUNTS,
  params: z.object({ text: text().trim().min(2).max(64) }),
  data: z.array(
    z.object({
      logname: z.string(),
      name: z.string(),
      bill_email: z.string(),
      /** The account's domain that matched the search, or ''. */
      domain: z.string(),
    }),
  ),
});

export const AccountRole = z.enum(['Primary', 'Secondary']);
export const accountRole = defineCall({
  ...ACCOUNT_ROLE,
  params: z.object({ account: logname }),
  data: z.object({
    account_role: AccountRole,
    dashboard_admin: z.boolean(),
    primary: z.string().nullable(),
    /**
     * What the account's own screens may use: the access policy's account scopes that let the
     * account (or staff working on it) in on the account its screens show, computed by the same
     * policy the server enforces. A menu item whose scope is not listed would answer a refusal.
     */
    scopes: z.array(z.enum(ACCOUNT_SCOPES)),
  }),
});

import { z } from 'zod';
import { defineCall } from '../http.ts';
import { commonText } from '../messages.ts';
import { domainName, grantPassword, logname, optionalEmail, required } from '../rules.ts';
import {
  DOMAIN_ADMINS,
  DOMAIN_RENEWAL_STATUS,
  DOMAIN_STATUS,
  DOMAINS,
  DOMAIN_USAGE,
  GET_TEXT,
  TLD_PRICE_LIST,
} from './call-refs.ts';
import { domainText } from './messages.ts';

/** Calls of the domains area and the whois call. */

/** A 0/1 flag; radios and old clients send "0"/"1" or booleans. */
const flag = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
    error: commonText.invalid,
  })
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0));

/** Renewal periods offered (the registries' limit is 10 years). */
export const MAX_YEARS = 10;
/** A domain can be renewed by hand from this many days before it expires (docs/areas/domains.md). */
export const RENEW_WINDOW_DAYS = 90;
/** ... and up to this many days after (the registries' grace period). */
export const RENEW_GRACE_DAYS = 30;
/** Whois privacy, per year, in dollars. */
export const WHOIS_PRIVACY_PER_YEAR = 5;

const years = z.coerce
  .number({ error: domainText.selectYears })
  .int({ error: domainText.selectYears })
  .min(1, { error: domainText.selectYears })
  .max(MAX_YEARS, { error: domainText.selectYears });

// ---- Lists ------------------------------------------------------------------------------------

export const DomainRow = z.object({
  domain: z.string(),
  /** YYYY-MM-DD, or 'UNKNOWN' for a domain not registered through our registrar partner. */
  expiration_date: z.string(),
  auto_renew: z.number(),
  abandon: z.number(),
  /** Years of a renewal waiting for the registry; 0 = none. */
  renewal_pending: z.number(),
  contact_email: z.string(),
  /** The domain to look up (the Whois button). */
  whois: z.string(),
  /** The account that owns the domain (another account's for a granted admin). */
  owner: z.string(),
  registrar_managed: z.boolean(),
});
export type DomainRow = z.infer<typeof DomainRow>;

export const domains = defineCall({
  ...DOMAINS,
  params: z.object({ account: logname }),
  data: z.array(DomainRow),
});

export const DomainUsageRow = z.object({
  domain: z.string(),
  /** 1 a website, -1 an alias of another site, 0 none. */
  website: z.number(),
  docroot: z.string(),
  num_aliases: z.number(),
});
export type DomainUsageRow = z.infer<typeof DomainUsageRow>;

export const domainUsage = defineCall({
  ...DOMAIN_USAGE,
  params: z.object({ account: logname }),
  data: z.array(DomainUsageRow),
});

// ---- Registration -----------------------------------------------------------------------------

/** The TLD of a domain: the part after its first dot. */
export function tldOf(domain: string): string {
  const i = domain.indexOf('.');
  return i < 0
    ? ''
    : domain
        .slice(i + 1)
        .trim()
        .toLowerCase();
}

export const TldPrice = z.object({
  /** Number of years. */
  id: z.number(),
  item: z.string(),
  /** Dollars per year, and dollars for the period. */
  baseprice: z.number(),
  price: z.number(),
});
export type TldPrice = z.infer<typeof TldPrice>;

export const tldPriceList = defineCall({
  ...TLD_PRICE_LIST,
  params: z.object({
    tld: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, { error: commonText.required })
      .max(63)
      .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/, { error: commonText.invalid }),
  }),
  /** Empty when we have no prices for the TLD. */
  data: z.array(TldPrice),
});

export { AGREEMENT_TEXT } from './call-refs.ts';
export const getText = defineCall({
  ...GET_TEXT,
  body: z.object({
    text: z
      .string({ error: commonText.required })
      .trim()
      .min(1, { error: commonText.required })
      .max(64)
      .regex(/^[a-z0-9-]+$/, { error: domainText.unknownAgreement }),
  }),
  /** HTML. */
  data: z.string(),
});

export const signAgreement = defineCall({
  method: 'POST',
  path: '/api/signagreement',
  body: z.object({
    domain: domainName,
    /** The account the domain is registered for (ours: the current account; default the caller). */
    account: logname.optional(),
  }),
  data: z.object({
    domain: z.string(),
    account: z.string(),
    signed_by: z.string(),
    /** ISO time, and the stamp shown (month day, year, time with seconds). */
    signed_at: z.string(),
    stamp: z.string(),
  }),
});

/** The registration form; the client sends it to the help desk and hostmaster. */
export const REG_TYPES = [
  'New Domain',
  '{product}/OpenSRS will be Registrar Only',
  '{product} will be DNS Host Only',
  '{product} will be Registrar & DNS Host',
  '{product} will be Web/Email Host Only',
] as const;
export const WEBSITE_OPTIONS = [
  'NONE',
  'Basic Webhosting',
  'Pro Webhosting',
  'Alias for another site',
] as const;
export const RegistrationForm = z.object({
  domain: domainName,
  organization: z.string().trim().max(200),
  contact_email: optionalEmail(),
  numyears: z.string().min(1, { error: domainText.selectYears }),
  price: z.string(),
  reg_type: z.string(),
  whois_priv: z.enum(['Yes', 'No']),
  website_option: z.enum(WEBSITE_OPTIONS),
  profit_nonprofit: z.enum(['profit', 'nonprofit']),
  instructions: z.string().max(5000),
  terms: z.enum(['Agree', 'DontAgree']),
});
export type RegistrationForm = z.infer<typeof RegistrationForm>;

// ---- Renewal ----------------------------------------------------------------------------------

export const RenewalStatus = z.object({
  domain: z.string(),
  expiration_date: z.string(),
  auto_renew: z.number(),
  abandon: z.number(),
  renewal_pending: z.number(),
  registrar_managed: z.boolean(),
  /** Whether renew-domain would accept a renewal now; `message` says why not. */
  renewable: z.boolean(),
  /** Renewal periods and prices for the domain's TLD. */
  prices: z.array(TldPrice),
});
export type RenewalStatus = z.infer<typeof RenewalStatus>;

export const domainRenewalStatus = defineCall({
  ...DOMAIN_RENEWAL_STATUS,
  params: z.object({ domain: domainName }),
  data: RenewalStatus,
});

export const renewDomain = defineCall({
  method: 'POST',
  path: '/api/renew-domain',
  body: z.object({
    renew_domain: domainName,
    /** The price the customer saw, in dollars; refused when it is not the current one. */
    price: z.coerce
      .number({ error: commonText.invalid })
      .nonnegative({ error: commonText.invalid })
      .max(100_000),
    numyears: years,
  }),
  data: z.object({
    domain: z.string(),
    renewal_pending: z.number(),
    expiration_date: z.string(),
    new_expiration: z.string(),
    price: z.number(),
  }),
});

// ---- Edit -------------------------------------------------------------------------------------

export const DomainStatus = z.object({
  domain: z.string(),
  auto_renew: z.number(),
  abandon: z.number(),
  contact_email: z.string(),
  expiration_date: z.string(),
});
export const domainStatus = defineCall({
  ...DOMAIN_STATUS,
  params: z.object({ domain: domainName }),
  data: DomainStatus,
});

export const DomainEditBody = z
  .object({
    domain: domainName,
    auto_renew: flag,
    abandon: flag,
    contact_email: optionalEmail(),
  })
  // The two are mutually exclusive; the server refuses both set.
  .refine((v) => !(v.auto_renew === 1 && v.abandon === 1), { error: domainText.bothSet });
export const domainEdit = defineCall({
  method: 'POST',
  path: '/api/domainedit',
  body: DomainEditBody,
  data: DomainStatus,
});

// ---- Permissions ------------------------------------------------------------------------------

export const DomainAdmin = z.object({
  logname: z.string(),
  /** 'domain': granted on this domain; 'all': on all the owner's domains. */
  scope: z.enum(['domain', 'all']),
});
export type DomainAdmin = z.infer<typeof DomainAdmin>;
export const domainAdmins = defineCall({
  ...DOMAIN_ADMINS,
  params: z.object({ domain: domainName }),
  data: z.array(DomainAdmin),
});

export const addAdmin = defineCall({
  method: 'POST',
  path: '/api/addadmin',
  body: z.object({
    domain: domainName,
    newadmin: logname,
    /** The owner granting the right (the current account). */
    logname,
    /** 0 this domain only, 1 all the owner's domains. */
    all: flag,
    password: grantPassword,
  }),
  data: z.object({ admin: z.string(), all: z.number(), domains: z.array(z.string()) }),
});

export const deleteAdmin = defineCall({
  method: 'POST',
  path: '/api/deleteadmin',
  /** logname: the admin removed from the domain. */
  body: z.object({ domain: domainName, logname }),
  data: z.object({ admin: z.string(), domain: z.string() }),
});

export const deleteAdminFromAll = defineCall({
  method: 'POST',
  path: '/api/delete-admin-from-all',
  body: z.object({ admin_to_delete: logname, current_user: logname }),
  data: z.object({ admin: z.string(), domains: z.array(z.string()) }),
});

// ---- Whois ------------------------------------------------------------------------------------

export const whois = defineCall({
  method: 'POST',
  path: '/api/whois',
  body: z.object({
    domain: required().max(253),
    trim: flag.optional(),
  }),
  data: z.object({ domain: z.string(), whois: z.string(), server: z.string() }),
});

/** The provider's name in the registration types (`{product}`). */
export const PRODUCT_NAME = 'Example Net';
export const regTypeLabel = (t: (typeof REG_TYPES)[number]) => t.replace('{product}', PRODUCT_NAME);

import { z } from 'zod';
import { defineCall } from '../http.ts';
import { idNumber, logname, optionalEmail, optionalText, text } from '../rules.ts';
import { COMPRESSED_WEBSITES } from './call-refs.ts';
import { devsiteTypes, hostingText } from './messages.ts';

/** Calls of the hosting area: websites, PHP versions, error logs, installs, devsites, databases. */

/** A vid the user picks from a list: a missing or non-positive one gets the given text. */
const pickedVid = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

/** A virtual server name as a site identifier next to the vid (checked against the site). */
const virtName = text().trim().toLowerCase().max(253).optional();

export const Website = z.object({
  virtname: z.string(),
  vid: z.number(),
  php_version: z.string(),
  /** 0 No, 1 SSL-only, otherwise Yes. */
  ssl: z.number(),
  error_logs: z.number(),
  docroot: z.string(),
  /** A change to the site's configuration is queued or being applied. */
  pending: z.boolean(),
});
export type Website = z.infer<typeof Website>;

export const compressedWebsites = defineCall({
  ...COMPRESSED_WEBSITES,
  params: z.object({ user: logname }),
  data: z.array(Website),
});

export const NondevWebsite = z.object({
  virtname: z.string(),
  vid: z.number(),
  docroot: z.string(),
  ssl: z.number(),
  /** The site already has a devsite (not eligible for another). */
  has_devsite: z.boolean(),
});
export type NondevWebsite = z.infer<typeof NondevWebsite>;

export const compressedNondevWebsites = defineCall({
  method: 'GET',
  path: '/api/compressed-nondev-websites/:user',
  params: z.object({ user: logname }),
  data: z.array(NondevWebsite),
});

/** Site identifiers of the POST calls: the account, the vid and (optionally) its virtual name. */
export const SiteIds = z.object({ logname, vid: idNumber, virt_server: virtName });

export const watchErrorLogs = defineCall({
  method: 'POST',
  path: '/api/watcherrorlogs',
  body: SiteIds.extend({ status: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) }),
  data: z.object({ vid: z.number(), status: z.number(), queued: z.boolean() }),
});

/** Answers a text file (not the JSON envelope), streamed. */
export const downloadErrorLogs = defineCall({
  method: 'POST',
  path: '/api/download-errorlogs',
  body: SiteIds,
  data: z.never(),
});

/** Seconds a signed error-log link stays valid. */
export const LOG_LINK_TTL_S = 60;

/**
 * The browser's way to the same file (not a spec call): a short-lived signed link that the page
 * hands to the browser's download manager, so a log of any size streams to disk, never into the
 * page's memory. `empty`: the log has no line yet (the page says so instead of saving an empty file).
 */
export const downloadErrorLogsLink = defineCall({
  method: 'POST',
  path: '/api/download-errorlogs-link',
  body: SiteIds,
  data: z.object({
    /** `downloadErrorLogsFile` with the signed link. */
    url: z.string(),
    /** The file name the server gives (after the site). */
    filename: z.string(),
    expires_at: z.string(),
    empty: z.boolean(),
  }),
  secret: true,
});

/**
 * The file behind a signed link: `GET /api/download-errorlogs?link=…` (a query, not a path segment:
 * a signed link is longer than a path parameter may be). No bearer token (a browser download cannot
 * send one): the link is the credential, and names the caller, the account and the vid. Answers a
 * text file, streamed.
 */
export const downloadErrorLogsFile = defineCall({
  method: 'GET',
  path: '/api/download-errorlogs',
  token: false,
  data: z.never(),
});
export const LogLinkQuery = z.object({ link: z.string().min(1).max(2000) });

export const VirtDetails = z.object({
  virtname: z.string(),
  vid: z.number(),
  docroot: z.string(),
  ssl: z.number(),
  php_version: z.string(),
});
export type VirtDetails = z.infer<typeof VirtDetails>;

export const virtDetails = defineCall({
  method: 'GET',
  path: '/api/virt-details-protected/:user/:vid',
  params: z.object({ user: logname, vid: idNumber }),
  data: VirtDetails,
});

export const PendingChange = z.object({ pending: z.boolean(), last_genconf: z.string().nullable() });
/** Read as top-level `pending`, `last_genconf`; `data` carries the same. */
export const pendingVirtChange = defineCall({
  method: 'POST',
  path: '/api/pending-virt-change',
  body: z.object({ logname, vid: idNumber, virtname: virtName, virt_server: virtName }),
  data: PendingChange,
});

export const PhpVersion = z.object({ version: z.string(), sort: z.number() });
export type PhpVersion = z.infer<typeof PhpVersion>;
/** The version that turns PHP off for a site. */
export const PHP_DISABLED = 'Disabled';

export const phpVersions = defineCall({
  method: 'GET',
  path: '/api/php-versions',
  data: z.array(PhpVersion),
});

export const updatePhpVersion = defineCall({
  method: 'POST',
  path: '/api/update-php-version',
  body: z.object({
    logname,
    virtname: virtName,
    php_version: text({ error: hostingText.selectPhp })
      .trim()
      .min(1, { error: hostingText.selectPhp })
      .max(32),
    vid: idNumber,
  }),
  data: z.object({ change_id: z.number() }),
});

export const LogEntry = z.object({ id: z.number(), msg: z.string() });
export type LogEntry = z.infer<typeof LogEntry>;
/** Rows per answer of geterrorlogs: the newest on the first call, then up to this many newer ones per poll. */
export const LOG_BATCH = 1000;

export const getErrorLogs = defineCall({
  method: 'POST',
  path: '/api/geterrorlogs',
  body: z.object({
    virt_server: virtName,
    vid: idNumber,
    logname,
    last_log_id: z.coerce.number({ error: 'Invalid' }).int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  }),
  data: z.object({
    /** Newest first. */
    logs: z.array(LogEntry),
    /** Rows in this answer. */
    numrows: z.number(),
    /** The id to send as last_log_id on the next poll. */
    new_last_log_id: z.number(),
  }),
});

export const Installation = z.object({ appname: z.string(), appurl: z.string(), state: z.string() });
export type Installation = z.infer<typeof Installation>;

export const pendingInstallations = defineCall({
  method: 'GET',
  path: '/api/pending-installations/:user',
  params: z.object({ user: logname }),
  data: z.object({ installations: z.array(Installation) }),
});

export const WebApp = z.object({
  aid: z.number(),
  appname: z.string(),
  urlext: z.string(),
  needs_suphp: z.number(),
  wf_versions: z.string(),
  version: z.string(),
});
export type WebApp = z.infer<typeof WebApp>;

export const appList = defineCall({ method: 'GET', path: '/api/applist', data: z.array(WebApp) });

/** A subdirectory under the document root: empty (the root) or path segments without '..'. */
export const subdir = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ?? '').replace(/^\/+|\/+$/g, ''))
  .refine(
    (v) =>
      v === '' ||
      (/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(v) && !v.split('/').some((s) => /^\.+$/.test(s))),
    {
      error: hostingText.invalidSubdir,
    },
  );

export const InstallBody = z.object({
  /** Index of the chosen application in the applist answer; negative means none chosen. */
  webappid: z.coerce
    .number({ error: hostingText.selectApp })
    .int({ error: hostingText.selectApp })
    .min(0, { error: hostingText.selectApp }),
  appname: text({ error: hostingText.selectApp }).trim().min(1, { error: hostingText.selectApp }).max(100),
  vid: pickedVid(hostingText.selectWebsite),
  subdir,
  email: optionalEmail(),
  nsuphp: z.coerce.number().int().optional(),
  wfv: text().max(50).nullish(),
});

export const installApp = defineCall({
  method: 'POST',
  path: '/api/installapp',
  body: InstallBody,
  data: z.object({ url: z.string(), change_id: z.number() }),
});

export const Devsite = z.object({
  domain: z.string(),
  virtname: z.string(),
  vid: z.number(),
  docroot: z.string(),
  ssl: z.number(),
  setup_date: z.string(),
});
export type Devsite = z.infer<typeof Devsite>;

export const devsites = defineCall({
  method: 'GET',
  path: '/api/devsites/:user',
  params: z.object({ user: logname }),
  data: z.array(Devsite),
});

export const devsite = defineCall({
  method: 'GET',
  path: '/api/devsite/:user/:vid',
  params: z.object({ user: logname, vid: idNumber }),
  data: Devsite,
});

export const Database = z.object({ name: z.string(), pma_url: z.string() });
export type Database = z.infer<typeof Database>;

export const databases = defineCall({
  method: 'GET',
  path: '/api/databases/:user',
  params: z.object({ user: logname }),
  data: z.array(Database),
});

export const DevsiteType = z.enum(devsiteTypes, { error: 'Choose a devsite type' });
export const DEFAULT_DEVSITE_TYPE: z.infer<typeof DevsiteType> = 'Copy original website';

/**
 * Devsite requests (not a spec call: the spec sends them with sendmessage and says how is "not
 * shown"). Create names the live website's vid; promote and refresh name the devsite's vid.
 * Each is recorded in the change queue and mailed to the network operations team.
 */
export const DevsiteRequestBody = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('create'),
    logname,
    vid: pickedVid(hostingText.selectWebsite),
    devsite_type: DevsiteType.default(DEFAULT_DEVSITE_TYPE),
    email_contact: optionalEmail(),
    notes: optionalText(4000),
  }),
  z.object({
    action: z.enum(['promote', 'refresh']),
    logname,
    vid: idNumber,
    notes: optionalText(4000),
  }),
]);
export type DevsiteRequestBody = z.input<typeof DevsiteRequestBody>;

export const devsiteRequest = defineCall({
  method: 'POST',
  path: '/api/devsite-request',
  body: DevsiteRequestBody,
  data: z.object({ change_id: z.number() }),
});

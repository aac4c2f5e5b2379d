import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';

/**
 * `portal check-config` (docs/operations.md, "Check the configuration"): beyond what every start
 * refuses (config.ts loadConfig), what a start cannot know or should not wait for — keys the chosen
 * gateway's card forms need, whether the SMTP relay answers (a warning: mail waits in the outbox),
 * and the database's schema against this release's migrations. One line each, with the fix.
 */
export interface Finding {
  level: 'error' | 'warning' | 'ok';
  text: string;
}

const JOURNAL = new URL('../../drizzle/meta/_journal.json', import.meta.url);

/** This release's migrations, in order: tag and creation time (drizzle's journal). */
export function releaseMigrations(): { tag: string; when: number }[] {
  return JSON.parse(readFileSync(JOURNAL, 'utf8')).entries;
}

export function keyChecks(config: Config): Finding[] {
  const found: Finding[] = [];
  if (config.PORTAL_GATEWAY === 'authorize-net' && !config.AUTHNET_CLIENT_KEY)
    found.push({
      level: 'error',
      text: "AUTHNET_CLIENT_KEY: missing; the card forms answer 503 without it: copy the Public Client Key from Authorize.Net's Merchant Interface (Account, Security Settings, Manage Public Client Key)",
    });
  if (config.PORTAL_GATEWAY === 'sandbox')
    found.push({
      level: 'warning',
      text: 'PORTAL_GATEWAY: sandbox takes no real payment and keeps charges in one process: set authorize-net for production',
    });
  if (!config.PORTAL_PUBLIC_URL)
    found.push({
      level: 'warning',
      text: 'PORTAL_PUBLIC_URL: unset; links in mail would point at localhost: set the address customers use',
    });
  if (config.PORTAL_STAFF_OIDC_INSECURE)
    found.push({
      level: 'warning',
      text: 'PORTAL_STAFF_OIDC_INSECURE: on; the staff directory is reached over plain http (for tests only): unset it and use the https issuer',
    });
  if (config.PORTAL_PSEUDO_LOCALE)
    found.push({
      level: 'warning',
      text: 'PORTAL_PSEUDO_LOCALE: on; a caller asking for en-XA gets accented test texts (for tests only): unset it',
    });
  if (config.PORTAL_STAFF_LOCAL === 'off' && !config.PORTAL_STAFF_BREAK_GLASS)
    found.push({
      level: 'warning',
      text: 'PORTAL_STAFF_BREAK_GLASS: unset while PORTAL_STAFF_LOCAL=off; no admin can sign in when the staff directory is down: name one admin account',
    });
  return found;
}

/**
 * The ISP on invoice and receipt PDFs (PORTAL_ISP_*): a logo that cannot be read, or is neither PNG
 * nor JPEG, would fail every PDF and every mail that carries one; an unset name is printed as the
 * portal's title.
 */
export function paperChecks(config: Config): Finding[] {
  const found: Finding[] = [];
  if (!config.PORTAL_ISP_NAME)
    found.push({
      level: 'warning',
      text: `PORTAL_ISP_NAME: unset; invoice and receipt PDFs are headed "${config.PORTAL_TITLE}": set the ISP's name (and PORTAL_ISP_ADDRESS)`,
    });
  if (config.PORTAL_ISP_LOGO) {
    let head: Buffer | null = null;
    try {
      head = readFileSync(config.PORTAL_ISP_LOGO).subarray(0, 4);
    } catch (err) {
      found.push({
        level: 'error',
        text: `PORTAL_ISP_LOGO: ${(err as Error).message}; the PDFs cannot be made: point it at a readable PNG or JPEG file, or unset it`,
      });
    }
    if (head && logoType(head) === null)
      found.push({
        level: 'error',
        text: 'PORTAL_ISP_LOGO: neither a PNG nor a JPEG file; the PDFs cannot be made: convert the logo to PNG',
      });
  }
  return found;
}

/** A logo file's type by its first bytes: PNG, JPEG, or null for anything else. */
export function logoType(head: Uint8Array): 'png' | 'jpeg' | null {
  if (head[0] === 0x89 && head[1] === 0x50 && head[2] === 0x4e && head[3] === 0x47) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

export async function smtpCheck(config: Config, timeoutMs = 5000): Promise<Finding> {
  if (!config.SMTP_URL)
    return {
      level: 'warning',
      text: 'SMTP_URL: unset; mail is kept in the outbox, never sent: set smtp://HOST:25',
    };
  // Loaded here: the server imports this module (logoType) at every start and uses neither driver.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(config.SMTP_URL);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      transport.verify(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
      }),
    ]);
    return { level: 'ok', text: 'SMTP relay answers' };
  } catch (err) {
    return {
      level: 'warning',
      text: `SMTP_URL: the relay does not answer (${(err as Error).message}); mail waits in the outbox until it does: check the relay and SMTP_URL`,
    };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/** The database's applied migrations against this release's (PostgreSQL; PGlite migrates at start). */
export async function schemaCheck(config: Config): Promise<Finding> {
  if (!config.DATABASE_URL)
    return { level: 'ok', text: 'embedded database: migrated by the process at its start' };
  const migrations = releaseMigrations();
  const last = migrations.at(-1);
  if (!last) return { level: 'error', text: 'this release lists no migrations: the build is incomplete' };
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    return {
      level: 'error',
      text: `DATABASE_URL: cannot connect (${(err as Error).message}): check the host, the role and its password`,
    };
  }
  try {
    const r = await client.query(
      `select count(*)::int as n, max(created_at)::bigint as last from drizzle.__drizzle_migrations`,
    );
    const { n, last: lastWhen } = r.rows[0] as { n: number; last: string | null };
    if (Number(lastWhen ?? 0) > last.when)
      return {
        level: 'error',
        text: `database: its schema is newer than this release's (${n} migrations applied, this release has ${migrations.length}): run the release that migrated it, or check the previous release may run on it (CHANGELOG "Rollback")`,
      };
    if (n < migrations.length)
      return {
        level: 'warning',
        text: `database: ${n} of this release's ${migrations.length} migrations applied; the first process to start applies the rest (back up first: docs/operations.md, "Upgrade")`,
      };
    return { level: 'ok', text: `database: at this release's schema (${last.tag})` };
  } catch (err) {
    if ((err as { code?: string }).code === '42P01')
      return { level: 'warning', text: 'database: empty; the first process to start creates the schema' };
    throw err;
  } finally {
    await client.end();
  }
}

/** Every check; the command exits 1 when one is an error. */
export async function checkConfig(config: Config): Promise<Finding[]> {
  return [...keyChecks(config), ...paperChecks(config), await smtpCheck(config), await schemaCheck(config)];
}

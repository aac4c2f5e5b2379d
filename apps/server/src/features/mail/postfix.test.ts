import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoResponders, tempEmails } from '../../db/schema.ts';
import { build, type TestApp } from '../../test/helper.ts';

/**
 * The lookups the mail servers make, exactly as docs/mail-servers.md configures them: every
 * `pgsql-*.cf` block of that file is read here and its query run the way Postfix runs it.
 */
const DOC = readFileSync(new URL('../../../../../docs/mail-servers.md', import.meta.url), 'utf8');

interface LookupFile {
  query: string;
  domains: string[];
}
function lookupFiles(): Map<string, LookupFile> {
  const files = new Map<string, LookupFile>();
  for (const block of DOC.matchAll(/```ini\n# (\/etc\/\S+\/(pgsql-[\w-]+\.cf))\n([\s\S]*?)```/g)) {
    const body = block[3];
    const query = body.match(/^query = (.+)$/m)?.[1];
    if (!query) continue;
    const domains = body.match(/^domain = (.+)$/m)?.[1].split(/[\s,]+/) ?? [];
    files.set(block[2], { query, domains });
  }
  return files;
}
const FILES = lookupFiles();

/** Postfix's expansion: %s the key, %u its local part, %d its domain; values are quoted. */
const quote = (v: string) => v.replace(/\\/g, '\\\\').replace(/'/g, "''");
function expand(query: string, key: string): string {
  const at = key.lastIndexOf('@');
  const local = at >= 0 ? key.slice(0, at) : key;
  const domain = at >= 0 ? key.slice(at + 1) : '';
  return query.replace(/%([sud])/g, (_m, c: string) => quote(c === 's' ? key : c === 'u' ? local : domain));
}

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

/** The answer Postfix gets for `key` from one of the documented files: values joined by commas, or null. */
async function lookup(file: string, key: string): Promise<string | null> {
  const f = FILES.get(file);
  if (!f) throw new Error(`${file} is not in docs/mail-servers.md`);
  const domain = key.slice(key.lastIndexOf('@') + 1);
  // With `domain =`, Postfix queries only for keys in those domains.
  if (f.domains.length && !(key.includes('@') && f.domains.includes(domain))) return null;
  const res = await t.db.execute(sql.raw(expand(f.query, key)));
  const rows = (res as unknown as { rows: Record<string, unknown>[] }).rows;
  if (rows.length === 0) return null;
  return rows.flatMap((r) => Object.values(r).map(String)).join(',');
}

describe('docs/mail-servers.md', () => {
  it('documents a query for every view', () => {
    expect([...FILES.keys()].sort()).toEqual([
      'pgsql-alias-domains.cf',
      'pgsql-temp-aliases.cf',
      'pgsql-vacation-bcc.cf',
      'pgsql-vacation.cf',
      'pgsql-virtual-aliases.cf',
    ]);
    expect(FILES.get('pgsql-temp-aliases.cf')!.domains).toEqual([t.app.deps.config.TEMP_EMAIL_DOMAIN]);
  });
});

describe('Postfix virtual aliases', () => {
  it('resolves domain aliases and the catch-all key @domain', async () => {
    expect(await lookup('pgsql-virtual-aliases.cf', 'info@anderson-design.com')).toBe(
      'alice@anderson-design.com,carol@anderson-design.com',
    );
    expect(await lookup('pgsql-virtual-aliases.cf', '@anderson-design.com')).toBe(
      'alice@anderson-design.com',
    );
    expect(await lookup('pgsql-virtual-aliases.cf', 'orders@bakersdozen.com')).toBe('bob.baker@example.org');
    expect(await lookup('pgsql-virtual-aliases.cf', 'nobody@bobbaker.net')).toBeNull();
    expect(await lookup('pgsql-virtual-aliases.cf', '@bobbaker.net')).toBeNull();
  });

  it('follows the portal at once: added, changed and deleted aliases', async () => {
    await t.as('bob').post('/api/add-domain-alias', {
      src_user: 'hello',
      src_domain: 'bobbaker.net',
      targets: 'a@example.org\nb@example.org',
    });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBe(
      'a@example.org,b@example.org',
    );
    expect(await lookup('pgsql-alias-domains.cf', 'bobbaker.net')).toBe('bobbaker.net');
    await t.as('bob').post('/api/update-domain-alias', {
      src_user: 'hello',
      src_domain: 'bobbaker.net',
      targets: 'c@example.org',
    });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBe('c@example.org');
    await t.as('bob').post('/api/delete-domain-alias', { src_user: 'hello', src_domain: 'bobbaker.net' });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBeNull();
    expect(await lookup('pgsql-alias-domains.cf', 'bobbaker.net')).toBeNull();
  });

  it('treats quotes in a key as data', async () => {
    expect(await lookup('pgsql-virtual-aliases.cf', "x' or '1'='1@anderson-design.com")).toBeNull();
  });

  it('lists the alias domains', async () => {
    expect(await lookup('pgsql-alias-domains.cf', 'bakersdozen.com')).toBe('bakersdozen.com');
    expect(await lookup('pgsql-alias-domains.cf', 'example.org')).toBeNull();
  });
});

describe('Postfix temporary aliases', () => {
  const domain = () => t.app.deps.config.TEMP_EMAIL_DOMAIN;

  it('resolves an active alias on the temporary domain only', async () => {
    const res = await t.as('bob').post('/api/add-tempemail', {
      logname: 'bob',
      name: 'pf-active',
      forwards_to: 'bob.baker@example.org',
      expires: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    expect(res.status).toBe(200);
    expect(await lookup('pgsql-temp-aliases.cf', `pf-active@${domain()}`)).toBe('bob.baker@example.org');
    expect(await lookup('pgsql-temp-aliases.cf', 'pf-active@bakersdozen.com')).toBeNull();
    expect(await lookup('pgsql-temp-aliases.cf', `nobody@${domain()}`)).toBeNull();
  });

  it('stops resolving at the expiry time, with no job run', async () => {
    await t.db.insert(tempEmails).values({
      owner: 'bob',
      name: 'pf-ending',
      forwardsTo: 'bob.baker@example.org',
      expires: sql`now() + interval '1 second'` as unknown as Date,
    });
    expect(await lookup('pgsql-temp-aliases.cf', `pf-ending@${domain()}`)).toBe('bob.baker@example.org');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await lookup('pgsql-temp-aliases.cf', `pf-ending@${domain()}`)).toBeNull();
    const [row] = await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'pf-ending'));
    expect(row.expiredAt).toBeNull();
  });
});

describe('vacation responder', () => {
  const hour = 3600_000;
  const at = (ms: number) => new Date(Date.now() + ms);

  it('copies mail of an account on vacation to the responder, within its window only', async () => {
    await t.db.insert(autoResponders).values([
      {
        owner: 'alice',
        startAt: at(-hour),
        endAt: at(hour),
        message: 'Away',
        replyTo: 'alice@anderson-design.com',
        operator: 'alice',
      },
      {
        owner: 'bob',
        startAt: at(hour),
        endAt: at(2 * hour),
        message: 'Later',
        replyTo: 'bob.baker@example.org',
        operator: 'bob',
      },
      {
        owner: 'carol',
        startAt: at(-2 * hour),
        endAt: at(-hour),
        message: 'Over',
        replyTo: 'carol@anderson-design.com',
        operator: 'carol',
      },
    ]);
    expect(await lookup('pgsql-vacation-bcc.cf', 'alice@mail.example.net')).toBe(
      'alice@autoreply.example.net',
    );
    expect(await lookup('pgsql-vacation-bcc.cf', 'bob@mail.example.net')).toBeNull();
    expect(await lookup('pgsql-vacation-bcc.cf', 'carol@mail.example.net')).toBeNull();
    expect(await lookup('pgsql-vacation-bcc.cf', 'alice@anderson-design.com')).toBeNull();
  });

  it('answers the newest open request of the account', async () => {
    const res = await t.as('alice').post('/api/auto-responder', {
      logname: 'alice',
      start: at(-30 * 60_000).toISOString(),
      end: at(3 * hour).toISOString(),
      message: 'Back on Monday',
      reply_to: 'info@anderson-design.com',
    });
    expect(res.status).toBe(200);
    const answer = await lookup('pgsql-vacation.cf', 'alice');
    expect(answer).toBe(`info@anderson-design.com,Back on Monday,${String(await activeUntil('alice'))}`);
  });
});

async function activeUntil(logname: string): Promise<unknown> {
  const res = await t.db.execute(
    sql`select active_until from mail_vacation_rules where logname = ${logname}`,
  );
  return (res as unknown as { rows: Array<{ active_until: unknown }> }).rows[0].active_until;
}

import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoResponders, emailAliases, tempEmails } from '../../db/schema.ts';
import { factories, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { must } from '../../../test/support/must.ts';
import { rowsOf } from '../../../test/support/rows.ts';
import { importDocument } from '../../lib/import.ts';

/**
 * The lookups the mail servers make, exactly as docs/mail-servers.md configures them: every
 * `pgsql-*.cf` block of that file is read here and its query run the way Postfix runs it.
 */
const DOC = readFileSync(new URL('../../../../../docs/mail-servers.md', import.meta.url), 'utf8');

interface LookupFile {
  query: string;
  domains: string[];
}

/** The logical lines of a Postfix configuration text: a line starting with white space continues the one before. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    if (/^\s/.test(line) && lines.length) lines[lines.length - 1] += ` ${line.trim()}`;
    else lines.push(line.trim());
  }
  return lines;
}
function parameters(text: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const line of logicalLines(text)) {
    const [, name, value] = line.match(/^([\w-]+)\s*=\s*(.*)$/) ?? [];
    if (name !== undefined && value !== undefined) params.set(name, value);
  }
  return params;
}

function lookupFiles(): Map<string, LookupFile> {
  const files = new Map<string, LookupFile>();
  for (const block of DOC.matchAll(/```ini\n# (\/etc\/\S+\/(pgsql-[\w-]+\.cf))\n([\s\S]*?)```/g)) {
    const params = parameters(must(block[3], 'block[3]'));
    const query = params.get('query');
    if (!query) continue;
    const domains = params.get('domain')?.split(/[\s,]+/) ?? [];
    files.set(must(block[2], 'block[2]'), { query, domains });
  }
  return files;
}
const FILES = lookupFiles();

/** An /etc/postfix file of the document other than the lookup files (main.cf, master.cf, transport). */
function postfixFile(name: string): string {
  const start = DOC.indexOf(`\`\`\`ini\n# /etc/postfix/${name}`);
  if (start < 0) throw new Error(`/etc/postfix/${name} is not in docs/mail-servers.md`);
  const body = DOC.indexOf('\n', start) + 1;
  return DOC.slice(body, DOC.indexOf('```', body));
}
const MAIN_CF = parameters(postfixFile('main.cf'));

/** The documented pgsql files a main.cf parameter names, in order. */
function tablesOf(parameter: string): string[] {
  const value = MAIN_CF.get(parameter) ?? '';
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((table) => {
      const m = table.match(/^(?:proxy:)?pgsql:\/etc\/postfix\/(pgsql-[\w-]+\.cf)$/);
      if (!m?.[1]) throw new Error(`${parameter}: ${table} is not one of the documented lookup files`);
      return m[1];
    });
}

/** Postfix's expansion: %s the key, %u its local part, %d its domain; values are quoted. */
const quote = (v: string) => v.replace(/\\/g, '\\\\').replace(/'/g, "''");
function expand(query: string, key: string): string {
  const at = key.lastIndexOf('@');
  const local = at >= 0 ? key.slice(0, at) : key;
  const domain = at >= 0 ? key.slice(at + 1) : '';
  return query.replace(/%([sud])/g, (_m, c: string) => quote(c === 's' ? key : c === 'u' ? local : domain));
}

const PASSWORD = 'postfix-test-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  const { alice, bob } = await makeCast(t, PASSWORD);
  const f = factories(t);
  for (const domain of ['anderson-design.com', 'harbor-studio.org'])
    await f.makeDomain({ owner: alice, domain });
  // bobbaker.net has no alias: the tests add one.
  for (const domain of ['bakersdozen.com', 'bobbaker.net']) await f.makeDomain({ owner: bob, domain });
  const alias = (domain: string, src: string, ...dst_list: string[]) => ({ domain, src, dst_list });
  await importDocument(t.db, {
    email_aliases: [
      // A catch-all that names an address of its own domain, an alias to two people, and an alias
      // (on another domain) that reaches alice through an alias of this one.
      alias('anderson-design.com', '*', 'alice@anderson-design.com'),
      alias('anderson-design.com', 'info', 'alice@anderson-design.com', 'carol@anderson-design.com'),
      alias('anderson-design.com', 'studio', 'alice@anderson-design.com'),
      alias('harbor-studio.org', 'hello', 'studio@anderson-design.com'),
      alias('bakersdozen.com', 'orders', 'bob.baker@example.org'),
      alias('bakersdozen.com', '*', 'bob.baker@example.org'),
    ],
  });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

/**
 * A time `ms` after both the test clock and the real one: the portal checks an expiry or an end
 * against its clock, the mail servers' views against the database's `now()`.
 */
const ahead = (ms: number) => new Date(Math.max(Date.now(), t.clock.now().getTime()) + ms);

/** The answer Postfix gets for `key` from one of the documented files: values joined by commas, or null. */
async function lookup(file: string, key: string): Promise<string | null> {
  const f = FILES.get(file);
  if (!f) throw new Error(`${file} is not in docs/mail-servers.md`);
  const at = key.lastIndexOf('@');
  const domain = key.slice(at + 1);
  // With `domain =`, Postfix queries only for keys in those domains.
  if (f.domains.length && !(at >= 0 && f.domains.includes(domain))) return null;
  // A query that uses %u is not run for a key without a local part (the catch-all key `@domain`).
  if (f.query.includes('%u') && at === 0) return null;
  const res = await t.db.execute(sql.raw(expand(f.query, key)));
  const rows = rowsOf(res);
  if (rows.length === 0) return null;
  return rows.flatMap((r) => Object.values(r).map(String)).join(',');
}

/**
 * mail_addr_find(3) over a list of tables: the whole address in every table, then `@domain` in
 * every table; keys are lower-cased. The first answer, as Postfix reads it.
 */
async function find(tables: string[], address: string): Promise<string | null> {
  const key = address.toLowerCase();
  const at = key.lastIndexOf('@');
  for (const form of at > 0 ? [key, key.slice(at)] : [key]) {
    for (const table of tables) {
      const hit = await lookup(table, form);
      if (hit !== null) return hit;
    }
  }
  return null;
}

/**
 * cleanup(8)'s virtual alias expansion (cleanup_map1n.c): each address is replaced by its lookup
 * result, recursively; an address that expands into itself is kept and not expanded again.
 */
async function expandAliases(address: string): Promise<string[]> {
  const maps = tablesOf('virtual_alias_maps');
  const argv = [address];
  const selfExpanded = new Set<string>();
  for (let arg = 0; arg < argv.length; arg++) {
    for (let count = 0; !selfExpanded.has(must(argv[arg], 'argv[arg]').toLowerCase()); count++) {
      if (count >= 1000) throw new Error(`unreasonable virtual_alias_maps nesting for ${address}`);
      const lhs = argv[arg];
      const result = await find(maps, must(lhs, 'lhs'));
      if (result === null) break;
      result
        .split(/[\s,]+/)
        .filter(Boolean)
        .forEach((target, i) => {
          if (i === 0) argv[arg] = target;
          else argv.push(target);
          if (target.toLowerCase() === must(lhs, 'lhs').toLowerCase())
            selfExpanded.add(must(lhs, 'lhs').toLowerCase());
        });
    }
  }
  return argv;
}

/**
 * The recipients cleanup(8) queues for one envelope recipient, as main.cf of the document sets
 * it up: the recipient's virtual alias expansion, plus the expansion of its automatic BCC
 * address (recipient_bcc_maps, looked up with the recipient as it arrived; one address).
 */
async function delivered(recipient: string): Promise<Set<string>> {
  const out = await expandAliases(recipient);
  if (MAIN_CF.get('recipient_bcc_maps')) {
    const bcc = await find(tablesOf('recipient_bcc_maps'), recipient);
    if (bcc !== null) out.push(...(await expandAliases(bcc)));
  }
  return new Set(out.map((a) => a.toLowerCase()));
}

describe('docs/mail-servers.md', () => {
  it("documents a query for every view, with the portal's domains", async () => {
    expect([...FILES.keys()].sort()).toEqual([
      'pgsql-alias-domains.cf',
      'pgsql-temp-aliases.cf',
      'pgsql-vacation-aliases.cf',
      'pgsql-vacation.cf',
      'pgsql-virtual-aliases.cf',
    ]);
    const { config } = t.app.deps;
    expect(FILES.get('pgsql-temp-aliases.cf')?.domains).toEqual([config.TEMP_EMAIL_DOMAIN]);
    expect(FILES.get('pgsql-vacation-aliases.cf')?.domains).toEqual([config.MAILBOX_DOMAIN]);
    expect(tablesOf('virtual_alias_maps')).toEqual([
      'pgsql-virtual-aliases.cf',
      'pgsql-temp-aliases.cf',
      'pgsql-vacation-aliases.cf',
    ]);
  });

  it('routes the responder copies to the responder, one account per run, with the original recipient', () => {
    expect(postfixFile('transport')).toMatch(/^autoreply\.example\.net\s+vacation:$/m);
    expect(MAIN_CF.get('vacation_destination_recipient_limit')).toBe('1');
    const vacation = logicalLines(postfixFile('master.cf')).find((l) => l.startsWith('vacation '));
    expect(vacation).toMatch(
      / pipe flags=\S+ user=vacation argv=\S+ \$\{sender\} \$\{user\} \$\{original_recipient\}$/,
    );
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
    await as('bob').post('/api/add-domain-alias', {
      src_user: 'hello',
      src_domain: 'bobbaker.net',
      targets: 'a@example.org\nb@example.org',
    });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBe(
      'a@example.org,b@example.org',
    );
    expect(await lookup('pgsql-alias-domains.cf', 'bobbaker.net')).toBe('bobbaker.net');
    await as('bob').post('/api/update-domain-alias', {
      src_user: 'hello',
      src_domain: 'bobbaker.net',
      targets: 'c@example.org',
    });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBe('c@example.org');
    await as('bob').post('/api/delete-domain-alias', { src_user: 'hello', src_domain: 'bobbaker.net' });
    expect(await lookup('pgsql-virtual-aliases.cf', 'hello@bobbaker.net')).toBeNull();
    expect(await lookup('pgsql-alias-domains.cf', 'bobbaker.net')).toBeNull();
  });

  it('treats quotes in a key as data', async () => {
    expect(await lookup('pgsql-virtual-aliases.cf', "x' or '1'='1@anderson-design.com")).toBeNull();
  });

  it('looks an address up through an index, not by reading every alias', async () => {
    const f = FILES.get('pgsql-virtual-aliases.cf') as LookupFile;
    const plan = await t.db.transaction(async (tx) => {
      // A handful of rows would be read whole anyway: ask which plan a large table gets.
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql.raw(`explain ${expand(f.query, 'info@anderson-design.com')}`));
      return rowsOf<Record<string, string>>(res)
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('email_aliases_address_idx');
  });

  it('lists the alias domains', async () => {
    expect(await lookup('pgsql-alias-domains.cf', 'bakersdozen.com')).toBe('bakersdozen.com');
    expect(await lookup('pgsql-alias-domains.cf', 'example.org')).toBeNull();
  });
});

describe('Postfix temporary aliases', () => {
  const domain = () => t.app.deps.config.TEMP_EMAIL_DOMAIN;

  it('resolves an active alias on the temporary domain only', async () => {
    const res = await as('bob').post('/api/add-tempemail', {
      logname: 'bob',
      name: 'pf-active',
      forwards_to: 'bob.baker@example.org',
      expires: ahead(24 * 3600_000).toISOString(),
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
      expires: sql`now() + interval '1 second'`,
    });
    expect(await lookup('pgsql-temp-aliases.cf', `pf-ending@${domain()}`)).toBe('bob.baker@example.org');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await lookup('pgsql-temp-aliases.cf', `pf-ending@${domain()}`)).toBeNull();
    const row = must(
      (await t.db.select().from(tempEmails).where(eq(tempEmails.name, 'pf-ending')))[0],
      'row',
    );
    expect(row.expiredAt).toBeNull();
  });
});

describe('vacation responder', () => {
  const hour = 3600_000;
  const at = (ms: number) => new Date(Date.now() + ms);
  const rule = (owner: string, from: number, until: number, message: string) => ({
    owner,
    startAt: at(from),
    endAt: at(until),
    message,
    replyTo: `${owner}@anderson-design.com`,
    operator: owner,
  });
  const mailbox = (logname: string) => `${logname}@${t.app.deps.config.MAILBOX_DOMAIN}`;
  const responder = (logname: string) => `${logname}@autoreply.example.net`;

  beforeAll(async () => {
    await t.db
      .insert(autoResponders)
      .values([
        rule('alice', -hour, hour, 'Away'),
        rule('bob', hour, 2 * hour, 'Later'),
        rule('carol', -2 * hour, -hour, 'Over'),
      ]);
    // Addresses of alice's domains that deliver to the mailboxes, directly or through another alias.
    await t.db.insert(emailAliases).values([
      { domain: 'anderson-design.com', src: 'front', dstList: [mailbox('alice'), mailbox('carol')] },
      { domain: 'anderson-design.com', src: 'desk', dstList: ['front@anderson-design.com'] },
      { domain: 'anderson-design.com', src: 'outside', dstList: ['someone@example.org'] },
      { domain: 'harbor-studio.org', src: '*', dstList: [mailbox('alice')] },
    ]);
    await t.db.insert(tempEmails).values({
      owner: 'alice',
      name: 'pf-vacation',
      forwardsTo: mailbox('alice'),
      expires: at(24 * hour),
    });
  });

  it('answers mail to the mailbox of an account on vacation, within its window only', async () => {
    expect(await delivered(mailbox('alice'))).toEqual(new Set([mailbox('alice'), responder('alice')]));
    expect(await delivered('Alice@Mail.Example.Net')).toEqual(
      new Set([mailbox('alice'), responder('alice')]),
    );
    expect(await delivered(mailbox('bob'))).toEqual(new Set([mailbox('bob')]));
    expect(await delivered(mailbox('carol'))).toEqual(new Set([mailbox('carol')]));
    expect(await delivered(mailbox('nobody'))).toEqual(new Set([mailbox('nobody')]));
  });

  it('answers mail to every alias that delivers to the mailbox', async () => {
    // A domain alias, an alias of that alias, and the catch-all for an address without an alias.
    expect(await delivered('front@anderson-design.com')).toEqual(
      new Set([mailbox('alice'), responder('alice'), mailbox('carol')]),
    );
    expect(await delivered('desk@anderson-design.com')).toEqual(await delivered('front@anderson-design.com'));
    expect(await delivered('anything@harbor-studio.org')).toEqual(
      new Set([mailbox('alice'), responder('alice')]),
    );
    // An address with an alias of its own does not fall back to the catch-all.
    expect(await delivered('hello@harbor-studio.org')).toEqual(new Set(['alice@anderson-design.com']));
    expect(await delivered('outside@anderson-design.com')).toEqual(new Set(['someone@example.org']));
    // The catch-all of anderson-design.com names an address of the domain, not a mailbox.
    expect(await delivered('alice@anderson-design.com')).toEqual(new Set(['alice@anderson-design.com']));
  });

  it('gives each account on vacation behind one alias its own responder', async () => {
    await t.db.insert(autoResponders).values(rule('carol', -hour, hour, 'Also away'));
    expect(await delivered('front@anderson-design.com')).toEqual(
      new Set([mailbox('alice'), responder('alice'), mailbox('carol'), responder('carol')]),
    );
  });

  it('reaches the responder through a temporary alias too (the responder leaves that mail unanswered)', async () => {
    const temp = `pf-vacation@${t.app.deps.config.TEMP_EMAIL_DOMAIN}`;
    expect(await delivered(temp)).toEqual(new Set([mailbox('alice'), responder('alice')]));
    expect(DOC).toMatch(/does\s+\*\*not\*\* answer mail whose original recipient is on the temporary domain/);
  });

  it('answers the newest open request of the account', async () => {
    const res = await as('alice').post('/api/auto-responder', {
      logname: 'alice',
      start: at(-30 * 60_000).toISOString(),
      end: ahead(3 * hour).toISOString(),
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
  return must(rowsOf<{ active_until: unknown }>(res)[0], 'the vacation rule').active_until;
}

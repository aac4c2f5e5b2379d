import { must } from '../../test/support/must.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, domains, emailAliases } from '../db/schema.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { ImportError, importDocument, importFile } from './import.ts';

/**
 * The import of docs/import-format.md, on a small document of the test's own: two customers, a
 * domain with an alias. The demo data set is loaded through the same code (demo.test.ts shows it loads).
 */
const DOCUMENT = {
  accounts: [
    {
      logname: 'alice',
      uid: 5001,
      first_name: 'Alice',
      last_name: 'Anderson',
      bill_email: 'alice@anderson-design.com',
      password: 'alice-own-pass',
    },
    {
      logname: 'bob',
      uid: 5002,
      first_name: 'Bob',
      last_name: 'Baker',
      bill_email: 'bob.baker@example.org',
      password: 'bob-own-pass',
    },
  ],
  domains: [{ domain: 'anderson-design.com', owner: 'alice', expiration_date: '2031-12-31' }],
  email_aliases: [{ domain: 'anderson-design.com', src: 'info', dst_list: ['alice@anderson-design.com'] }],
};

let t: TestApp;
let dir: string;
let file: string;
beforeAll(async () => {
  t = await build({ demo: false });
  dir = mkdtempSync(join(tmpdir(), 'import-test-'));
  file = join(dir, 'document.json');
  writeFileSync(file, JSON.stringify(DOCUMENT));
  await importFile(t.db, file);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async () => ({
  accounts: must((await t.db.select({ n: count() }).from(accounts))[0], 'the first row').n,
  domains: must((await t.db.select({ n: count() }).from(domains))[0], 'the first row').n,
  aliases: must((await t.db.select({ n: count() }).from(emailAliases))[0], 'the first row').n,
});

describe('import', () => {
  it('is idempotent: importing the same file again changes nothing', async () => {
    const before = await rows();
    expect(before).toEqual({ accounts: 2, domains: 1, aliases: 1 });
    await importFile(t.db, file);
    expect(await rows()).toEqual(before);
  });

  it('upserts by natural key', async () => {
    await importDocument(t.db, { accounts: [{ logname: 'bob', uid: 5002, company: 'Baker & Sons' }] });
    const bob = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'bob')))[0], 'bob');
    expect(bob.company).toBe('Baker & Sons');
    expect(bob.billEmail).toBe('bob.baker@example.org');
  });

  it('hashes passwords and lets the imported account sign in', async () => {
    await importDocument(t.db, {
      accounts: [{ logname: 'newbie', uid: 7001, password: 'fresh-password-1' }],
    });
    const row = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'newbie')))[0], 'row');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(
      (
        await t.request('POST', '/api/miglogin', {
          body: { username: 'newbie', password: 'fresh-password-1' },
        })
      ).status,
    ).toBe(200);
  });

  it('is all-or-nothing: a bad row rolls back every entity of the file and names the row', async () => {
    const before = await rows();
    const doc = {
      accounts: [{ logname: 'zed', uid: 7002 }],
      domains: [
        { domain: 'zed-one.com', owner: 'zed' },
        { domain: 'zed-two.com', owner: 'nobody-such' },
      ],
    };
    await expect(importDocument(t.db, doc)).rejects.toThrow(/domains/);
    expect(await rows()).toEqual(before);
  });

  it('updates only the fields a row names, even next to rows that name more (one file, one batch)', async () => {
    const hashOf = async (logname: string) =>
      (await t.db.select().from(accounts).where(eq(accounts.logname, logname)))[0];
    const bobBefore = await hashOf('bob');
    expect(must(bobBefore, 'bobBefore').passwordHash).toMatch(/^\$argon2id\$/);
    await importDocument(t.db, {
      accounts: [
        { logname: 'alice', uid: 5001, password: 'alice-own-pass' },
        { logname: 'bob', uid: 5002, company: 'Baker Bros' },
      ],
    });
    const bob = await hashOf('bob');
    expect(must(bob, 'bob').passwordHash).toBe(must(bobBefore, 'bobBefore').passwordHash);
    expect(must(bob, 'bob').company).toBe('Baker Bros');
    expect(must(bob, 'bob').billEmail).toBe(must(bobBefore, 'bobBefore').billEmail);
    const login = await t.request('POST', '/api/miglogin', {
      body: { username: 'bob', password: 'bob-own-pass' },
    });
    expect(login.status).toBe(200);
  });

  it('loads a Secondary listed before its primary', async () => {
    await importDocument(t.db, {
      accounts: [
        {
          logname: 'sec1',
          uid: 7101,
          account_role: 'Secondary',
          primary: 'prim1',
          password: 'sec1-password',
        },
        { logname: 'prim1', uid: 7100 },
      ],
    });
    const sec = must((await t.db.select().from(accounts).where(eq(accounts.logname, 'sec1')))[0], 'sec');
    expect(sec.primary).toBe('prim1');
  });

  it('names the entity, row and field the database refuses, and writes nothing', async () => {
    const before = await rows();
    const doc = {
      accounts: [{ logname: 'yan', uid: 7003 }],
      domains: [
        { domain: 'yan-0.com', owner: 'yan' },
        { domain: 'yan-1.com', owner: 'yan' },
        { domain: 'yan-2.com', owner: 'yan' },
        { domain: 'yan-3.com', owner: 'no-such-owner' },
        { domain: 'yan-4.com', owner: 'yan' },
      ],
    };
    const err = await importDocument(t.db, doc).catch((e: Error) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toBe('domains[3].owner: "no-such-owner" does not exist in accounts');
    expect(await rows()).toEqual(before);

    // A unique column taken by another row: the row and field are named too.
    await expect(
      importDocument(t.db, {
        accounts: [
          { logname: 'u1', uid: 7201 },
          { logname: 'u2', uid: 5001 },
        ],
      }),
    ).rejects.toThrow('accounts[1].uid: "5001" is already used by another row');
    // The same natural key twice in one file.
    await expect(
      importDocument(t.db, {
        domains: [
          { domain: 'dup.com', owner: 'bob' },
          { domain: 'dup.com', owner: 'alice' },
        ],
      }),
    ).rejects.toThrow('domains[1]: same domain as domains[0]');
    expect(await rows()).toEqual(before);
  });

  it('refuses unknown entities and fields, naming them', async () => {
    await expect(importDocument(t.db, { planets: [] })).rejects.toThrow('unknown entity "planets"');
    await expect(
      importDocument(t.db, { accounts: [{ logname: 'x1', uid: 1, colour: 'red' }] }),
    ).rejects.toThrow('accounts[0]: unknown field "colour"');
    await expect(importDocument(t.db, { accounts: [{ logname: 'x1', uid: 'abc' }] })).rejects.toThrow(
      'accounts[0].uid: expected an integer',
    );
    await expect(importDocument(t.db, { websites: [{ vid: 1, owner: 'bob' }] })).rejects.toThrow(
      'websites[0]: missing field "virtname"',
    );
    await expect(importDocument(t.db, [])).rejects.toBeInstanceOf(ImportError);
  });
});

import { must } from '../../test/support/must.ts';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords.ts';
import { accounts } from '../db/schema.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { DEMO_ANCHOR } from './demo-dates.ts';
import { DEMO_FILE, DEMO_LOGINS, hashedDemo } from './demo.ts';
import { importDocument } from './import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
});
afterAll(() => t.close());

describe('the demo with its passwords hashed ahead of the import (a first start)', () => {
  it('carries argon2id hashes with the production parameters instead of the passwords, nothing else changed', async () => {
    const file = JSON.parse(await readFile(DEMO_FILE, 'utf8')) as Record<
      string,
      Array<Record<string, unknown>>
    >;
    // on the file's own day its dates stay as they are (other days: demo-dates.test.ts)
    const doc = (await hashedDemo(new Date(`${DEMO_ANCHOR}T15:00:00Z`))) as typeof file;
    expect(Object.keys(doc)).toEqual(Object.keys(file));
    for (const [name, rows] of Object.entries(file)) if (name !== 'accounts') expect(doc[name]).toEqual(rows);
    expect(must(doc.accounts, 'doc.accounts').map((a) => a.logname)).toEqual(
      must(file.accounts, 'file.accounts').map((a) => a.logname),
    );
    for (const [i, { password, ...rest }] of must(file.accounts, 'file.accounts').entries()) {
      const { password_hash, ...others } = must(must(doc.accounts, 'doc.accounts')[i], `account ${i}`);
      if (password === undefined) {
        // an account without a password (it cannot sign in) stays as the file has it
        expect(must(doc.accounts, 'doc.accounts')[i]).toEqual(rest);
        continue;
      }
      expect(others).toEqual(rest);
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(String(password_hash), String(password))).toBe(true);
    }
  });

  it('imports into an empty database so that every demo login signs in', async () => {
    await importDocument(t.db, await hashedDemo());
    const stored = await t.db
      .select({ logname: accounts.logname, hash: accounts.passwordHash })
      .from(accounts);
    for (const login of DEMO_LOGINS) {
      const row = stored.find((r) => r.logname === login.logname);
      expect(await verifyPassword(row?.hash, login.password), login.logname).toBe(true);
    }
    const signIn = await t.request('POST', '/api/miglogin', {
      body: { username: 'alice', password: 'alice-demo-pass' },
    });
    expect(signIn.status).toBe(200);
  });
});

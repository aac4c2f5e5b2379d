import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../auth/passwords.ts';
import { demoAsOf } from './demo-dates.ts';

/** The demo data set: an ordinary import file (docs/import-format.md). */
export const DEMO_FILE = fileURLToPath(new URL('../../demo/demo-data.json', import.meta.url));

export const DEMO_LOGINS = [
  { logname: 'staff', password: 'staff-demo-pass', what: 'staff' },
  { logname: 'admin', password: 'admin-demo-pass', what: 'admin' },
  { logname: 'alice', password: 'alice-demo-pass', what: 'customer (Primary)' },
  { logname: 'bob', password: 'bob-demo-pass', what: 'customer (Primary)' },
  { logname: 'carol', password: 'carol-demo-pass', what: 'Secondary of alice' },
  { logname: 'dave', password: 'dave-demo-pass', what: 'Secondary of alice, dashboard admin' },
] as const;

/**
 * The demo file with its accounts' passwords already hashed (`password_hash`, which the import takes
 * as it is): the same argon2id hashes, with the same parameters, as the import would make
 * (auth/passwords.ts), on a hashing thread (auth/hash-threads.ts). A first start calls this before it opens the new
 * database, so the hashes run on another core while the main thread copies and opens it
 * (docs/decisions/085-start-up-demo.md). One at a time: each takes 19 MiB while it runs (the start's
 * peak memory), and the seven, one after another (~0.3 s on one core), are done within the opening.
 * Its dates are those of `today` (demoAsOf: docs/decisions/048-demo-relative-to-today.md).
 */
export async function hashedDemo(today: Date = new Date()): Promise<Record<string, unknown>> {
  const doc = demoAsOf(JSON.parse(await readFile(DEMO_FILE, 'utf8')) as Record<string, unknown>, today);
  const accounts = Array.isArray(doc.accounts) ? (doc.accounts as Array<Record<string, unknown>>) : [];
  const hashed: Array<Record<string, unknown>> = [];
  for (let start = 0; start < accounts.length; start += HASH_AT_ONCE)
    hashed.push(...(await Promise.all(accounts.slice(start, start + HASH_AT_ONCE).map(withHash))));
  doc.accounts = hashed;
  return doc;
}

const HASH_AT_ONCE = 1;

/** The account row with `password_hash` in place of `password`. */
async function withHash(account: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { password, ...row } = account;
  if (typeof password !== 'string' || !password) return account;
  return { ...row, password_hash: await hashPassword(password) };
}

import { eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema.ts';
import { type BreachService, createBreachService } from '../../integrations/breach/index.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accountPasswordCommand, STAFF_UID_FLOOR, STAFF_UID_TOP } from './commands.ts';

let t: TestApp;
let breach: BreachService;
/** Two customers of this file's own, with the factories' password. */
let bob: Account;
// Building the app on a fresh database can take a while on a busy machine.
beforeAll(async () => {
  t = await build({ demo: false });
  const f = factories(t);
  bob = await f.makeAccount({ logname: 'bob' });
  await f.makeAccount({ logname: 'carol' });
  // The built-in list, as the command uses when no Pwned Passwords index was imported.
  breach = createBreachService();
}, 120_000);
afterAll(async () => {
  await breach.close();
  await t.close();
});

const GOOD = 'Tq7vLm2-xZp9-harbor';
const BREACHED = 'password123';

/**
 * Runs the command as `npm run portal -- account <sub> …args` would, keeping what it prints. The
 * `--password P` of the arguments is typed at the prompt instead (not on the command line).
 */
async function portal(sub: 'create' | 'set-password', ...args: string[]) {
  const lines = { log: [] as string[], error: [] as string[] };
  const at = args.indexOf('--password');
  const typed = at >= 0 ? (args[at + 1] ?? '') : '';
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const code = await accountPasswordCommand(
    t.db,
    breach,
    sub,
    rest,
    { log: (l) => lines.log.push(l), error: (l) => lines.error.push(l) },
    async () => typed,
  );
  return { code, ...lines };
}

const login = (username: string, password: string) =>
  t.request('POST', '/api/miglogin', { body: { username, password } });

describe('npm run portal -- account set-password / create', () => {
  it('set-password refuses a breached password and leaves the old one', async () => {
    const res = await portal('set-password', 'bob', '--password', BREACHED);
    expect(res.code).toBe(1);
    expect(res.error).toEqual(['This password cannot be used: it has appeared in data breaches.']);
    expect((await login('bob', BREACHED)).status).toBe(401);
    expect((await login('bob', bob.password)).status).toBe(200);
  });

  it('create refuses a breached password and creates nothing', async () => {
    const res = await portal('create', 'newbie', '--password', BREACHED, '--email', 'n@example.com');
    expect(res.code).toBe(1);
    expect(res.error[0]).toMatch(/data breaches\.$/);
    expect(await t.db.select().from(accounts).where(eq(accounts.logname, 'newbie'))).toEqual([]);
  });

  it('sets and creates with a password that is not breached', async () => {
    const set = await portal('set-password', 'bob', '--password', GOOD);
    expect(set).toMatchObject({ code: 0, log: ['password set for bob'] });
    expect((await login('bob', GOOD)).status).toBe(200);

    const created = await portal('create', 'newbie', '--password', GOOD, '--email', 'n@example.com');
    expect(created).toMatchObject({ code: 0, log: ['account newbie created'] });
    expect((await login('newbie', GOOD)).status).toBe(200);
  });

  it('gives staff and admins uids from the top of the range, customers the next one below it', async () => {
    const uid = async (logname: string) =>
      (await t.db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.logname, logname)))[0]?.uid;
    const customersBefore = await t.db
      .select({ uid: accounts.uid })
      .from(accounts)
      .where(lt(accounts.uid, STAFF_UID_FLOOR));
    const highest = Math.max(...customersBefore.map((r) => r.uid));

    expect((await portal('create', 'ops-admin', '--password', GOOD, '--role', 'admin')).code).toBe(0);
    expect((await portal('create', 'ops-staff', '--password', GOOD, '--role', 'staff')).code).toBe(0);
    expect((await portal('create', 'next-customer', '--password', GOOD)).code).toBe(0);
    expect(await uid('ops-admin')).toBe(STAFF_UID_TOP);
    expect(await uid('ops-staff')).toBe(STAFF_UID_TOP - 1);
    // The staff uids do not move the customers' sequence: the back office's next uid stays free.
    expect(await uid('next-customer')).toBe(highest + 1);
  });

  it('refuses bad arguments before looking anything up', async () => {
    expect((await portal('set-password', 'bob', '--password', 'short')).code).toBe(2);
    expect((await portal('create', 'x', '--password', GOOD, '--role', 'root')).code).toBe(2);
    expect((await portal('set-password', 'nobody', '--password', GOOD)).error).toEqual(['no account nobody']);
  });

  it('still takes --password from old scripts, with a warning that it is visible', async () => {
    const lines = { log: [] as string[], error: [] as string[] };
    const code = await accountPasswordCommand(t.db, breach, 'set-password', ['carol', '--password', GOOD], {
      log: (l) => lines.log.push(l),
      error: (l) => lines.error.push(l),
    });
    expect(code).toBe(0);
    expect(lines.error[0]).toMatch(/^warning: --password puts the password in the shell history/);
    expect((await login('carol', GOOD)).status).toBe(200);
  });

  it('refuses a password shorter than 8 characters from the prompt', async () => {
    const res = await portal('set-password', 'bob', '--password', 'short');
    expect(res.code).toBe(2);
    expect(res.error).toEqual(['a password of at least 8 characters is required']);
  });
});

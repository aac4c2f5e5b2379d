import { must } from '@portal/contract/must';
import { parseArgs } from 'node:util';
import { accountText } from '@portal/contract/account/messages';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import { endSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import { accounts } from '../../db/schema.ts';
import type { BreachService } from '../../integrations/breach/index.ts';

/** The highest uid (int4's largest): staff accounts made by the CLI count down from it. */
export const STAFF_UID_TOP = 2_147_483_647;
/** Uids from here up are staff accounts' (docs/decisions/041-staff-uids.md): customers' stay below. */
export const STAFF_UID_FLOOR = 2_000_000_000;

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run portal -- account create | set-password`: the operator's way to set a password, held
 * to the same breached-password rule as every screen that sets one (docs/areas/account.md).
 * The password is read with `readPassword` (a prompt on a terminal, else the first line of standard
 * input: cli/read-password.ts); `--password P` still works for old scripts but puts the password in
 * the shell history and the process list, and says so.
 * Returns the exit code: 0 done, 1 refused or no such account, 2 bad arguments.
 */
export async function accountPasswordCommand(
  db: Db,
  breach: BreachService,
  sub: 'create' | 'set-password',
  args: string[],
  out: CommandOutput = console,
  readPassword?: () => Promise<string>,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      role: { type: 'string' },
      email: { type: 'string' },
      uid: { type: 'string' },
    },
  });
  const logname = positionals[0]?.toLowerCase();
  if (!logname) {
    out.error('a logname is required');
    return 2;
  }
  if (values.password !== undefined) {
    out.error(
      'warning: --password puts the password in the shell history and the process list; leave it out to be asked for it',
    );
  }
  const password = values.password ?? (await readPassword?.()) ?? '';
  if (password.length < 8) {
    out.error('a password of at least 8 characters is required');
    return 2;
  }
  const role = values.role ?? 'customer';
  if (sub === 'create' && !['customer', 'staff', 'admin'].includes(role)) {
    out.error('--role must be customer, staff or admin');
    return 2;
  }
  if (await breach.isBreached(password)) {
    out.error(accountText.breached);
    return 1;
  }
  const passwordHash = await hashPassword(password);
  if (sub === 'set-password') {
    const updated = await db.transaction(async (tx) => {
      const rows = await tx
        .update(accounts)
        .set({ passwordHash })
        .where(eq(accounts.logname, logname))
        .returning({ logname: accounts.logname });
      // An operator sets a password when the old one is lost or known to others: every session ends.
      if (rows.length) await endSessions(tx, logname, new Date());
      return rows;
    });
    if (!updated.length) {
      out.error(`no account ${logname}`);
      return 1;
    }
    out.log(`password set for ${logname}`);
    return 0;
  }
  // Customers take the next uid after the highest; staff and admins count down from the top of
  // the column's range, where the back office's customer uids never reach, so a later import of
  // customers cannot collide with them (docs/decisions/041-staff-uids.md).
  const staff = role !== 'customer';
  const { next } = must(
    (
      await db
        .select({
          next: staff
            ? sql<number>`coalesce(min(${accounts.uid}) - 1, ${STAFF_UID_TOP})`
            : sql<number>`coalesce(max(${accounts.uid}), 1000) + 1`,
        })
        .from(accounts)
        .where(staff ? sql`${accounts.uid} >= ${STAFF_UID_FLOOR}` : sql`${accounts.uid} < ${STAFF_UID_FLOOR}`)
    )[0],
    'the next uid',
  );
  await db.insert(accounts).values({
    logname,
    uid: values.uid ? Number(values.uid) : Number(next),
    role,
    billEmail: values.email ?? '',
    passwordHash,
  });
  out.log(`account ${logname} created`);
  return 0;
}

import { parseArgs } from 'node:util';
import { accountText } from '@portal/contract/account/messages';
import { hashPassword } from '../../auth/passwords.ts';
import { endSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/index.ts';
import type { BreachService } from '../../integrations/breach/index.ts';
import { createAccount, nextUid, setPanelPasswordHash } from './repository.ts';

// The staff uid range is the repository's, where the next uid is chosen; named here for its callers.
export { STAFF_UID_FLOOR, STAFF_UID_TOP } from './repository.ts';

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
      const found = await setPanelPasswordHash(tx, logname, passwordHash);
      // An operator sets a password when the old one is lost or known to others: every session ends.
      if (found) await endSessions(tx, logname, new Date());
      return found;
    });
    if (!updated) {
      out.error(`no account ${logname}`);
      return 1;
    }
    out.log(`password set for ${logname}`);
    return 0;
  }
  const uid = values.uid ? Number(values.uid) : await nextUid(db, role !== 'customer');
  await createAccount(db, { logname, uid, role, billEmail: values.email ?? '', passwordHash });
  out.log(`account ${logname} created`);
  return 0;
}

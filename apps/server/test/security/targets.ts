import type { Db } from '../../src/db/index.ts';
import { passkeys } from '../../src/db/schema.ts';
import {
  domainOf,
  MISSING_OBJECTS,
  NOBODY,
  type Objects,
  TARGET_ACCOUNT,
  TARGET_OBJECTS,
  type Target,
  type TargetName,
} from './expectations/index.ts';
import type { Clock } from '../support/helper.ts';
import { must } from '../support/must.ts';
import { rowsOf } from './snapshot.ts';

/**
 * The targets of the expectations table with the real ids of the objects in `db` (the matrix's world,
 * world.ts), and the clock the samples date their requests by (the real one when none is given).
 */
export async function loadTargets(
  db: Db,
  clock: Pick<Clock, 'now'> = { now: () => new Date() },
): Promise<(name: TargetName) => Target> {
  await addPasskeys(db);
  // The objects an account may lack (a card, a passkey, an API token…): undefined when it has none.
  const first = async <R extends Record<string, unknown>>(q: string) => (await rowsOf<R>(db, q))[0];
  // The objects every target account has.
  const one = async <R extends Record<string, unknown>>(q: string) => must(await first<R>(q), q);
  const firstAlias = async (domain: string) =>
    (
      await one<{ src: string }>(
        `select src from email_aliases where domain = '${domain}' and src <> '*' order by id limit 1`,
      )
    ).src;
  const objectsOf = async (owner: string): Promise<Objects> => {
    const domain = domainOf(owner === 'alice' ? 'A' : 'B');
    const vid = await one<{ vid: number }>(
      `select vid from websites where owner = '${owner}' order by vid limit 1`,
    );
    const devsite = await first<{ vid: number }>(
      `select vid from devsites where owner = '${owner}' order by vid limit 1`,
    );
    const card = await first<{ id: number }>(
      `select id from cards where owner = '${owner}' order by id limit 1`,
    );
    const contact = await one<{ tcid: number }>(
      `select tcid from contacts where owner = '${owner}' order by tcid limit 1`,
    );
    const temp = await first<{ id: number; name: string }>(
      `select id, name from temp_emails where owner = '${owner}' order by id limit 1`,
    );
    const recovery = await first<{ id: number }>(
      `select id from recovery_emails where owner = '${owner}' order by id limit 1`,
    );
    const passkey = await first<{ id: number }>(
      `select id from passkeys where owner = '${owner}' order by id limit 1`,
    );
    const invoice = await one<{ invoice: string }>(
      `select invoice from invoices where owner = '${owner}' order by invoice limit 1`,
    );
    const payment = await first<{ trans_id: string }>(
      `select trans_id from payments where owner = '${owner}' and status = 'approved' order by trans_id limit 1`,
    );
    // A session of the account's own for end-session to end, not one the matrix signs in with.
    const session = await first<{ public_id: string }>(
      `insert into sessions (id, account, created_at, last_seen, expires_at, epoch, client_prefix, method)
       select 'matrix-spare-' || logname, logname, now(), now(), now() + interval '1 day', session_epoch,
              '192.0.2.0/24', 'password'
       from accounts where logname = '${owner}'
       on conflict (id) do update set expires_at = excluded.expires_at
       returning public_id`,
    );
    const apiToken = await first<{ id: string }>(
      `select id from api_tokens where owner = '${owner}' order by created_at, id limit 1`,
    );
    const mailAppPassword = await first<{ id: string }>(
      `select id from mail_app_passwords where owner = '${owner}' order by created_at, id limit 1`,
    );
    return {
      domain,
      alias: await firstAlias(domain),
      vid: Number(vid.vid),
      devsite: devsite ? Number(devsite.vid) : undefined,
      card: card ? Number(card.id) : undefined,
      tcid: Number(contact.tcid),
      tempId: temp ? Number(temp.id) : undefined,
      tempName: temp?.name,
      recovery: recovery ? Number(recovery.id) : undefined,
      invoice: invoice.invoice,
      payment: payment?.trans_id,
      passkey: passkey ? Number(passkey.id) : undefined,
      session: session?.public_id,
      apiToken: apiToken?.id,
      mailAppPassword: mailAppPassword?.id,
    };
  };
  const objects: Record<string, Objects> = {
    alice: await objectsOf('alice'),
    bob: await objectsOf('bob'),
    [NOBODY]: MISSING_OBJECTS,
  };
  const granted = { domain: domainOf('G'), alias: await firstAlias(domainOf('G')) };
  return (name) => {
    const obj = {
      ...must(objects[TARGET_OBJECTS[name]], `the objects of ${name}`),
      ...(name === 'G' ? granted : {}),
    };
    return { name, account: TARGET_ACCOUNT[name], obj, now: clock.now() };
  };
}

/**
 * A passkey for alice and bob: the import makes none (an authenticator makes them), and the
 * matrix's passkey calls need one of each account to name. The key is a stand-in the calls never
 * verify (rename and delete); passkeys.test.ts makes real ones.
 */
async function addPasskeys(db: Db): Promise<void> {
  for (const owner of ['alice', 'bob'])
    await db
      .insert(passkeys)
      .values({
        owner,
        credentialId: `matrix-${owner}`,
        publicKey: 'pQECAyYgASFYIA',
        userHandle: `matrix-${owner}`,
        name: `Matrix ${owner}`,
        deviceType: 'singleDevice',
        backedUp: false,
        createdAt: new Date(),
      })
      .onConflictDoNothing();
}

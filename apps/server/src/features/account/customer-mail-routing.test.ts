import { passkeyText } from '@portal/contract/security/passkey-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { relyingParty } from '../../auth/passkeys.ts';
import { recoveryEmails } from '../../db/schema.ts';
import { SoftAuthenticator } from '../../../test/support/soft-authenticator.ts';

/**
 * Customer mails that moved to mailCustomer (docs/decisions/106-customer-mail-routing.md): the
 * passkey notices and the API token expiry notice are security notices, so they reach the bill
 * address and every confirmed recovery address whatever the preferences say, never a pending
 * recovery address, and carry no unsubscribe.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A made account with one confirmed and one pending recovery address, and every choice it may make off. */
async function quietAccount() {
  const account = await f.makeAccount();
  const confirmed = `${account.logname}-rescue@example.test`;
  const pending = `${account.logname}-pending@example.test`;
  await t.db.insert(recoveryEmails).values([
    { owner: account.logname, contactInfo: confirmed, confirmedAt: t.clock.now() },
    { owner: account.logname, contactInfo: pending, confirmedAt: null },
  ]);
  for (const category of ['billing', 'domains', 'mail', 'news']) {
    const res = await f
      .as(account)
      .post('/api/set-notice-preference', { logname: account.logname, category, send_to: 'off' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { account, confirmed, pending };
}

/** The delivered mails to the made account's own addresses (every address holds its logname) with a subject. */
const mailsOf = (logname: string, subject: (s: string) => boolean) =>
  t.sent.filter(
    (m) => /^[@-]/.test(m.to.slice(logname.length)) && m.to.startsWith(logname) && subject(m.subject),
  );
const recipients = (logname: string, subject: (s: string) => boolean) =>
  mailsOf(logname, subject)
    .map((m) => m.to)
    .sort();

const isPasskey = (s: string) => s === passkeyText.addedSubject || s === passkeyText.removedSubject;
const isExpiry = (s: string) => s.startsWith('API token "Routing probe" expires on');

describe('security notices through mailCustomer', () => {
  it('tell of a new and a removed passkey at the bill and confirmed recovery addresses, preferences off', async () => {
    const { account, confirmed } = await quietAccount();
    const auth = new SoftAuthenticator(relyingParty(t.app.deps.config).origin);
    const options = await f.as(account).post('/api/passkey-register-options', { logname: account.logname });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    const made = await f.as(account).post('/api/passkey-register', {
      logname: account.logname,
      name: 'Routing probe',
      response: auth.create(options.body.data),
      password: account.password,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const removed = await f.as(account).post('/api/delete-passkey', {
      logname: account.logname,
      id: made.body.data.id,
      password: account.password,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await t.drainJobs();

    const mails = mailsOf(account.logname, isPasskey);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        passkeyText.addedSubject,
        passkeyText.addedSubject,
        passkeyText.removedSubject,
        passkeyText.removedSubject,
      ].sort(),
    );
    expect(recipients(account.logname, isPasskey)).toEqual(
      [account.email, account.email, confirmed, confirmed].sort(),
    );
    for (const m of mails) {
      expect(m.headers?.['List-Unsubscribe']).toBeUndefined();
      expect(m.body).not.toContain('/api/unsubscribe/');
    }
  });

  it('tell of an API token about to expire the same way, once', async () => {
    const { account, confirmed } = await quietAccount();
    const res = await f.as(account).post('/api/create-api-token', {
      logname: account.logname,
      name: 'Routing probe',
      scope: 'read',
      expires: new Date(t.clock.now().getTime() + 20 * DAY).toISOString(),
      password: account.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.drainJobs();
    expect(recipients(account.logname, isExpiry)).toEqual([]);
    t.clock.advance(13 * DAY + 3_600_000);
    try {
      await t.drainJobs();
      t.clock.advance(3 * 3_600_000);
      await t.drainJobs();
      expect(recipients(account.logname, isExpiry)).toEqual([account.email, confirmed].sort());
      const mail = mailsOf(account.logname, isExpiry)[0];
      expect(mail?.subject).toContain('"Routing probe" expires on');
      expect(mail?.headers?.['List-Unsubscribe']).toBeUndefined();
    } finally {
      t.clock.advance(-(13 * DAY + 4 * 3_600_000));
    }
  });
});

import { commonText } from '@portal/contract/messages';
import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  mailAppPasswords,
  mailAppPasswordSettings,
  mailAppPasswordsLive,
  mailPasswords,
  totpAuthenticators,
} from '../../db/schema.ts';
import { factories, ownPassword } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { applyMailAppPasswordsOnly } from './mail-app-passwords.ts';
import { MAIL_PASSWORD_DELAY_MS } from './passwords.ts';

/**
 * App passwords for mail: made by the account itself in a session with its password, generated
 * (never chosen), shown once and stored only as a Dovecot {ARGON2ID} hash, listed without the
 * secret, revoked at once (the views Dovecot reads drop it), revoked by a reset by mail; with the
 * second factor on, the owner may require them, which takes effect after the propagation delay.
 * apps/server/test/faults/dovecot.test.ts proves the same against a real Dovecot.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
  // alice (Primary) with her Secondaries carol (a mail account) and dave; bob, another Primary; staff.
  await factories(t).makeHousehold();
});
afterAll(() => t.close());

const make = (who: string, over: Record<string, unknown> = {}) =>
  t.as(who).post('/api/create-mail-app-password', {
    logname: who,
    name: `phone ${Math.random().toString(36).slice(2, 8)}`,
    password: ownPassword(who),
    ...over,
  });

/** The rows Dovecot's queries read for the user (docs/mail-servers-passwords.md). */
async function dovecotRows(user: string) {
  const app = await t.db
    .select({
      lookup: mailAppPasswordsLive.lookup,
      password: mailAppPasswordsLive.password,
      services: mailAppPasswordsLive.services,
    })
    .from(mailAppPasswordsLive)
    .where(eq(mailAppPasswordsLive.username, user));
  const main = await t.db.select().from(mailPasswords).where(eq(mailPasswords.username, user));
  return { app, main };
}

describe('making an app password', () => {
  it('answers a generated password once, stores only its {ARGON2ID} hash, and lists it without it', async () => {
    const res = await make('alice', { name: 'Thunderbird', scope: 'imap' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(mailAppPasswordText.created);
    const { app_password: secret, id, name, scope, last_used } = res.body.data;
    expect(secret).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
    expect({ name, scope, last_used }).toEqual({ name: 'Thunderbird', scope: 'imap', last_used: null });

    const [row] = await t.db.select().from(mailAppPasswords).where(eq(mailAppPasswords.id, id));
    if (!row) throw new Error('the app password was not stored');
    expect(row.hash.startsWith('{ARGON2ID}$argon2id$')).toBe(true);
    expect(await verify(row.hash.slice('{ARGON2ID}'.length), secret)).toBe(true);
    expect(row.lookup).toBe(secret.slice(0, 4));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(5));

    const list = await t.as('alice').get('/api/mail-app-passwords/alice');
    expect(list.status).toBe(200);
    const listed = list.body.data.app_passwords.find((x: { id: string }) => x.id === id);
    expect(listed).toEqual({ id, name, scope, created: res.body.data.created, last_used: null });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((await dovecotRows('alice')).app).toContainEqual({
      lookup: secret.slice(0, 4),
      password: row.hash,
      services: ['imap', 'pop3'],
    });
  });

  it('is generated afresh each time, scope all by default, smtp alone when asked', async () => {
    const a = await make('bob');
    const b = await make('bob', { scope: 'smtp' });
    expect(a.body.data.scope).toBe('all');
    expect(b.body.data.scope).toBe('smtp');
    expect(a.body.data.app_password).not.toBe(b.body.data.app_password);
    const rows = (await dovecotRows('bob')).app;
    expect(rows.find((r) => r.lookup === a.body.data.app_password.slice(0, 4))?.services).toEqual([
      'imap',
      'pop3',
      'smtp',
    ]);
    expect(rows.find((r) => r.lookup === b.body.data.app_password.slice(0, 4))?.services).toEqual(['smtp']);
  });

  it('mails a notice and shows on the activity list; the audit entry names it, never the secret', async () => {
    const before = t.sent.length;
    const res = await make('bob', { name: 'Work laptop' });
    await t.drainJobs();
    const mails = t.sent.slice(before).filter((m) => m.subject.includes('app password'));
    const notice = mails.find((m) => m.body.includes('"Work laptop"'));
    expect(notice?.subject).toBe('An app password for mail was created for account bob');
    expect(notice?.body).not.toContain(res.body.data.app_password);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/create-mail-app-password'), eq(auditLog.account, 'bob')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(JSON.stringify(audit)).toContain('Work laptop');
    expect(JSON.stringify(audit)).not.toContain(res.body.data.app_password);
    const activity = await t.as('bob').get('/api/account-activity/bob?q=Work%20laptop');
    expect(activity.body.data.events[0]).toMatchObject({
      action: 'App password created',
      summary: 'Created the app password for mail Work laptop.',
    });
  });

  it('refuses without the current password, with a wrong one, a blank name, a taken name or a bad scope', async () => {
    const count = async () =>
      (await t.db.select().from(mailAppPasswords).where(eq(mailAppPasswords.owner, 'alice'))).length;
    const n = await count();
    const none = await make('alice', { password: undefined });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(commonText.grantPasswordRequired);
    const wrong = await make('alice', { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(commonText.grantPasswordWrong);
    const blank = await make('alice', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBe(mailAppPasswordText.nameRequired);
    await make('alice', { name: 'Tablet' });
    const taken = await make('alice', { name: 'Tablet' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(mailAppPasswordText.nameTaken('Tablet'));
    const scope = await make('alice', { scope: 'ftp' });
    expect(scope.status).toBe(400);
    expect(await count()).toBe(n + 1);
  });

  it('is refused for another account and to staff (who cannot list them either)', async () => {
    const other = await make('bob', { logname: 'alice', password: ownPassword('bob') });
    expect(other.status).toBe(403);
    const staff = await t.as('staff').post('/api/create-mail-app-password', {
      logname: 'alice',
      name: 'by staff',
      password: ownPassword('staff'),
    });
    expect(staff.status).toBe(403);
    expect((await t.as('staff').get('/api/mail-app-passwords/alice')).status).toBe(403);
    expect((await t.as('bob').get('/api/mail-app-passwords/alice')).status).toBe(403);
  });
});

describe('revoking', () => {
  it('drops it from the list and from what Dovecot reads at once; only the owner can', async () => {
    const made = await make('alice', { name: 'Old phone' });
    const { id, app_password: secret } = made.body.data;
    const bobs = await t.as('bob').post('/api/revoke-mail-app-password', { logname: 'bob', id });
    expect(bobs.status).toBe(403);
    const res = await t.as('alice').post('/api/revoke-mail-app-password', { logname: 'alice', id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(mailAppPasswordText.revoked);
    const list = await t.as('alice').get('/api/mail-app-passwords/alice');
    expect(list.body.data.app_passwords.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await dovecotRows('alice')).app.map((r) => r.lookup)).not.toContain(secret.slice(0, 4));
    // Twice is not an error; an unknown id is refused.
    expect((await t.as('alice').post('/api/revoke-mail-app-password', { logname: 'alice', id })).status).toBe(
      200,
    );
    const unknown = await t.as('alice').post('/api/revoke-mail-app-password', {
      logname: 'alice',
      id: '0123456789abcdef',
    });
    expect(unknown.status).toBe(403);
  });

  it('a reset of the email password by mail revokes them all', async () => {
    await make('carol', { name: 'Phone' });
    expect((await dovecotRows('carol')).app.length).toBeGreaterThan(0);
    await t.db.update(accounts).set({ billEmail: 'carol@example.net' }).where(eq(accounts.logname, 'carol'));
    const asked = await t
      .as(null)
      .post('/api/forgot-email-password', { account: 'carol', email: 'carol@example.net' });
    expect(asked.status).toBe(200);
    const before = t.sent.length;
    await t.drainJobs();
    const mail = t.sent
      .slice(before)
      .find((m) => m.to === 'carol@example.net' && m.subject.startsWith('Reset'));
    const token = mail?.body.match(/reset-email-password\/([A-Za-z0-9_-]+)/);
    expect(token, mail?.body).toBeTruthy();
    const reset = await t.as(null).post('/api/reset-unix-password', {
      reset_token: token?.[1],
      new_password: 'Fresh-mailbox-pass-41',
      conf_password: 'Fresh-mailbox-pass-41',
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await dovecotRows('carol')).app).toEqual([]);
  });
});

describe('requiring app passwords', () => {
  const requireFor = (who: string, required: boolean, password: string | undefined = ownPassword(who)) =>
    t.as(who).post('/api/require-mail-app-passwords', { logname: who, required, password });

  it('is refused without a second factor', async () => {
    const res = await requireFor('bob', true);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(mailAppPasswordText.secondFactorNeeded);
  });

  it('takes the main password out of mail_passwords after the delay, and back in when turned off', async () => {
    await t.token('dave');
    await t.db
      .update(accounts)
      .set({ mailPasswordHash: '{ARGON2ID}$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo' })
      .where(eq(accounts.logname, 'dave'));
    await t.db.insert(totpAuthenticators).values({
      account: 'dave',
      secretEnc: 'v1.test',
      createdAt: t.clock.now(),
      confirmedAt: t.clock.now(),
    });
    expect((await requireFor('dave', true, 'wrong-password')).status).toBe(403);
    const res = await requireFor('dave', true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(mailAppPasswordText.requireOn);
    expect(res.body.data).toMatchObject({ required: false, pending: { required: true }, can_require: true });
    // Within the ten minutes the main password still works; the job run early changes nothing.
    expect((await dovecotRows('dave')).main.length).toBe(1);
    await t.drainJobs();
    expect((await dovecotRows('dave')).main.length).toBe(1);
    t.clock.advance(MAIL_PASSWORD_DELAY_MS + 1000);
    await t.drainJobs();
    expect((await dovecotRows('dave')).main.length).toBe(0);
    const list = await t.as('dave').get('/api/mail-app-passwords/dave');
    expect(list.body.data.requirement).toEqual({ required: true, pending: null, can_require: true });
    // Asking again changes nothing.
    expect((await requireFor('dave', true)).body.message).toBe(mailAppPasswordText.requireUnchanged);
    // Off: after the delay again.
    const off = await requireFor('dave', false);
    expect(off.body.data).toMatchObject({ required: true, pending: { required: false } });
    const [setting] = await t.db
      .select()
      .from(mailAppPasswordSettings)
      .where(eq(mailAppPasswordSettings.owner, 'dave'));
    if (!setting?.applyAt) throw new Error('no setting to apply for dave');
    await applyMailAppPasswordsOnly(t.db, 'dave', setting.applyAt);
    expect((await dovecotRows('dave')).main.length).toBe(1);
  });

  it('is refused to staff and to other accounts', async () => {
    const staff = await t.as('staff').post('/api/require-mail-app-passwords', {
      logname: 'dave',
      required: false,
      password: ownPassword('staff'),
    });
    expect(staff.status).toBe(403);
    const other = await t.as('bob').post('/api/require-mail-app-passwords', {
      logname: 'dave',
      required: false,
      password: ownPassword('bob'),
    });
    expect(other.status).toBe(403);
  });
});

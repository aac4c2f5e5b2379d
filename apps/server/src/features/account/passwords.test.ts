import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailPasswordChanges } from '../../db/schema.ts';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { must } from '../../../test/support/must.ts';

let t: TestApp;
// Building the app on a fresh database can take a while on a busy machine.
beforeAll(async () => {
  t = await build({ demo: false });
  // alice (Primary) with her Secondaries carol (a mail account), dave (dashboard admin) and erin
  // (network authentication); bob, another Primary; staff. Each signs in with `<name>-own-pass`.
  await factories(t).makeHousehold({ erin: { fields: { at_code: 2, account_type: 'Network Auth' } } });
}, 120_000);
afterAll(() => t.close());

const GOOD = 'Tq7vLm2-xZp9-harbor';
const BREACHED = 'password123';
const TEN_MINUTES = 10 * 60_000;

async function mailHash(logname: string) {
  const [row] = await t.db
    .select({ h: accounts.mailPasswordHash })
    .from(accounts)
    .where(eq(accounts.logname, logname));
  return row?.h;
}

describe('POST /api/change-unix-password (the account itself)', () => {
  const body = { logname: 'bob', panel_password: 'bob-own-pass', new: GOOD, confirm: GOOD };

  it('validates with the spec texts and changes nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ panel_password: '' }, 'panel_password', 'Required'],
      [{ new: '', confirm: '' }, 'new', 'Required'],
      [{ new: 'short', confirm: 'short' }, 'new', 'Must be at least 8 characters'],
      [{ confirm: `${GOOD}x` }, 'confirm', 'Passwords must match'],
    ];
    for (const [patch, field, text] of cases) {
      const res = await t.as('bob').post('/api/change-unix-password', { ...body, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(text);
    }
    expect(await t.db.select().from(mailPasswordChanges)).toHaveLength(0);
  });

  it('refuses a wrong panel password', async () => {
    const res = await t
      .as('bob')
      .post('/api/change-unix-password', { ...body, panel_password: 'wrong-password' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The panel password is not correct');
  });

  it('refuses a breached password with a message ending "data breaches."', async () => {
    const res = await t
      .as('bob')
      .post('/api/change-unix-password', { ...body, new: BREACHED, confirm: BREACHED });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/data breaches\.$/);
  });

  it("refuses another customer's account and a call without token", async () => {
    expect(
      (await t.as('alice').post('/api/change-unix-password', { ...body, panel_password: 'alice-own-pass' }))
        .status,
    ).toBe(403);
    expect((await t.as(null).post('/api/change-unix-password', body)).status).toBe(401);
  });

  it('queues a {ARGON2ID} hash applied after the ten-minute propagation; a second change meanwhile is refused', async () => {
    const res = await t.as('bob').post('/api/change-unix-password', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('ten minutes');
    expect(res.body.data).toMatchObject({ logname: 'bob', status: 'pending', id: null });
    expect(new Date(res.body.data.apply_at).getTime() - t.clock.now().getTime()).toBe(TEN_MINUTES);

    const again = await t
      .as('bob')
      .post('/api/change-unix-password', { ...body, new: `${GOOD}-2`, confirm: `${GOOD}-2` });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Password change already pending/);

    await t.drainJobs();
    expect(await mailHash('bob')).toBeNull();
    t.clock.advance(TEN_MINUTES);
    await t.drainJobs();
    const hash = await mailHash('bob');
    expect(hash).toMatch(/^\{ARGON2ID\}\$argon2id\$/);
    expect(await verify(must(hash, 'the mail password hash').slice('{ARGON2ID}'.length), GOOD)).toBe(true);
    // The panel password is a different one and did not change.
    expect(
      (await t.request('POST', '/api/miglogin', { body: { username: 'bob', password: 'bob-own-pass' } }))
        .status,
    ).toBe(200);
    // Applied: a new change may be asked for.
    const next = await t
      .as('bob')
      .post('/api/change-unix-password', { ...body, new: `${GOOD}-3`, confirm: `${GOOD}-3` });
    expect(next.status).toBe(200);
  });
});

describe('POST /api/change-unix-password (a secondary)', () => {
  const sec = (over: Record<string, unknown> = {}) => ({
    logname: 'carol',
    panel_logname: 'alice',
    panel_password: 'alice-own-pass',
    new: GOOD,
    confirm: GOOD,
    id: 3,
    ...over,
  });

  it("lets the primary set its secondary's password and echoes the row id", async () => {
    const res = await t.as('alice').post('/api/change-unix-password', sec());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ logname: 'carol', id: 3, status: 'pending' });
    const again = await t.as('alice').post('/api/change-unix-password', sec());
    expect(again.body.message).toMatch(/^Password change already pending/);
  });

  it('classifies breached and permission refusals', async () => {
    const breached = await t
      .as('alice')
      .post('/api/change-unix-password', sec({ logname: 'erin', new: BREACHED, confirm: BREACHED }));
    expect(breached.body.message).toMatch(/data breaches\.$/);
    const notHers = await t
      .as('bob')
      .post('/api/change-unix-password', sec({ panel_logname: 'bob', panel_password: 'bob-own-pass' }));
    expect(notHers.status).toBe(403);
    expect(notHers.body.message).toMatch(/^Permission denied/);
    const otherPrimary = await t
      .as('bob')
      .post('/api/change-unix-password', sec({ panel_password: 'bob-own-pass' }));
    expect(otherPrimary.status).toBe(403);
    // A Secondary cannot change another secondary's password (the message says so).
    const bySecondary = await t
      .as('dave')
      .post(
        '/api/change-unix-password',
        sec({ logname: 'erin', panel_logname: 'dave', panel_password: 'dave-own-pass' }),
      );
    expect(bySecondary.status).toBe(403);
    expect(bySecondary.body.message).toContain('only the primary account');
    const short = await t
      .as('alice')
      .post('/api/change-unix-password', sec({ logname: 'erin', new: 'short', confirm: 'short' }));
    expect(short.status).toBe(400);
  });

  it('lets staff do it with their own password, audited', async () => {
    const res = await t
      .as('staff')
      .post('/api/change-unix-password', sec({ logname: 'erin', panel_password: 'staff-own-pass' }));
    expect(res.status).toBe(200);
    const [change] = await t.db
      .select()
      .from(mailPasswordChanges)
      .where(eq(mailPasswordChanges.owner, 'erin'));
    expect(change?.operator).toBe('staff');
  });
});

describe('POST /api/user-change-password', () => {
  const body = { username: 'dave', old_password: 'dave-own-pass', new_password: GOOD, conf_password: GOOD };

  it('validates with the spec texts', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ old_password: '' }, 'old_password', 'Required'],
      [{ new_password: '', conf_password: '' }, 'new_password', 'Required'],
      [
        { new_password: 'seven77', conf_password: 'seven77' },
        'new_password',
        'Must be at least 8 characters',
      ],
      [{ conf_password: 'something-else' }, 'conf_password', 'Passwords must match'],
    ];
    for (const [patch, field, text] of cases) {
      const res = await t.as('dave').post('/api/user-change-password', { ...body, ...patch });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]).toBe(text);
    }
  });

  it('refuses a wrong old password, a breached new one, another account and no token', async () => {
    const wrong = await t
      .as('dave')
      .post('/api/user-change-password', { ...body, old_password: 'not-it-at-all' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('The old password is not correct');
    const breached = await t
      .as('dave')
      .post('/api/user-change-password', { ...body, new_password: BREACHED, conf_password: BREACHED });
    expect(breached.body.message).toMatch(/data breaches\.$/);
    expect(
      (await t.as('dave').post('/api/user-change-password', { ...body, username: 'alice' })).status,
    ).toBe(403);
    expect((await t.as(null).post('/api/user-change-password', body)).status).toBe(401);
  });

  it('changes the panel password at once; message empty means success', async () => {
    const res = await t.as('dave').post('/api/user-change-password', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('');
    expect(
      (await t.request('POST', '/api/miglogin', { body: { username: 'dave', password: 'dave-own-pass' } }))
        .status,
    ).toBe(401);
    expect(
      (await t.request('POST', '/api/miglogin', { body: { username: 'dave', password: GOOD } })).status,
    ).toBe(200);
  });

  it('locks after repeated wrong passwords like the sign-in does', async () => {
    for (let i = 0; i < 5; i++) {
      await t.as('carol').post('/api/user-change-password', {
        ...body,
        username: 'carol',
        old_password: `wrong-${i}-password`,
      });
    }
    const locked = await t
      .as('carol')
      .post('/api/user-change-password', { ...body, username: 'carol', old_password: 'carol-own-pass' });
    expect(locked.status).toBe(429);
  });
});

import { mailText } from '@portal/contract/mail/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoResponders, newsletterSubscriptions, recoveryEmails } from '../../db/schema.ts';
import { factories, inDays, makeCast, requestsAs } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { must } from '../../../test/support/must.ts';
import { importDocument } from '../../lib/import.ts';

const PASSWORD = 'mail-test-pass';

let t: TestApp;
let as: ReturnType<typeof requestsAs>;
let cast: Awaited<ReturnType<typeof makeCast>>;
beforeAll(async () => {
  t = await build({ demo: false });
  cast = await makeCast(t, PASSWORD);
  // Her domain makes alice@anderson-design.com one of her own addresses (the auto-responder's reply_to).
  await factories(t).makeDomain({ owner: cast.alice, domain: 'anderson-design.com' });
  // alice has two recovery addresses, bob one, carol none; alice three lists; alice and bob their
  // disk usage (the admin none).
  await importDocument(t.db, {
    recovery_emails: [
      { owner: 'alice', contact_info: 'alice.personal@mail.example.net' },
      { owner: 'alice', contact_info: 'a.anderson@backup.example.org' },
      { owner: 'bob', contact_info: 'bob.recovery@example.com' },
    ],
    mailing_lists: [
      { listname: 'anderson-staff', owner: 'alice', list_type: 'MJ' },
      { listname: 'anderson-clients', owner: 'alice', list_type: 'MM' },
      { listname: 'anderson-legacy', owner: 'alice', list_type: 'LS' },
      { listname: 'bakers-news', owner: 'bob', list_type: 'MM' },
    ],
    disk_usage: [
      { owner: 'alice', curr_quota: 10485760, curr_usage: 6291456 },
      { owner: 'bob', curr_quota: 1048576, curr_usage: 980 },
    ],
  });
  as = requestsAs(t, PASSWORD);
});
afterAll(() => t.close());

const mailsTo = async (to: string) => {
  await t.drainJobs();
  return t.sent.filter((m) => m.to === to);
};

describe('recovery contacts', () => {
  it('lists the addresses sorted, with id and uid', async () => {
    const res = await as('alice').get('/api/get-recovery-emails/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.email_list).toEqual([
      // `confirmed` added; imported addresses count as confirmed. `usable_after`: null
      // unless staff added it (docs/decisions/032-staff-made-recovery-addresses.md).
      {
        id: expect.any(Number),
        uid: cast.alice.uid,
        contact_info: 'a.anderson@backup.example.org',
        confirmed: true,
        usable_after: null,
      },
      {
        id: expect.any(Number),
        uid: cast.alice.uid,
        contact_info: 'alice.personal@mail.example.net',
        confirmed: true,
        usable_after: null,
      },
    ]);
    expect((await as('bob').get('/api/get-recovery-emails/alice')).status).toBe(403);
    expect((await as(null).get('/api/get-recovery-emails/alice')).status).toBe(401);
    expect((await as('staff').get('/api/get-recovery-emails/alice')).body.data.email_list).toHaveLength(2);
    expect((await as('carol').get('/api/get-recovery-emails/carol')).body.data.email_list).toEqual([]);
  });

  it('adds an address, lower-cased, and refuses a duplicate', async () => {
    const res = await as('carol').post('/api/add-recovery-email', {
      password: PASSWORD,
      logname: 'carol',
      email: ' Carol.Home@Example.org ',
    });
    expect(res.status).toBe(200);
    // The spec's "Added …" goes on to say that the address waits for its link.
    expect(res.body.message).toBe(mailText.recoveryAddedPending('carol.home@example.org'));
    expect(res.body.message.startsWith('Added carol.home@example.org')).toBe(true);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      uid: cast.carol.uid,
      contact_info: 'carol.home@example.org',
      confirmed: false,
      usable_after: null,
    });
    const dup = await as('carol').post('/api/add-recovery-email', {
      password: PASSWORD,
      logname: 'carol',
      email: 'CAROL.home@example.org',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('carol.home@example.org is already a recovery address');
  });

  it('validates the address and the account', async () => {
    const bad = await as('carol').post('/api/add-recovery-email', {
      password: PASSWORD,
      logname: 'carol',
      email: 'carol@',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Invalid Email Address');
    const empty = await as('carol').post('/api/add-recovery-email', {
      password: PASSWORD,
      logname: 'carol',
      email: '',
    });
    expect(empty.body.errors.email).toBe('Required');
    expect(
      (
        await as('carol').post('/api/add-recovery-email', {
          password: PASSWORD,
          logname: 'alice',
          email: 'x@example.org',
        })
      ).status,
    ).toBe(403);
    expect(
      (await as(null).post('/api/add-recovery-email', { logname: 'carol', email: 'x@example.org' })).status,
    ).toBe(401);
    const rows = await t.db.select().from(recoveryEmails).where(eq(recoveryEmails.owner, 'alice'));
    expect(rows).toHaveLength(2);
  });

  it('keeps at most 10 addresses', async () => {
    for (let i = 2; i <= 10; i++) {
      expect(
        (
          await as('carol').post('/api/add-recovery-email', {
            password: PASSWORD,
            logname: 'carol',
            email: `c${i}@example.org`,
          })
        ).status,
      ).toBe(200);
    }
    const over = await as('carol').post('/api/add-recovery-email', {
      password: PASSWORD,
      logname: 'carol',
      email: 'c11@example.org',
    });
    expect(over.status).toBe(422);
    expect(over.body.message).toBe('At most 10 recovery addresses');
  });

  it('deletes an own address; another account’s id is 403 like a missing one', async () => {
    const list = (await as('alice').get('/api/get-recovery-emails/alice')).body.data.email_list;
    const bobs = (await as('bob').get('/api/get-recovery-emails/bob')).body.data.email_list;
    const foreign = await as('alice').post('/api/delete-recovery-email', {
      account: 'alice',
      id: bobs[0].id,
    });
    expect(foreign.status).toBe(403);
    const missing = await as('alice').post('/api/delete-recovery-email', { account: 'alice', id: 999999 });
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual(foreign.body);
    const asStaff = await as('staff').post('/api/delete-recovery-email', {
      account: 'alice',
      id: bobs[0].id,
    });
    expect(asStaff.status).toBe(404);
    expect(asStaff.body).toEqual({ status: 0, message: mailText.recoveryNotFound, code: 'not_found' });
    expect(
      (await as('alice').post('/api/delete-recovery-email', { account: 'bob', id: bobs[0].id })).status,
    ).toBe(403);
    expect(
      (await as(null).post('/api/delete-recovery-email', { account: 'alice', id: list[0].id })).status,
    ).toBe(401);
    expect((await as('alice').post('/api/delete-recovery-email', { account: 'alice', id: 'x' })).status).toBe(
      400,
    );
    const ok = await as('alice').post('/api/delete-recovery-email', { account: 'alice', id: list[0].id });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Deleted');
    expect((await as('alice').get('/api/get-recovery-emails/alice')).body.data.email_list).toHaveLength(1);
    expect((await as('bob').get('/api/get-recovery-emails/bob')).body.data.email_list).toHaveLength(1);
  });
});

describe('GET /api/mailing-lists/{account}', () => {
  it('lists the account lists sorted by name with their raw type', async () => {
    const res = await as('alice').get('/api/mailing-lists/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.mailing_lists).toEqual([
      { listname: 'anderson-clients', list_type: 'MM' },
      { listname: 'anderson-legacy', list_type: 'LS' },
      { listname: 'anderson-staff', list_type: 'MJ' },
    ]);
  });

  it('is readable by a dashboard admin of the primary, refused to others', async () => {
    expect((await as('dave').get('/api/mailing-lists/alice')).status).toBe(200);
    expect((await as('carol').get('/api/mailing-lists/alice')).status).toBe(403);
    expect((await as('bob').get('/api/mailing-lists/alice')).status).toBe(403);
    expect((await as(null).get('/api/mailing-lists/alice')).status).toBe(401);
    expect((await as('staff').get('/api/mailing-lists/nobody-here')).status).toBe(404);
  });
});

describe('GET /api/disk-usage/{account}', () => {
  it('answers the account row in KB', async () => {
    const res = await as('alice').get('/api/disk-usage/alice');
    expect(res.status).toBe(200);
    expect(res.body.data.diskusage).toEqual([
      { logname: 'alice', uid: cast.alice.uid, curr_quota: 10485760, curr_usage: 6291456 },
    ]);
    expect((await as('staff').get('/api/disk-usage/bob')).body.data.diskusage[0].curr_usage).toBe(980);
    expect((await as('staff').get('/api/disk-usage/admin')).body.data.diskusage).toEqual([]);
  });

  it('refuses other accounts and no token', async () => {
    expect((await as('bob').get('/api/disk-usage/alice')).status).toBe(403);
    expect((await as(null).get('/api/disk-usage/alice')).status).toBe(401);
    expect((await as('alice').get('/api/disk-usage/Bad%20Name')).status).toBe(400);
  });
});

describe('newsletter: POST /api/subscribe-portal', () => {
  it('stores a pending subscription and mails a confirmation link that confirms it', async () => {
    const res = await as('bob').post('/api/subscribe-portal', {
      logname: 'bob',
      email: 'Bob.Baker@Example.org',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ email: 'bob.baker@example.org', state: 'pending', mailed: true });
    expect(res.body.message).toBe(
      'We have sent a message to bob.baker@example.org: please follow its link to confirm your subscription.',
    );
    const mail = must((await mailsTo('bob.baker@example.org'))[0], 'mail');
    expect(mail.subject).toBe('Please confirm your subscription to the Portal');
    expect(mail.body).toContain('account bob');
    const link = must(mail.body.match(/http\S+\/api\/subscribe-portal\/confirm\/(\S+)/), 'the link');
    const row = must(
      (
        await t.db
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.email, 'bob.baker@example.org'))
      )[0],
      'row',
    );
    expect(row.confirmedAt).toBeNull();
    expect(row.tokenHash).not.toContain(link[1]);

    // Opening the link shows the button; pressing it (a POST) confirms.
    const page = await t.request('POST', `/api/subscribe-portal/confirm/${link[1]}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('bob.baker@example.org is now subscribed to the Portal.');
    const after = must(
      (
        await t.db
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.email, 'bob.baker@example.org'))
      )[0],
      'after',
    );
    expect(after.confirmedAt).not.toBeNull();
    // The link works once.
    const again = await t.request('GET', `/api/subscribe-portal/confirm/${link[1]}`);
    expect(again.status).toBe(404);
    expect(again.body).toContain('This confirmation link is not valid any more.');
  });

  it('answers a repeated subscription gracefully, without new mail for a confirmed address', async () => {
    const before = (await mailsTo('bob.baker@example.org')).length;
    const res = await as('staff').post('/api/subscribe-portal', {
      logname: 'alice',
      email: 'bob.baker@example.org',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'bob.baker@example.org is already subscribed to the Portal.',
      data: { state: 'confirmed', mailed: false },
    });
    expect(await mailsTo('bob.baker@example.org')).toHaveLength(before);
  });

  it('mails a pending address again, at most every ten minutes', async () => {
    await as('alice').post('/api/subscribe-portal', { logname: 'alice', email: 'alice@anderson-design.com' });
    const soon = await as('alice').post('/api/subscribe-portal', {
      logname: 'alice',
      email: 'alice@anderson-design.com',
    });
    expect(soon.body).toMatchObject({
      message:
        'alice@anderson-design.com is waiting for confirmation: we have sent the confirmation link again.',
      data: { state: 'pending', mailed: false },
    });
    expect(
      (await mailsTo('alice@anderson-design.com')).filter((m) => m.subject.includes('Portal')),
    ).toHaveLength(1);
    t.clock.advance(11 * 60_000);
    const later = await as('alice').post('/api/subscribe-portal', {
      logname: 'alice',
      email: 'alice@anderson-design.com',
    });
    expect(later.body.data.mailed).toBe(true);
    const mails = (await mailsTo('alice@anderson-design.com')).filter((m) => m.subject.includes('Portal'));
    expect(mails).toHaveLength(2);
    // Only the newest link confirms.
    const first = must(must(mails[0], 'mails[0]').body.match(/confirm\/(\S+)/), 'the first link')[1];
    expect((await t.request('GET', `/api/subscribe-portal/confirm/${first}`)).status).toBe(404);
    const second = must(must(mails[1], 'mails[1]').body.match(/confirm\/(\S+)/), 'the second link')[1];
    expect((await t.request('POST', `/api/subscribe-portal/confirm/${second}`)).status).toBe(200);
  });

  it('validates the address and the account', async () => {
    const bad = await as('bob').post('/api/subscribe-portal', { logname: 'bob', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toBe('Invalid Email Address');
    expect((await as('bob').post('/api/subscribe-portal', { logname: 'bob' })).body.errors.email).toBe(
      'Required',
    );
    expect(
      (await as('bob').post('/api/subscribe-portal', { logname: 'alice', email: 'x@example.org' })).status,
    ).toBe(403);
    expect(
      (await as(null).post('/api/subscribe-portal', { logname: 'bob', email: 'x@example.org' })).status,
    ).toBe(401);
    expect((await t.request('GET', '/api/subscribe-portal/confirm/short')).status).toBe(400);
    const rows = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'x@example.org'));
    expect(rows).toEqual([]);
  });
});

describe('auto-responder: POST /api/auto-responder', () => {
  // Away from 17:00 UTC a month after the clock's day until 08:00 UTC fifteen days later.
  const day = (n: number) => inDays(t.clock, n);
  let body: Record<string, string>;
  beforeAll(() => {
    body = {
      logname: 'alice',
      start: `${day(29)}T17:00:00.000Z`,
      end: `${day(44)}T08:00:00.000Z`,
      message: 'I am away until the 4th.',
      instructions: 'Also for info@anderson-design.com',
      reply_to: 'alice@anderson-design.com',
    };
  });

  it('stores the request and mails it to the help desk with the footer', async () => {
    t.sent.length = 0;
    const res = await as('staff').post('/api/auto-responder', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your request has been sent');
    const [row] = await t.db.select().from(autoResponders).where(eq(autoResponders.id, res.body.data.id));
    expect(row).toMatchObject({
      owner: 'alice',
      operator: 'staff',
      message: body.message,
      replyTo: body.reply_to,
    });
    const mail = must((await mailsTo('help@example.net'))[0], 'mail');
    expect(mail.subject).toBe('Auto-responder request for alice');
    expect(mail.replyTo).toBe('alice@anderson-design.com');
    expect(mail.body).toContain(`Start: ${day(29)} 17:00 UTC`);
    expect(mail.body).toContain(`End: ${day(44)} 08:00 UTC`);
    expect(mail.body).toContain('I am away until the 4th.');
    expect(mail.body).toContain('Also for info@anderson-design.com');
    expect(mail.body).toContain('Message sent by staff for alice');
    expect(mail.body).toContain(
      'It answers mail delivered to the mailbox alice@mail.example.net, including mail to every alias that forwards there, except temporary aliases.',
    );
  });

  it('refuses missing dates with the spec text, an end before the start and a past end', async () => {
    const noDates = await as('alice').post('/api/auto-responder', { ...body, start: '', end: undefined });
    expect(noDates.status).toBe(400);
    expect(noDates.body.errors).toMatchObject({
      start: 'Please set a start and end date',
      end: 'Please set a start and end date',
    });
    const reversed = await as('alice').post('/api/auto-responder', {
      ...body,
      end: `${day(28)}T00:00:00.000Z`,
    });
    expect(reversed.body.errors.end).toBe('The end must be after the start');
    const past = await as('alice').post('/api/auto-responder', {
      ...body,
      start: `${day(-20)}T00:00:00.000Z`,
      end: `${day(-19)}T00:00:00.000Z`,
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The end must be in the future');
    const noMessage = await as('alice').post('/api/auto-responder', { ...body, message: ' ' });
    expect(noMessage.body.errors.message).toBe('Required');
    const badReply = await as('alice').post('/api/auto-responder', { ...body, reply_to: 'alice' });
    expect(badReply.body.errors.reply_to).toBe('Invalid Email Address');
    expect((await as('bob').post('/api/auto-responder', body)).status).toBe(403);
    expect((await as(null).post('/api/auto-responder', body)).status).toBe(401);
    const rows = await t.db.select().from(autoResponders);
    expect(rows).toHaveLength(1);
  });
});

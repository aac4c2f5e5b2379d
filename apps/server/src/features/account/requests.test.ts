import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox, secondaryRequests } from '../../db/schema.ts';
import { factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';

let t: TestApp;
// Building the app on a fresh database can take a while on a busy machine.
beforeAll(async () => {
  t = await build({ demo: false });
  // alice (Primary) and dave, her Secondary; bob, another Primary; staff. alice's domains: two
  // without hosting, one with a website (1), one an alias of one (-1); bob's has none.
  const f = factories(t);
  const { alice, bob } = await f.makeSignedIn({
    alice: { fields: { bill_email: 'alice@anderson-design.com' } },
    bob: {},
    staff: { role: 'staff' },
  });
  if (!alice || !bob) throw new Error('alice and bob were not made');
  await f.makeSignedIn({ dave: { primary: alice, fields: { dashboard_admin: true } } });
  const sites = {
    'alice-old-blog.info': 0,
    'anderson.design': 0,
    'anderson-design.com': 1,
    'andersonphoto.net': -1,
  };
  for (const [domain, website] of Object.entries(sites))
    await f.makeDomain({ owner: alice, domain, fields: { website } });
  await f.makeDomain({ owner: bob, domain: 'bobbaker.net', fields: { website: 0 } });
}, 120_000);
afterAll(() => t.close());

const nine = (values: string[]) => Array.from({ length: 9 }, (_, i) => values[i] ?? '');
const request = (lognames: string[], over: Record<string, unknown> = {}) => ({
  account: 'alice',
  email: 'alice@anderson-design.com',
  lognames: nine(lognames),
  first_names: nine(['Frank', 'Gina']),
  last_names: nine(['Foster', 'Gray']),
  aliases: nine(['frank.foster']),
  types: nine(['Full', 'Email']),
  ...over,
});

async function lastMail(kind: string) {
  return (await mailsTo(t, { kind }))[0];
}

describe('POST /api/check-account-names', () => {
  it('reports each named row: available, taken, invalid, duplicate', async () => {
    const res = await t
      .as('alice')
      .post('/api/check-account-names', request(['frankf', 'bob', '', '9lives', 'frankf', 'root', 'Gina.G']));
    expect(res.status).toBe(200);
    expect(res.body.data.available).toBe(false);
    expect(res.body.data.list).toEqual([
      { id: 0, logname: 'frankf', status: 'available' },
      { id: 1, logname: 'bob', status: 'taken' },
      { id: 3, logname: '9lives', status: 'invalid' },
      { id: 4, logname: 'frankf', status: 'duplicate' },
      { id: 5, logname: 'root', status: 'taken' },
      { id: 6, logname: 'gina.g', status: 'available' },
    ]);
    const ok = await t.as('alice').post('/api/check-account-names', request(['frankf', 'ginag']));
    expect(ok.body.data).toEqual({
      available: true,
      list: [
        { id: 0, logname: 'frankf', status: 'available' },
        { id: 1, logname: 'ginag', status: 'available' },
      ],
    });
  });

  it('validates: a name up to 12 characters, at least one name, a valid email, at most 9 rows', async () => {
    const long = await t.as('alice').post('/api/check-account-names', request(['abcdefghijklm']));
    expect(long.status).toBe(400);
    expect(long.body.errors['lognames.0']).toBe('At most 12 characters');
    const none = await t.as('alice').post('/api/check-account-names', request([]));
    expect(none.body.errors.lognames).toBe('Enter at least one account name');
    const email = await t
      .as('alice')
      .post('/api/check-account-names', request(['frankf'], { email: 'nope' }));
    expect(email.body.errors.email).toBe('This field must be a valid email address');
    const ten = await t
      .as('alice')
      .post('/api/check-account-names', request(['a'], { lognames: Array(10).fill('x') }));
    expect(ten.status).toBe(400);
  });

  it('refuses a Secondary, another customer, and no token', async () => {
    const sec = await t.as('dave').post('/api/check-account-names', request(['frankf'], { account: 'dave' }));
    expect(sec.status).toBe(403);
    expect(sec.body.message).toBe("Secondary accounts don't have access to this information");
    expect((await t.as('bob').post('/api/check-account-names', request(['frankf']))).status).toBe(403);
    expect((await t.as(null).post('/api/check-account-names', request(['frankf']))).status).toBe(401);
  });
});

describe('POST /api/request-accounts and the staff calls', () => {
  let id: number;

  it('records the request as pending and tells the help desk', async () => {
    const res = await t.as('alice').post('/api/request-accounts', request(['frankf', 'ginag']));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('New Accounts Pending');
    expect(res.body.data.status).toBe('pending');
    id = res.body.data.id;
    const [row] = await t.db.select().from(secondaryRequests).where(eq(secondaryRequests.id, id));
    expect(row).toMatchObject({
      owner: 'alice',
      email: 'alice@anderson-design.com',
      status: 'pending',
      operator: 'alice',
    });
    expect(row?.rows).toEqual([
      { logname: 'frankf', first_name: 'Frank', last_name: 'Foster', alias: 'frank.foster', type: 'Full' },
      { logname: 'ginag', first_name: 'Gina', last_name: 'Gray', alias: '', type: 'Email' },
    ]);
    const mail = await lastMail('secondary.request');
    expect(mail?.toAddr).toBe('help@example.net');
    expect(mail?.body).toContain('frankf');
    expect(mail?.body).toContain('Message sent by alice');
  });

  it('treats names of pending requests as taken, and refuses a request with a taken name', async () => {
    const check = await t.as('alice').post('/api/check-account-names', request(['ginag']));
    expect(check.body.data.list[0].status).toBe('taken');
    const res = await t.as('alice').post('/api/request-accounts', request(['newname', 'ginag']));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Account names used or invalid: ginag');
    expect(await t.db.select().from(secondaryRequests)).toHaveLength(1);
  });

  it('lists pending requests to staff only', async () => {
    expect((await t.as('alice').get('/api/staff/secondary-requests')).status).toBe(403);
    expect((await t.as(null).get('/api/staff/secondary-requests')).status).toBe(401);
    const res = await t.as('staff').get('/api/staff/secondary-requests');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id, account: 'alice', status: 'pending', done_at: null });
  });

  it('lets staff mark a request done: the requester is mailed, the call is audited', async () => {
    expect((await t.as('alice').post('/api/staff/secondary-request-done', { id })).status).toBe(403);
    const bad = await t.as('staff').post('/api/staff/secondary-request-done', { id: 'x' });
    expect(bad.status).toBe(400);
    // A wrong type is told so.
    expect(bad.body.errors.id).toBe('Must be a number');
    expect((await t.as('staff').post('/api/staff/secondary-request-done', { id: 999 })).status).toBe(404);
    const res = await t.as('staff').post('/api/staff/secondary-request-done', { id });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('done');
    expect((await t.as('staff').post('/api/staff/secondary-request-done', { id })).status).toBe(409);
    expect((await t.as('staff').get('/api/staff/secondary-requests')).body.data).toEqual([]);
    await t.drainJobs();
    const mail = t.sent.find((m) => m.subject === 'Your new accounts are ready');
    expect(mail?.to).toBe('alice@anderson-design.com');
    expect(mail?.body).toContain('frankf');
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      operator: 'staff',
      account: 'alice',
      action: 'POST /api/staff/secondary-request-done',
    });
  });
});

describe('GET /api/empty-domains/:account', () => {
  it("lists the account's domains without a website or alias", async () => {
    const res = await t.as('alice').get('/api/empty-domains/alice');
    expect(res.status).toBe(200);
    const names = res.body.data.map((d: { domain: string }) => d.domain);
    expect(names).toContain('alice-old-blog.info');
    expect(names).toContain('anderson.design');
    expect(names).not.toContain('anderson-design.com');
    expect(names).not.toContain('andersonphoto.net');
    expect(names).not.toContain('bobbaker.net');
    expect(names).toEqual([...names].sort());
  });

  it("refuses another customer's account and no token", async () => {
    expect((await t.as('bob').get('/api/empty-domains/alice')).status).toBe(403);
    expect((await t.as(null).get('/api/empty-domains/alice')).status).toBe(401);
    expect((await t.as('staff').get('/api/empty-domains/alice')).status).toBe(200);
  });
});

describe('POST /api/sendmessage', () => {
  const msg = {
    send_from: 'alice',
    send_to: 'noc',
    subject: 'Web Hosting Request: anderson.design (alice)',
    message: 'Domain: anderson.design\nHosting type: Basic',
    footer: 'Message sent by the-ceo',
  };

  it('mails the configured mailbox with the footer written from the token', async () => {
    const res = await t.as('alice').post('/api/sendmessage', msg);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ send_to: 'noc', footer: 'Message sent by alice' });
    const mail = await lastMail('message.noc');
    expect(mail?.toAddr).toBe('noc@example.net');
    expect(mail?.replyTo).toBe('alice@anderson-design.com');
    expect(mail?.body).toContain('Hosting type: Basic');
    expect(mail?.body).toContain('Message sent by alice');
    expect(mail?.body).not.toContain('the-ceo');
  });

  it('names operator and account when staff send for a customer, and honours reply_to', async () => {
    const res = await t.as('staff').post('/api/sendmessage', {
      ...msg,
      send_from: 'bob',
      send_to: 'helpdesk',
      reply_to: 'bob@elsewhere.com',
    });
    expect(res.body.data.footer).toBe('Message sent by staff for bob');
    const mail = await lastMail('message.helpdesk');
    expect(mail?.toAddr).toBe('help@example.net');
    expect(mail?.replyTo).toBe('bob@elsewhere.com');
    // The footer ends the message; the account line sits above it.
    expect(mail?.body).toMatch(/\n-- \nAccount: bob \(uid \d+\)\nMessage sent by staff for bob$/);
  });

  it('mails the hostmaster for send_to hostmaster, the footer last', async () => {
    const res = await t.as('alice').post('/api/sendmessage', {
      ...msg,
      send_to: 'hostmaster',
      subject: 'Domain registration request: anderson-two.com',
      message: 'Domain: anderson-two.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ send_to: 'hostmaster', footer: 'Message sent by alice' });
    const mail = await lastMail('message.hostmaster');
    expect(mail?.toAddr).toBe('hostmaster@example.net');
    expect(mail?.subject).toBe('Domain registration request: anderson-two.com');
    expect(mail?.body.endsWith('\nMessage sent by alice')).toBe(true);
  });

  it("refuses a reply_to that is not an address with the spec's text", async () => {
    const res = await t.as('alice').post('/api/sendmessage', { ...msg, reply_to: 'alice-at-home' });
    expect(res.status).toBe(400);
    expect(res.body.errors.reply_to).toBe('Invalid Email Address');
  });

  it('queues a repeated identical message once, and a different one again', async () => {
    const repeat = { ...msg, subject: 'Please call me back', message: 'About my invoice.' };
    const mailsOf = () =>
      t.db.select().from(outbox).where(eq(outbox.subject, 'Please call me back')).orderBy(outbox.id);
    const answers = [
      await t.as('alice').post('/api/sendmessage', repeat),
      await t.as('alice').post('/api/sendmessage', repeat),
      // A second tab at the same moment.
      ...(await Promise.all([
        t.as('alice').post('/api/sendmessage', repeat),
        t.as('alice').post('/api/sendmessage', repeat),
      ])),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Message sent');
    }
    expect(await mailsOf()).toHaveLength(1);
    // Another recipient, another body, or staff writing for the account are other messages.
    await t.as('alice').post('/api/sendmessage', { ...repeat, send_to: 'helpdesk' });
    await t.as('alice').post('/api/sendmessage', { ...repeat, message: 'About my invoice, again.' });
    await t.as('staff').post('/api/sendmessage', repeat);
    expect(await mailsOf()).toHaveLength(4);
    // Once the window has passed, the same message is sent again.
    await t.db
      .update(outbox)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(outbox.subject, 'Please call me back'));
    await t.as('alice').post('/api/sendmessage', repeat);
    expect(await mailsOf()).toHaveLength(5);
  });

  it('refuses an arbitrary address, missing fields, another account and no token', async () => {
    const evil = await t.as('alice').post('/api/sendmessage', { ...msg, send_to: 'attacker@example.com' });
    expect(evil.status).toBe(400);
    expect(evil.body.errors.send_to).toBe('Unknown recipient');
    const subject = await t.as('alice').post('/api/sendmessage', { ...msg, subject: ' ' });
    expect(subject.body.errors.subject).toBe('Required');
    const body = await t.as('alice').post('/api/sendmessage', { ...msg, message: '' });
    expect(body.body.errors.message).toBe('Required');
    expect((await t.as('bob').post('/api/sendmessage', msg)).status).toBe(403);
    expect((await t.as(null).post('/api/sendmessage', msg)).status).toBe(401);
  });

  it('keeps the subject on one line', async () => {
    await t.as('bob').post('/api/sendmessage', {
      ...msg,
      send_from: 'bob',
      send_to: 'accounting',
      subject: 'Hi\r\nBcc: x@y.com',
    });
    const mail = await lastMail('message.accounting');
    expect(mail?.subject).toBe('Hi Bcc: x@y.com');
    expect(mail?.toAddr).toBe('accounting@example.net');
  });
});

import { must } from '../support/must.ts';
import { mailText } from '@portal/contract/mail/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions, recoveryEmails } from '../../src/db/schema.ts';
import { makeCast, requestsAs } from '../support/factories.ts';
import { build, type TestApp } from '../support/helper.ts';
import { mailsTo } from '../support/mail.ts';

/**
 * Mail security gateways open the links of a mail (HEAD, then GET) before the recipient does. A
 * one-time link therefore never does its work when opened: the page it opens asks for a press of
 * its button, a POST (docs/decisions/035-links-confirm-by-post.md).
 */
const PASSWORD = 'link-scanners-pass';
let t: TestApp;
let as: ReturnType<typeof requestsAs>;
beforeAll(async () => {
  t = await build({ demo: false });
  await makeCast(t, PASSWORD);
  as = requestsAs(t, PASSWORD);
});
afterAll(async () => {
  await t.close();
});

const mailTo = (to: string, kind: string) => mailsTo(t, { to, kind });
const tokenIn = (body: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(body)?.[1] ?? '';

/** What a scanner does: HEAD, then GET, on each instance; `status`: what the page answers. */
async function scan(url: string, status: number | null = 200): Promise<void> {
  for (const app of t.apps) {
    const head = await app.inject({ method: 'HEAD', url });
    if (status !== null) expect(head.statusCode, `HEAD ${url}`).toBe(status);
  }
  const get = await t.request('GET', url);
  if (status !== null) expect(get.status).toBe(status);
}

describe('opening a one-time link changes nothing', () => {
  it('a recovery address: HEAD and GET leave it pending; the page’s button confirms it once', async () => {
    const address = 'alice.scanned@example.org';
    const added = await as('alice').post('/api/add-recovery-email', {
      logname: 'alice',
      email: address,
      password: PASSWORD,
    });
    expect(added.status).toBe(200);
    const mail = must((await mailTo(address, 'recovery.confirm'))[0], 'mail');
    const token = tokenIn(mail.body, '/api/confirm-address');
    const url = `/api/confirm-address/${token}`;
    await scan(url);
    const page = await t.request('GET', url);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(mailText.confirmAddressAsk(address));
    expect(page.body).toContain(`<form method="post">`);
    expect(page.body).toContain(mailText.confirmButton);
    const pending = must(
      (await t.db.select().from(recoveryEmails).where(eq(recoveryEmails.contactInfo, address)))[0],
      'pending',
    );
    expect(pending.confirmedAt).toBeNull();
    expect(pending.tokenHash).not.toBeNull();

    const done = await t.request('POST', url);
    expect(done.status).toBe(200);
    expect(done.body).toContain(mailText.recoveryConfirmed(address));
    const row = must(
      (await t.db.select().from(recoveryEmails).where(eq(recoveryEmails.contactInfo, address)))[0],
      'row',
    );
    expect(row.confirmedAt).not.toBeNull();
    // Once: the link is spent, for GET and POST alike.
    const again = await t.request('POST', url);
    expect(again.status).toBe(404);
    expect(again.body).toContain(mailText.confirmLinkInvalid);
    expect((await t.request('GET', url)).status).toBe(404);
  });

  it('the newsletter: HEAD and GET leave the subscription pending; the button confirms it', async () => {
    const email = 'bob.scanned@example.org';
    expect((await as('bob').post('/api/subscribe-portal', { logname: 'bob', email })).status).toBe(200);
    const mail = must((await mailTo(email, 'newsletter.confirm'))[0], 'mail');
    const url = `/api/subscribe-portal/confirm/${tokenIn(mail.body, '/api/subscribe-portal/confirm')}`;
    await scan(url);
    const page = await t.request('GET', url);
    expect(page.body).toContain(mailText.confirmSubscriptionAsk(email));
    expect(page.body).toContain(`<form method="post">`);
    const pending = must(
      (await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0],
      'pending',
    );
    expect(pending.confirmedAt).toBeNull();
    const done = await t.request('POST', url);
    expect(done.status).toBe(200);
    expect(done.body).toContain(mailText.subscriptionConfirmed(email));
    expect((await t.request('POST', url)).status).toBe(404);
  });

  it('a browser’s form post (urlencoded, empty) is accepted on the confirm page only', async () => {
    const address = 'carol.form@example.org';
    await as('carol').post('/api/add-recovery-email', {
      logname: 'carol',
      email: address,
      password: PASSWORD,
    });
    const mail = must((await mailTo(address, 'recovery.confirm'))[0], 'mail');
    const url = `/api/confirm-address/${tokenIn(mail.body, '/api/confirm-address')}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(mailText.recoveryConfirmed(address));
    // Other calls still take JSON only.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/miglogin',
      headers: form,
      payload: `username=carol&password=${PASSWORD}`,
    });
    expect(other.statusCode).toBe(415);
  });

  it('a reset link: HEAD and GET of its page leave it usable', async () => {
    const res = await as(null).post('/api/forgot-panel-password', {
      account: 'bob',
      email: 'bob@example.test',
    });
    expect(res.status).toBe(200);
    await t.drainJobs();
    const mail = must((await mailTo('bob@example.test', 'reset.panel'))[0], 'mail');
    const token = tokenIn(mail.body, '/portal/reset-panel-password');
    expect(token).not.toBe('');
    // The SPA's page (the tests' server may have no built SPA: its answer is not the point).
    await scan(`/portal/reset-panel-password/${token}`, null);
    const reset = await as(null).post('/api/user-reset-password', {
      reset_token: token,
      new_password: 'Scanned-But-Unused-41',
      conf_password: 'Scanned-But-Unused-41',
    });
    expect(reset.status).toBe(200);
  });
});

import { OUTBOX_PAGE_SIZE } from '@portal/contract/staff/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';

let t: TestApp;
let f: ReturnType<typeof factories>;
let bob: Account;
let staff: Account;
let admin: Account;
let customers: Account[];
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  staff = await f.makeAccount({ role: 'staff' });
  admin = await f.makeAccount({ role: 'admin' });
  const alice = await f.makeAccount();
  bob = await f.makeAccount();
  // A Primary, another customer and the Primary's Secondaries (one the dashboard admin).
  customers = [
    alice,
    bob,
    await f.makeAccount({ primary: alice }),
    await f.makeAccount({ primary: alice, fields: { dashboard_admin: true } }),
  ];
});
afterAll(() => t.close());

describe('GET /api/staff/outbox/:status/:page?', () => {
  it('is for staff only: 401 without a token, 403 for customers', async () => {
    const none = await t.as(null).get('/api/staff/outbox/all');
    expect(none.status).toBe(401);
    expect(none.body.status).toBe('expired_token');
    for (const who of customers) {
      const res = await f.as(who).get('/api/staff/outbox/all');
      expect(res.status, who.logname).toBe(403);
      expect(res.body).toEqual({ status: 0, message: 'Permission denied', code: 'forbidden' });
    }
  });

  it('lists messages newest first with their delivery state, never their bodies', async () => {
    await t.drainJobs(); // nothing else due: the one job below is the reset request's
    const reset = await t.request('POST', '/api/forgot-panel-password', {
      body: { account: bob.logname, email: bob.email },
    });
    expect(reset.status).toBe(200);
    // The request is worked by a job, which queues the mail: run that job alone.
    expect(await t.app.deps.jobs.drain(1)).toBe(1);
    const [queued] = (await f.as(staff).get('/api/staff/outbox/queued')).body.data.messages;
    expect(queued).toMatchObject({
      to: bob.email,
      status: 'queued',
      attempts: 0,
      sent_at: null,
    });

    await t.drainJobs();
    const link = t.sent.at(-1)?.body.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();
    const res = await f.as(admin).get('/api/staff/outbox/all');
    expect(res.status).toBe(200);
    const { messages, page, page_size, has_more } = res.body.data;
    expect({ page, page_size, has_more }).toEqual({ page: 1, page_size: OUTBOX_PAGE_SIZE, has_more: false });
    expect(messages[0]).toMatchObject({
      id: queued.id,
      to: bob.email,
      subject: queued.subject,
      status: 'sent',
      attempts: 1,
      last_error: null,
      account: bob.logname,
    });
    expect(Date.parse(messages[0].sent_at)).not.toBeNaN();
    expect(Date.parse(messages[0].created)).not.toBeNaN();
    expect(Object.keys(messages[0])).not.toContain('body');
    // The reset link is a secret: it is in no part of the answer.
    expect(JSON.stringify(res.body)).not.toContain(link);
    expect((await f.as(staff).get('/api/staff/outbox/queued')).body.data.messages).toEqual([]);
  });

  it('pages by 50 and filters by status', async () => {
    await t.db.insert(outbox).values(
      Array.from({ length: OUTBOX_PAGE_SIZE + 5 }, (_, i) => ({
        kind: 'test',
        fromAddr: 'portal@example.net',
        toAddr: `n${i}@example.org`,
        subject: `Message ${i}`,
        body: 'secret body',
        status: i % 2 ? 'stored' : 'queued',
      })),
    );
    const first = (await f.as(staff).get('/api/staff/outbox/all')).body.data;
    expect(first.messages).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    expect(first.messages[0].subject).toBe(`Message ${OUTBOX_PAGE_SIZE + 4}`);
    const ids = first.messages.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await f.as(staff).get('/api/staff/outbox/all/2')).body.data;
    expect(second.page).toBe(2);
    expect(second.has_more).toBe(false);
    expect(second.messages.length).toBeGreaterThanOrEqual(6); // the 5 left and the reset mail
    expect(second.messages[0].id).toBeLessThan(ids.at(-1));

    const stored = (await f.as(staff).get('/api/staff/outbox/stored')).body.data.messages;
    expect(stored.length).toBe(27);
    expect(stored.every((m: { status: string }) => m.status === 'stored')).toBe(true);
    expect((await f.as(staff).get('/api/staff/outbox/nonsense')).status).toBe(400);
    expect((await f.as(staff).get('/api/staff/outbox/all/0')).status).toBe(400);
  });
});

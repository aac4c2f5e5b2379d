import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempEmails } from '../../db/schema.ts';
import { factories } from '../../../test/support/factories.ts';
import { stepDays } from '../../../test/support/days.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';

const DAY = 86_400_000;

describe('temporary alias fading reminder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false });
  }, 120_000);
  afterAll(() => t?.close());

  it('tells the owner once, 2 days before an expired alias fades; not once it is extended', async () => {
    const f = factories(t);
    const owner = await f.makeAccount();
    const start = t.clock.now().getTime();
    const suffix = Date.now().toString(36);
    const expired = new Date(start - 3 * DAY);
    await t.db.insert(tempEmails).values([
      // Expired 3 days ago: fades in 4 days, told on day 2.
      { owner: owner.logname, name: `going${suffix}`, forwardsTo: owner.email, expires: expired },
      // Expired 4 days ago, extended on day 0: it never fades in this test.
      {
        owner: owner.logname,
        name: `kept${suffix}`,
        forwardsTo: owner.email,
        expires: new Date(start - 4 * DAY),
      },
    ]);
    const domain = t.app.deps.config.TEMP_EMAIL_DOMAIN;
    // Extended on day 0: it never fades in this test.
    const dayOf = await stepDays(t, 8, {
      before: async (day) => {
        if (day === 0)
          await t.db
            .update(tempEmails)
            .set({ expires: new Date(start + 30 * DAY), expiredAt: null })
            .where(eq(tempEmails.name, `kept${suffix}`));
      },
    });
    const mails = (await mailsTo(t, { account: owner.logname, kind: 'notices.alias-fading' })).reverse();
    const fades = new Date(expired.getTime() + 7 * DAY).toUTCString();
    expect(mails.map((m) => [m.subject, m.toAddr, dayOf.get(m.id), m.body.split('\n\n--\n')[0]])).toEqual([
      [
        `Temporary alias going${suffix}@${domain} fades in 2 days`,
        owner.email,
        2,
        `Your temporary alias going${suffix}@${domain} has expired and fades on ${fades}. Until then you can extend it on the Temporary Email page of the members portal; after that its name stays reserved and cannot be used again.\n`,
      ],
    ]);
  }, 300_000);
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, tldPrices } from '../../db/schema.ts';
import { factories } from '../../../test/support/factories.ts';
import { stepDays } from '../../../test/support/days.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { mailsTo } from '../../../test/support/mail.ts';
import { domainMilestone } from './reminders.ts';

const URL = 'https://portal.example.net';

describe('domain expiry reminders', () => {
  it('picks the milestone whose day has come, none once the domain has expired', () => {
    expect([40, 31, 30, 8, 7, 2, 1, 0, -3].map(domainMilestone)).toEqual([
      null,
      null,
      30,
      30,
      7,
      7,
      1,
      null,
      null,
    ]);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await build({ demo: false, env: { PORTAL_PUBLIC_URL: URL } });
  }, 120_000);
  afterAll(() => t?.close());

  it('mails 30, 7 and 1 days ahead, once each, by what renewal the domain is on', async () => {
    const f = factories(t);
    const tld = `t${Date.now().toString(36)}`;
    await t.db.insert(tldPrices).values({ tld, id: 1, item: '1 year', baseprice: 1500, price: 1750 });
    const carded = await f.makeAccount();
    await f.makeCard({ owner: carded, last4: '1234', autoBilling: true });
    const cardless = await f.makeAccount();
    const auto = await f.makeDomain({
      owner: carded,
      domain: `auto.${tld}`,
      expires: f.inDays(30),
      autoRenew: true,
    });
    const manual = await f.makeDomain({ owner: carded, domain: `manual.${tld}`, expires: f.inDays(7) });
    await f.makeDomain({
      owner: carded,
      domain: `lapse.${tld}`,
      expires: f.inDays(6),
      fields: { abandon: 1 },
    });
    const bare = await f.makeDomain({
      owner: cardless,
      domain: `bare.${tld}`,
      expires: f.inDays(2),
      autoRenew: true,
    });

    // Renewed by hand on day 3: its expiry moves a year on, and its 1-day reminder never comes.
    const dayOf = await stepDays(t, 31, {
      before: async (day) => {
        if (day === 3)
          await t.db
            .update(domains)
            .set({ expirationDate: f.inDays(365 + 5) })
            .where(eq(domains.domain, manual.domain));
      },
    });
    const read = async (owner: string) =>
      (await mailsTo(t, { account: owner, kind: 'notices.domain-expiring' }))
        .reverse()
        .map((m) => [m.subject, m.toAddr, dayOf.get(m.id), m.body.split('\n\n--\n')[0]]);
    const date = (d: string | null) => d ?? '';
    expect(await read(carded.logname)).toEqual([
      [
        `${manual.domain} expires in 7 days`,
        carded.email,
        0,
        `${manual.domain} expires on ${date(manual.expires)} and does not renew automatically. Renew it now: ${URL}/portal/domain-renewal/${manual.domain}\n`,
      ],
      [
        `${auto.domain} renews automatically in 30 days`,
        carded.email,
        0,
        `${auto.domain} renews automatically on ${date(auto.expires)} for $17.50 with the card ending 1234. Nothing needs doing; to let it expire instead, turn auto-renew off on Domain Settings in the members portal.\n`,
      ],
      [
        `${auto.domain} renews automatically in 7 days`,
        carded.email,
        23,
        expect.stringContaining(`with the card ending 1234`),
      ],
      [`${auto.domain} renews automatically in 1 day`, carded.email, 29, expect.any(String)],
    ]);
    expect(await read(cardless.logname)).toEqual([
      [
        `${bare.domain} expires in 2 days: no card is on auto-billing`,
        cardless.email,
        0,
        `${bare.domain} is set to renew automatically on ${date(bare.expires)} for $17.50, but no card is on auto-billing. Please add one on Manage Credit Cards in the members portal, or the renewal will not be paid.\n`,
      ],
      [`${bare.domain} expires in 1 day: no card is on auto-billing`, cardless.email, 1, expect.any(String)],
    ]);
  }, 600_000);
});

import type { Browser, Page } from 'playwright-core';
import { daysLeft } from '@portal/contract/domains/status';
import { domainText } from '@portal/contract/domains/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, launch, screenshot, signedInLooks, url } from './browser.ts';
import { demoDay } from './demo-days.ts';

/** The domain lists' days left, plain status, Renew per row and phone layout, at 1280 and 390 px. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Today in the test machine's calendar (the browser's), YYYY-MM-DD. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A domain's row, found by the link of its first cell (a contact address may name another domain). */
const row = (page: Page, domain: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('link', { name: domain, exact: true }) });
/** A per-row Renew action ("Renew example.com"), not the menu's "Renew Domains". */
const RENEW_ROW = /^Renew [a-z0-9-]+\.[a-z.]+$/;

// Every test here reads alice's domain lists and changes nothing: one page, signed in once, takes
// each test's width and colour scheme before its first navigation.
const aliceAt = signedInLooks(() => browser, 'alice');

for (const width of [1280, 390]) {
  describe(`domain lists at ${width} px`, () => {
    it('show days left and a plain status, and mark a domain let expire that expires soon in words', async () => {
      const page = await aliceAt({ width });
      await page.goto(url('/domain-list'));
      await row(page, 'alice-old-blog.info').waitFor();
      // the spec's legend and columns stay
      await page.getByText('let expire (abandon)').waitFor();
      const blog = (await row(page, 'alice-old-blog.info').textContent()) ?? '';
      const days = daysLeft(demoDay('2026-12-03'), localToday());
      expect(blog).toContain(domainText.daysLeft(days));
      expect(blog).toContain(`${domainText.expiresSoon}: will expire`);
      const auto = (await row(page, 'anderson-design.com').textContent()) ?? '';
      expect(auto).toContain('renews automatically');
      expect(auto).not.toContain(domainText.expiresSoon);
      expect(await row(page, 'andersonphoto.net').textContent()).toContain('renew by hand');
      expect(await row(page, 'anderson.design').textContent()).toContain('registered elsewhere');
      // the highlight is more than colour: the words above, and a bar at the row's start
      const bar = await row(page, 'alice-old-blog.info').evaluate((tr) => getComputedStyle(tr).boxShadow);
      expect(bar).toContain('inset');
      expect((page as Page & { errors: string[] }).errors).toEqual([]);
    }, 120_000);

    it('Renew Domains has a Renew action on each row, to the renewal review step', async () => {
      const page = await aliceAt({ width });
      await page.goto(url('/renew-domains'));
      await page.getByRole('heading', { name: 'Renew Domains' }).waitFor();
      const renew = page.getByRole('link', { name: 'Renew andersonphoto.net' });
      await renew.waitFor();
      const box = await renew.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(24);
      expect(box?.width).toBeGreaterThanOrEqual(24);
      // not offered for a domain registered elsewhere, and not on Edit Domains
      expect(await row(page, 'anderson.design').getByRole('link', { name: RENEW_ROW }).count()).toBe(0);
      await renew.click();
      await page.waitForURL(/\/portal\/domain-renewal\/andersonphoto\.net$/);
      await page.getByText('Expiration date').waitFor();
      await page.goto(url('/domain-list'));
      await row(page, 'andersonphoto.net').waitFor();
      expect(await page.getByRole('link', { name: RENEW_ROW }).count()).toBe(0);
    }, 120_000);
  });
}

describe('domain list on a phone (390 px)', () => {
  it('is cards under "Sort by" buttons and labelled filters, nothing wider than the screen', async () => {
    const page = await aliceAt({ width: 390, height: 844 });
    await page.goto(url('/domain-list'));
    await row(page, 'alice-old-blog.info').waitFor();
    // each filter has a label in view
    for (const label of ['Filter Domain', 'Filter Contact Email']) {
      await expect.poll(() => page.getByText(label, { exact: true }).isVisible()).toBe(true);
      await page.getByLabel(label).waitFor();
    }
    // headers without sorting (Whois) are not words in the header row; the sort buttons are
    expect(await page.locator('thead th', { hasText: /^Whois$/ }).isVisible()).toBe(false);
    const sort = page.locator('thead').getByRole('button', { name: /^Domain/ });
    expect((await sort.boundingBox())?.height).toBeGreaterThanOrEqual(32);
    // rows are cards of label: value lines
    expect(await row(page, 'alice-old-blog.info').evaluate((tr) => getComputedStyle(tr).display)).toBe(
      'block',
    );
    const [scroll, client] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scroll).toBeLessThanOrEqual(client);
  }, 120_000);
});

describe('domain list screenshots', () => {
  for (const [name, opts] of [
    ['desktop-light', { width: 1280 }],
    ['desktop-dark', { width: 1280, dark: true }],
    ['phone-light', { width: 390, height: 844 }],
    ['phone-dark', { width: 390, height: 844, dark: true }],
  ] as const) {
    it(`Renew Domains at ${name}`, async () => {
      const page = await aliceAt(opts);
      await page.goto(url('/renew-domains'));
      await row(page, 'alice-old-blog.info').waitFor();
      if (opts.width < 500)
        await expectFitsPhone(page, { heading: 'Renew Domains', action: 'Renew andersonphoto.net' });
      await screenshot(page, `domain-outlook-${name}`);
      // the shell's own banner (dimmed status text) is judged by the shell's tests
      const serious = (await seriousViolations(page)).filter((v) => !v.includes('(p[role="status"])'));
      expect(serious).toEqual([]);
    }, 120_000);
  }
});

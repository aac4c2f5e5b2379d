import { billingText } from '@portal/contract/billing/messages';
import { domainText } from '@portal/contract/domains/messages';
import { noticesText } from '@portal/contract/notices/messages';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot } from './browser.ts';
import { demoDay } from './demo-days.ts';
import { billingTextEs } from '@portal/contract/billing/messages.es';
import { domainTextEs } from '@portal/contract/domains/messages.es';
import { noticesTextEs } from '@portal/contract/notices/messages.es';

/**
 * Home's notices (docs/decisions/107-home-notices.md): what needs the customer, each with its one
 * action, read from GET /api/notices. The demo's alice owes an overdue invoice and has a domain
 * (andersonphoto.net) expiring within 30 days that is not on auto-renew; her domain left to expire
 * (alice-old-blog.info) and those on auto-renew are not told.
 */

// A portal of its own: other files pay alice's invoice and change her domains on the shared one.
const { newPage, lookingPage, url, login, demoLoadedOn } = ownPortalAndBrowser();

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;
const DOMAIN = 'andersonphoto.net';

async function homeNotices(page: Page) {
  await page.goto(url('/'));
  const box = page.getByTestId('home-notices');
  await box.waitFor();
  return box;
}

describe('Home notices', () => {
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`shows alice's notices with their actions at ${width} px, ${dark ? 'dark' : 'light'}`, {
        timeout: 120_000,
      }, async () => {
        const page = await newPage({ width, dark });
        await login(page, 'alice');
        const box = await homeNotices(page);
        await expect
          .poll(() => box.getByRole('heading', { name: noticesText.heading }).isVisible())
          .toBe(true);
        const domain = box.locator('li', {
          hasText: domainText.expiringNotice(DOMAIN, demoDay('2026-12-16', demoLoadedOn())),
        });
        await domain.waitFor();
        expect(
          await domain.getByRole('link', { name: domainText.renewActionLabel(DOMAIN) }).isVisible(),
        ).toBe(true);
        const overdue = box.locator('li[data-kind="billing.invoice-overdue"]').first();
        await overdue.waitFor();
        expect(await overdue.getByRole('link', { name: billingText.retryActionPay }).isVisible()).toBe(true);
        // Not the domain she lets expire, nor one on auto-renew.
        expect(await box.textContent()).not.toContain('alice-old-blog.info');
        expect(await box.textContent()).not.toContain('anderson-design.com ');
        await screenshot(page, `home-notices-${width}-${dark ? 'dark' : 'light'}`);
        if (width === 390)
          await expectFitsPhone(page, {
            heading: noticesText.heading,
            action: domainText.renewActionLabel(DOMAIN),
          });
        expect(await seriousViolations(page)).toEqual([]);
        expect(errorsOf(page)).toEqual([]);
        await page.context().close();
      });
    }
  }

  it('each action goes to the screen that fixes it', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await login(page, 'alice');
    let box = await homeNotices(page);
    await box.getByRole('link', { name: domainText.renewActionLabel(DOMAIN) }).click();
    await page.waitForURL(new RegExp(`/domain-renewal/${DOMAIN.replace('.', '\\.')}$`));
    box = await homeNotices(page);
    await box.locator('li[data-kind="billing.invoice-overdue"]').first().getByRole('link').click();
    await page.waitForURL(/\/make-payment\?amount=\d+\.\d\d$/);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('follow the language chosen in the top bar: the list and each notice in Spanish', {
    timeout: 120_000,
  }, async () => {
    const { page, look } = await lookingPage({ width: 1280 });
    await login(page, 'alice');
    let box = await homeNotices(page);
    await box.getByRole('heading', { name: noticesText.heading }).waitFor();
    await page.getByTestId('language-picker').selectOption('es');
    await box.getByRole('heading', { name: noticesTextEs.heading }).waitFor();
    // On a phone, after a reload: still Spanish.
    await look({ width: 390 });
    box = await homeNotices(page);
    await box.getByRole('heading', { name: noticesTextEs.heading }).waitFor();
    const domain = box.locator('li', {
      hasText: domainTextEs.expiringNotice(DOMAIN, demoDay('2026-12-16', demoLoadedOn())),
    });
    await domain.waitFor();
    await domain.getByRole('link', { name: domainTextEs.renewActionLabel(DOMAIN) }).waitFor();
    const overdue = box.locator('li[data-kind="billing.invoice-overdue"]').first();
    await overdue.getByRole('link', { name: billingTextEs.retryActionPay }).waitFor();
    expect(await box.textContent()).not.toContain('is not set to renew automatically');
    await expectFitsPhone(page, {
      heading: noticesTextEs.heading,
      action: domainTextEs.renewActionLabel(DOMAIN),
    });
    await screenshot(page, 'home-notices-es-390');
    // Back to English for the tests after this one (the choice is kept on the account).
    await look({ width: 1280 });
    box = await homeNotices(page);
    await page.getByTestId('language-picker').selectOption('en');
    await box.getByRole('heading', { name: noticesText.heading }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('a customer with nothing due sees no notices box', { timeout: 120_000 }, async () => {
    // The demo's bob: his domains expire later or renew automatically, and he owes nothing.
    const page = await newPage();
    await login(page, 'bob');
    await page.goto(url('/'));
    await page.getByTestId('welcome').waitFor();
    await page.getByTestId('overview-balance').waitFor();
    expect(await page.getByTestId('home-notices').count()).toBe(0);
    expect(await page.getByRole('heading', { name: noticesText.heading }).count()).toBe(0);
    await page.context().close();
  });
});

import { noticeText } from '@portal/contract/notifications/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, launch, login, newPage, screenshot, url, workOn } from './browser.ts';

/**
 * Account → Notifications: the customer chooses where each category of mail goes and the choice is
 * kept; security is told, never offered; staff working on the account see and change it, and their
 * change is on the account's activity list; copies go to the account's Secondary accounts. The
 * shared portal's dave and alice are put back to the defaults.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const pageErrors = (page: Page) => (page as Page & { errors: string[] }).errors;
const group = (page: Page, category: string) => page.getByRole('radiogroup', { name: category });
const choice = (page: Page, category: string, sendTo: string) =>
  group(page, category).getByRole('radio', { name: sendTo, exact: true });

async function open(page: Page): Promise<void> {
  await page.goto(url('/notifications'));
  await page.getByRole('heading', { name: noticeText.title, exact: true }).waitFor();
  await group(page, 'Billing').waitFor();
}

async function save(page: Page, saved: string): Promise<void> {
  await page.getByRole('button', { name: noticeText.save }).click();
  await page.getByText(saved, { exact: true }).waitFor();
}

/** Staff put every category of dave back to the bill email (the default). */
async function putBack(page: Page): Promise<void> {
  await open(page);
  const changed: string[] = [];
  for (const category of ['Billing', 'Domains', 'Mail and aliases', 'Service news']) {
    const bill = choice(page, category, 'Bill email');
    if (await bill.isChecked()) continue;
    await bill.check();
    changed.push(category);
  }
  if (changed.length) await save(page, noticeText.saved(changed.join(', ')));
}

describe('Notifications (/notifications)', () => {
  it('keeps where billing mail goes and service news off; security cannot be turned off; staff change it, audited', {
    timeout: 240_000,
  }, async () => {
    const page = await newPage(browser);
    const staff = await newPage(browser);
    try {
      await login(page, 'dave');
      await page.getByRole('button', { name: 'Account' }).click();
      await page.getByRole('link', { name: 'Notifications' }).click();
      await page.getByRole('heading', { name: noticeText.title, exact: true }).waitFor();
      expect(await choice(page, 'Billing', 'Bill email').isChecked()).toBe(true);

      // Security: told, with no choice to make.
      await page.getByText(noticeText.securityAlways, { exact: true }).waitFor();
      expect(await group(page, 'Security').count()).toBe(0);
      expect(await page.getByRole('radio').count()).toBe(16);

      // Keyboard: the billing choice moves with the arrow keys.
      await choice(page, 'Billing', 'Bill email').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await choice(page, 'Billing', 'Both').isChecked()).toBe(true);
      await choice(page, 'Service news', 'Off').check();
      await save(page, noticeText.saved('Billing, Service news'));

      await page.reload();
      await open(page);
      expect(await choice(page, 'Billing', 'Both').isChecked()).toBe(true);
      expect(await choice(page, 'Service news', 'Off').isChecked()).toBe(true);
      expect(await choice(page, 'Domains', 'Bill email').isChecked()).toBe(true);

      // Saving nothing new says so and changes nothing.
      await save(page, noticeText.unchanged);
      expect(pageErrors(page)).toEqual([]);

      // Staff working on dave see the choices and change one.
      await login(staff, 'staff');
      await workOn(staff, 'dave');
      await open(staff);
      expect(await choice(staff, 'Billing', 'Both').isChecked()).toBe(true);
      expect(await choice(staff, 'Service news', 'Off').isChecked()).toBe(true);
      await choice(staff, 'Domains', 'Account email').check();
      await save(staff, noticeText.saved('Domains'));

      // dave's activity list shows the staff change.
      await page.goto(url('/account-activity'));
      const table = page.getByRole('table', { name: 'Account activity' });
      const row = table.locator('tbody tr').filter({ hasText: 'Domains notifications: Account email.' });
      await row.first().waitFor();
      expect(await row.first().getByText('staff', { exact: true }).count()).toBe(1);
      await open(page);
      expect(await choice(page, 'Domains', 'Account email').isChecked()).toBe(true);
      expect(pageErrors(staff)).toEqual([]);
    } finally {
      await putBack(staff).catch(() => {});
      await page.context().close();
      await staff.context().close();
    }
  });

  it('offers copies to the account’s Secondary accounts; staff set one, kept and on the activity list', {
    timeout: 180_000,
  }, async () => {
    const staff = await newPage(browser);
    const copy = () => staff.getByRole('textbox', { name: 'Copy to (Domains)' });
    const choose = async (option: string | RegExp) => {
      await copy().click();
      await staff.getByRole('option', { name: option }).click();
    };
    try {
      await login(staff, 'staff');
      await workOn(staff, 'alice');
      await open(staff);
      expect(await copy().inputValue()).toBe(noticeText.copyNone);
      await choose(/^Secondary carol/);
      await save(staff, noticeText.saved('Domains'));
      await staff.reload();
      await open(staff);
      expect(await copy().inputValue()).toMatch(/^Secondary carol/);
      await staff.goto(url('/account-activity'));
      await staff
        .getByRole('table', { name: 'Account activity' })
        .locator('tbody tr')
        .filter({ hasText: 'Copy to Secondary carol.' })
        .first()
        .waitFor();
      expect(pageErrors(staff)).toEqual([]);
    } finally {
      await open(staff).catch(() => {});
      if (
        (await copy()
          .inputValue()
          .catch(() => '')) !== noticeText.copyNone
      ) {
        await choose(noticeText.copyNone).catch(() => {});
        await save(staff, noticeText.saved('Domains')).catch(() => {});
      }
      await staff.context().close();
    }
  });

  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const tag = `${dark ? 'dark' : 'light'}${width < 500 ? '-phone' : ''}`;
      it(`looks right, fits and has no serious axe violations (${tag})`, { timeout: 120_000 }, async () => {
        const page = await newPage(browser, { dark, width, height: width < 500 ? 844 : 860 });
        // alice has Secondary accounts: the copy fields show.
        await login(page, 'alice');
        await open(page);
        await page.getByRole('textbox', { name: 'Copy to (Billing)' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        if (width < 500) await expectFitsPhone(page, { heading: noticeText.title, action: noticeText.save });
        await screenshot(page, `notifications-${tag}`);
        expect(pageErrors(page)).toEqual([]);
        await page.context().close();
      });
    }
  }
});

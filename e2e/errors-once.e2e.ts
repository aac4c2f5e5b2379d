import { billingText } from '@portal/contract/billing/messages';
import { mailText } from '@portal/contract/mail/messages';
import { commonText } from '@portal/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launch, login, pagesClosedAfterEach, payDeclinedAsBob, url } from './browser.ts';

/**
 * A refusal is shown once, where the eye is: a field's error beside the field and no pop-up for it;
 * a pop-up only for what belongs to no field, with the next step. At phone and desktop widths.
 */

vi.setConfig({ testTimeout: 240_000 });
// Each page is closed after its test, also when the test fails.
const openPage = pagesClosedAfterEach();

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.getByRole('dialog');

/** How many times `text` is on the page (visible or not: a second copy anywhere is a second showing). */
const timesShown = (page: Page, text: string) => page.getByText(text, { exact: true }).count();

/** A signed-in page of `width`, with longer waits for a loaded machine. */
async function signedIn(logname: string, width: number): Promise<Page> {
  const page = await openPage(browser, { width });
  page.setDefaultTimeout(60_000);
  await login(page, logname);
  return page;
}

for (const width of [390, 1280]) {
  describe(`no error shown twice, at ${width} px`, () => {
    it('an address typed as an alias name: beside the name, saying to leave out the @ part', async () => {
      const page = await signedIn('bob', width);
      await page.goto(url('/create-mail-alias/bakersdozen.com'));
      await page.getByLabel('Alias name').fill('sales@anderson-design.com');
      await page.getByLabel(/^Targets/).fill('bob.baker@example.org');
      await page.getByRole('button', { name: 'Add Alias' }).click();
      await page.getByText(mailText.nameWithDomain).waitFor();
      expect(await timesShown(page, mailText.nameWithDomain)).toBe(1);
      expect(await dialog(page).count()).toBe(0);
      await expect(page.getByLabel('Alias name').getAttribute('aria-invalid')).resolves.toBe('true');
    });

    it('a bad temporary alias name: beside the field, no "Failed" pop-up', async () => {
      const page = await signedIn('bob', width);
      await page.goto(url('/temp-email'));
      await page.getByText('@tmp.example.net').first().waitFor();
      await page.getByLabel('Alias').fill('shop@tmp.example.net');
      await page.getByLabel('Forwards to').fill('bob.baker@example.org');
      await page.getByRole('button', { name: 'Add New Alias' }).click();
      await page.getByText(mailText.nameWithDomain).waitFor();
      expect(await timesShown(page, mailText.nameWithDomain)).toBe(1);
      expect(await dialog(page).count()).toBe(0);
    });

    it('missing auto-responder dates: on the first submit, beside the dates, with the other fields', async () => {
      const page = await signedIn('bob', width);
      await page.goto(url('/auto-responder'));
      await page.getByRole('button', { name: 'Request Auto Responder' }).click();
      // Both dates and the message at once, each beside its field; no 'Dates not set' pop-up.
      await page.getByText(mailText.datesNotSetBody).first().waitFor();
      expect(await timesShown(page, mailText.datesNotSetBody)).toBe(2);
      await page.getByText(commonText.required).first().waitFor();
      expect(await dialog(page).count()).toBe(0);
    });

    it('a wrong password: "Login Failed 1 Time(s)" beside the form, once, with the way to reset', async () => {
      const page = await openPage(browser, { width });
      page.setDefaultTimeout(60_000);
      await page.goto(url('/'));
      await page.getByLabel('Username').fill(`nobody${width}`);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      const problem = page.getByTestId('login-problem');
      await problem.getByText(commonText.loginFailedTimes(1)).waitFor();
      await problem.getByText(commonText.badCredentials).waitFor();
      expect(await timesShown(page, commonText.loginFailedTimes(1))).toBe(1);
      expect(await timesShown(page, commonText.badCredentials)).toBe(1);
      expect(await dialog(page).count()).toBe(0);
      // Where the eye is: on screen without scrolling, next to the Login button.
      expect(await problem.isVisible()).toBe(true);
      await problem.getByRole('link', { name: commonText.loginResetNext }).click();
      await page.waitForURL(/\/request-panel-reset$/);
    });

    it('a declined card: one pop-up that says nothing was charged and what to do next', async () => {
      const page = await signedIn('bob', width);
      await payDeclinedAsBob(page, 'Single payment, do not save the card');
      const modal = dialog(page).filter({ hasText: billingText.noPaymentTitle });
      await modal.getByText(billingText.declinedNext).waitFor();
      expect(await page.getByText(billingText.declinedNext).count()).toBe(1);
      // The gateway's words once, in the same pop-up.
      await modal.getByText('has been declined').waitFor();
      expect(await page.getByText('has been declined').count()).toBe(1);
    });
  });
}

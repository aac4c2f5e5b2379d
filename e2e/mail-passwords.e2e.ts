import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, newPage, url } from './browser.ts';
import { itLooksRight, pageErrors, removeRow } from './support/list-screens.ts';

/**
 * Account → Mail Passwords (docs/mail-servers-passwords.md): an app password made on the screen is
 * generated, shown once, listed without its secret ("Last used: Never"), and revoked there; at a
 * phone's width and a desktop's, light and dark.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

async function createAppPassword(page: Page, name: string, scope: 'Both' | 'IMAP/POP3' | 'SMTP') {
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radiogroup', { name: 'For' }).getByText(scope, { exact: true }).click();
  await page.getByLabel('Your current password', { exact: true }).fill('alice-demo-pass');
  await page.getByRole('button', { name: 'Create App Password' }).click();
  const shown = page.getByTestId('new-mail-app-password');
  await shown.waitFor();
  return (await shown.textContent()) ?? '';
}

describe('Mail passwords (/mail-app-passwords)', () => {
  for (const width of [1280, 390]) {
    it(`makes an app password shown once, lists it, and revokes it (${width} px)`, {
      timeout: 180_000,
    }, async () => {
      const page = await newPage(browser, { width, height: width < 500 ? 844 : 860 });
      await login(page, 'alice');
      await page.goto(url('/mail-app-passwords'));
      await page.getByRole('heading', { name: 'Mail Passwords' }).waitFor();

      const name = `e2e phone ${width}`;
      const secret = await createAppPassword(page, name, 'IMAP/POP3');
      expect(secret).toMatch(/^[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/);
      await page.getByText('it is shown only once', { exact: false }).waitFor();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByText('IMAP/POP3', { exact: true }).waitFor();
      await row.getByText('Never').waitFor();

      // Reloaded: listed, never shown again.
      await page.reload();
      await page.getByRole('heading', { name: 'Mail Passwords' }).waitFor();
      await page.getByRole('row', { name: new RegExp(name) }).waitFor();
      expect(await page.getByTestId('new-mail-app-password').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);

      await removeRow(page, 'Revoke', name, 'App password revoked');
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('is in the Account menu of a customer', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Mail Passwords' }).click();
    await page.getByRole('heading', { name: 'Mail Passwords' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  // One page, signed in once, for the four looks.
  itLooksRight(
    () => browser,
    'alice',
    'mail-passwords',
    async (page, look) => {
      await page.goto(url('/mail-app-passwords'));
      await page.getByRole('heading', { name: 'Mail Passwords' }).waitFor();
      await createAppPassword(page, `e2e ${look}`, 'Both');
      await page.getByRole('row', { name: new RegExp(`e2e ${look}`) }).waitFor();
    },
  );
});

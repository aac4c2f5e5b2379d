import { accountScreenText } from '@portal/contract/account/messages';
import { accountScreenTextEs } from '@portal/contract/account/messages.es';
import { apiTokenScreenTextEs } from '@portal/contract/api-tokens/messages.es';
import { mailAppPasswordScreenTextEs } from '@portal/contract/mail-app-passwords/messages.es';
import { noticeText } from '@portal/contract/notifications/messages';
import { noticeTextEs } from '@portal/contract/notifications/messages.es';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot } from './browser.ts';

/**
 * The account screens in Spanish (docs/languages.md): a customer signed in in English picks Español
 * on the account's own picker (Notifications), the page turns Spanish and the account keeps it;
 * then saves a notification choice reading Spanish all the way, and sees the addresses, passwords,
 * statement delivery, the secondary-account and web hosting requests, API tokens and mail passwords
 * screens in Spanish, at 1280 px and on a
 * 390 px phone, light and dark. One sign-in for the file.
 */

vi.setConfig({ testTimeout: 300_000 });

// A portal of its own: the test changes a notification choice and gives the account its language.
const { lookingPage, url, login } = ownPortalAndBrowser();

const a = accountScreenTextEs;
const me = 'alice';

/** Each screen: its name, path, Spanish heading, a Spanish text it shows and its primary action. */
const screens: Array<{ name: string; path: string; heading: string; shows: string; action?: string }> = [
  {
    name: 'account-addr',
    path: '/account-addr',
    heading: a.changeAddressTitle('Account', me),
    shows: a.accountAddressHelp,
    action: a.updateAddress('Account'),
  },
  {
    name: 'billing-addr',
    path: '/billing-addr',
    heading: a.changeAddressTitle('Billing', me),
    shows: a.zipCode,
    action: a.updateAddress('Billing'),
  },
  {
    name: 'change-panel-password',
    path: '/change-panel-password',
    heading: a.panelPasswordTitle(me),
    shows: a.panelPasswordHelp,
    action: a.changePanelPassword,
  },
  {
    name: 'change-email-password',
    path: '/change-email-password',
    heading: a.emailPasswordTitle(me),
    shows: a.panelPasswordOwn,
    action: a.changeEmailPassword,
  },
  {
    name: 'change-stmt-delivery',
    path: '/change-stmt-delivery',
    heading: a.statementTitle(me),
    shows: a.onlyWhenOwed,
    action: a.saveDeliveryMethod,
  },
  {
    name: 'add-secondaries',
    path: '/add-secondaries',
    heading: a.secondariesTitleFor(me),
    shows: a.emailWhenReady,
    action: a.requestAccounts,
  },
  {
    name: 'add-webhosting',
    path: '/add-webhosting',
    heading: a.webHostingTitle(me),
    shows: a.webHostingHelp,
  },
  {
    name: 'notifications',
    path: '/notifications',
    heading: noticeTextEs.title,
    shows: noticeTextEs.intro,
    action: noticeTextEs.save,
  },
  {
    name: 'api-tokens',
    path: '/api-tokens',
    heading: apiTokenScreenTextEs.title,
    shows: apiTokenScreenTextEs.expiresIn,
    action: apiTokenScreenTextEs.create,
  },
  {
    name: 'mail-app-passwords',
    path: '/mail-app-passwords',
    heading: mailAppPasswordScreenTextEs.title,
    shows: mailAppPasswordScreenTextEs.intro,
    action: mailAppPasswordScreenTextEs.create,
  },
];

/** Opens a screen: its Spanish heading and text shown, its data loaded (before it is measured or pictured). */
async function open(page: Page, s: { path: string; heading: string; shows: string }) {
  await page.goto(url(s.path));
  for (const shown of [page.getByRole('heading', { name: s.heading }), page.getByText(s.shows)])
    await shown.first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('a Spanish-speaking customer on the account screens', () => {
  it('picks Español on the account screen, saves a notification choice reading Spanish, and sees every account screen in Spanish, on a phone too', async () => {
    const { page, look } = await lookingPage();
    page.setDefaultTimeout(60_000);
    // Signed in in English (an English browser: the account's language is English).
    await login(page, me);
    await open(page, { path: '/notifications', heading: noticeText.title, shows: noticeText.intro });
    await page.getByText(accountScreenText.languageHelp).waitFor();
    // Español on the account screen: the page turns Spanish at once.
    await page.getByRole('combobox', { name: accountScreenText.languageOf(me) }).selectOption('es');
    await page.getByRole('heading', { name: noticeTextEs.title }).waitFor();
    await page.getByText(a.languageHelp).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('es');
    // Kept by the account, not only this browser: without the browser's copy, a reload reads
    // the account's language (GET /api/usermode) and shows Spanish again.
    await page.evaluate(() => localStorage.removeItem('language'));
    await page.reload();
    await page.getByRole('heading', { name: noticeTextEs.title }).waitFor();
    await page.getByText(noticeTextEs.intro).waitFor();
    expect(await page.getByRole('combobox', { name: a.languageOf(me) }).inputValue()).toBe('es');

    // Notifications: Domains to both addresses, saved, told in Spanish.
    await open(page, { path: '/notifications', heading: noticeTextEs.title, shows: noticeTextEs.intro });
    const domains = page.getByRole('radiogroup', { name: noticeTextEs.categories.domains });
    await domains.getByRole('radio', { name: noticeTextEs.sendTo.both }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: noticeTextEs.save }).click();
    await page.getByText(noticeTextEs.saved(noticeTextEs.categories.domains)).waitFor();
    await screenshot(page, 'languages-account-notifications-saved-es-1280');
    // The page's text is Spanish: none of the screen's English words is left.
    const body = await page.locator('main').innerText();
    for (const english of [/Save Notifications/, /Bill email/, /Service news/, /\bSecurity\b/])
      expect(body, `English ${english} on Notifications`).not.toMatch(english);

    // Every screen at 1280 px, light: Spanish heading and text.
    for (const s of screens) {
      await open(page, s);
      await screenshot(page, `languages-account-${s.name}-es-1280`);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // On a phone, light and dark: nothing cut off.
    for (const dark of [false, true]) {
      await look({ width: 390, height: 844, dark });
      for (const s of screens) {
        await open(page, s);
        await expectFitsPhone(page, { heading: s.heading, ...(s.action ? { action: s.action } : {}) });
        if (!dark || ['account-addr', 'notifications', 'api-tokens'].includes(s.name))
          await screenshot(page, `languages-account-${s.name}-es-390-${dark ? 'dark' : 'light'}`);
      }
    }

    // 1280 px dark: the address form and the mail passwords.
    await look({ width: 1280, height: 860, dark: true });
    await open(page, {
      path: '/account-addr',
      heading: a.changeAddressTitle('Account', me),
      shows: a.accountAddressHelp,
    });
    await screenshot(page, 'languages-account-account-addr-es-1280-dark');
    await open(page, {
      path: '/mail-app-passwords',
      heading: mailAppPasswordScreenTextEs.title,
      shows: mailAppPasswordScreenTextEs.intro,
    });
    await screenshot(page, 'languages-account-mail-app-passwords-es-1280-dark');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });
});

import { accountScreenText } from '@portal/contract/account/messages';
import { commonTextEs } from '@portal/contract/messages.es';
import { passkeyTextEs } from '@portal/contract/security/passkey-messages.es';
import { homeTextEs, overviewTextEs } from '@portal/contract/shell/home-messages.es';
import { loginTextEs, shellTextEs } from '@portal/contract/shell/messages.es';
import { navTextEs } from '@portal/contract/shell/nav-messages.es';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  askForLanguage,
  spanishLogin,
  expectFitsPhone,
  ownPortalAndBrowser,
  screenshot,
  workOn,
} from './browser.ts';

/**
 * The portal in the customer's language (docs/languages.md): a browser asking for Spanish sees
 * the login screen, the shell and Home in Spanish; the account keeps the language it picks; staff
 * working on the customer see their own (English) and the customer's language in the bar.
 */

// A portal of its own: the test changes alice's language.
const { newPage, url, login } = ownPortalAndBrowser();

describe('a customer whose browser asks for Spanish', () => {
  it('sees login (with its failure), the shell and Home in Spanish, and keeps a language picked in the top bar', async () => {
    const page = await newPage();
    await askForLanguage(page, 'es-MX,es;q=0.9,en;q=0.5');
    await page.goto(url('/'));
    await page.getByRole('heading', { name: loginTextEs.signIn }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('es');
    await page.getByRole('button', { name: passkeyTextEs.signInButton }).waitFor();
    // Nothing typed: each field says it is required, in Spanish; typing in one clears its own.
    await page.getByRole('button', { name: loginTextEs.login, exact: true }).click();
    await expect.poll(() => page.getByText(commonTextEs.required, { exact: true }).count()).toBe(2);
    await page.getByLabel(loginTextEs.username).fill('alice');
    await expect.poll(() => page.getByText(commonTextEs.required, { exact: true }).count()).toBe(1);
    // A wrong password: the title (the web's) and the text (the API's) in Spanish.
    await spanishLogin(page, 'alice', 'not-her-password');
    const problem = page.getByTestId('login-problem');
    await problem.getByText(commonTextEs.loginFailedTimes(1)).waitFor();
    await problem.getByText(commonTextEs.badCredentials).waitFor();
    await problem.getByRole('link', { name: commonTextEs.loginResetNext }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-login-es-1280');

    await page.getByLabel(loginTextEs.password, { exact: true }).fill('alice-demo-pass');
    await page.getByRole('button', { name: loginTextEs.login, exact: true }).click();
    await page.getByRole('heading', { name: homeTextEs.welcome('alice') }).waitFor();
    await page.getByRole('button', { name: shellTextEs.logout }).waitFor();
    await page.getByRole('heading', { name: homeTextEs.breakingNews }).waitFor();
    // The news items' times through Intl in Spanish ("21 nov 2026, 2:10 p.m."), not the English format.
    const newsTime = page.getByTestId('news-time').first();
    await newsTime.waitFor();
    expect(await newsTime.innerText()).toMatch(/^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}\s[ap]\.\s?m\.$/);
    await page.getByRole('heading', { name: overviewTextEs.heading }).waitFor();
    await page.getByText(overviewTextEs.balance, { exact: true }).waitFor();
    // The top bar's menu, the sidebar and the tab's title follow the language.
    await page.getByRole('button', { name: shellTextEs.resources, exact: true }).waitFor();
    await page.getByRole('button', { name: navTextEs.Billing, exact: true }).click();
    await page.getByRole('link', { name: navTextEs.Invoices, exact: true }).click();
    await page.waitForFunction((title) => document.title.startsWith(title), navTextEs.Invoices);
    await page.getByRole('button', { name: navTextEs.Home, exact: true }).click();
    await page.getByRole('link', { name: navTextEs.Home, exact: true }).click();
    await page.getByRole('heading', { name: homeTextEs.welcome('alice') }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-home-es-1280');

    // English picked in the top bar: at once, and kept by the account.
    await page.getByTestId('language-picker').selectOption('en');
    await page.getByRole('heading', { name: 'Welcome, alice' }).waitFor();
    // The same news times as the spec writes them in English ("Nov 21, 2026 2:10 PM").
    expect(await newsTime.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    await page.close();

    // Another device, still a Spanish browser: after sign-in, the account's English.
    const other = await newPage();
    await askForLanguage(other, 'es-MX,es;q=0.9');
    await other.goto(url('/'));
    await other.getByRole('heading', { name: loginTextEs.signIn }).waitFor();
    await spanishLogin(other, 'alice');
    await other.getByRole('heading', { name: 'Welcome, alice' }).waitFor();
    // Spanish again, for the next test.
    await other.getByTestId('language-picker').selectOption('es');
    await other.getByRole('heading', { name: homeTextEs.welcome('alice') }).waitFor();
    await other.close();
  });

  for (const dark of [false, true]) {
    it(`fits a phone in Spanish, login and Home (390 px, ${dark ? 'dark' : 'light'})`, async () => {
      const page = await newPage({ width: 390, height: 844, dark });
      await askForLanguage(page, 'es');
      await page.goto(url('/'));
      await page.getByRole('heading', { name: loginTextEs.signIn }).waitFor();
      await expectFitsPhone(page, { heading: loginTextEs.signIn, action: loginTextEs.login });
      await screenshot(page, `languages-login-es-390-${dark ? 'dark' : 'light'}`);
      await spanishLogin(page, 'alice');
      await page.getByRole('heading', { name: homeTextEs.welcome('alice') }).waitFor();
      await expectFitsPhone(page, { heading: homeTextEs.welcome('alice') });
      await screenshot(page, `languages-home-es-390-${dark ? 'dark' : 'light'}`);
      await page.close();
    });
  }
});

describe('staff working on a Spanish-speaking customer', () => {
  it("see the portal in English and the customer's language in the Working on bar", async () => {
    const page = await newPage({ dark: true });
    await login(page, 'staff');
    await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
    await workOn(page, 'alice');
    const bar = page.getByTestId('working-on-bar');
    await bar.getByText('Working on alice').waitFor();
    await bar.getByTestId('customer-language').getByText('language: Spanish').waitFor();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await screenshot(page, 'languages-staff-working-on-1280-dark');
    // The account screen's picker is the customer's language, said so; staff's page stays English.
    await page.goto(url('/notifications'));
    await page.getByText(accountScreenText.languageStaffHelp('alice')).waitFor();
    const theirs = page.getByRole('combobox', { name: accountScreenText.languageOf('alice') });
    await expect.poll(() => theirs.inputValue()).toBe('es');
    await theirs.selectOption('en');
    await bar.getByTestId('customer-language').getByText('language: English').waitFor();
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    // Spanish again: the customer's own choice.
    await theirs.selectOption('es');
    await bar.getByTestId('customer-language').getByText('language: Spanish').waitFor();
    await page.close();
  });
});

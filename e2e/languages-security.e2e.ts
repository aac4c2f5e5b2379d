import { adminScreenTextEs, adminTextEs } from '@portal/contract/admin/messages.es';
import { securityTextEs, signInMethodTextEs } from '@portal/contract/security/messages.es';
import { passkeyTextEs } from '@portal/contract/security/passkey-messages.es';
import { navTextEs } from '@portal/contract/shell/nav-messages.es';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot, signInInSpanish } from './browser.ts';

/**
 * The Security screen and Account Activity in Spanish (docs/languages.md): a customer whose browser
 * asks for Spanish reads every panel in Spanish, at 1280 px and on a 390 px phone, light and dark.
 * One sign-in for the file.
 */

vi.setConfig({ testTimeout: 300_000 });

// A portal of its own: the sign-in gives the account its language.
const { lookingPage, url } = ownPortalAndBrowser();

const s = securityTextEs;

async function showSecurity(page: Page) {
  await page.goto(url('/security'));
  await page.getByRole('heading', { name: s.pageTitle('alice') }).waitFor();
  await page.getByRole('heading', { name: s.sessionsTitle }).waitFor();
  await page.waitForLoadState('networkidle');
}

async function showActivity(page: Page) {
  await page.goto(url('/account-activity'));
  await page.getByRole('heading', { name: navTextEs['Account Activity'] }).waitFor();
  await page.getByText(s.activityAbout).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('a Spanish-speaking customer on the Security screen and Account Activity', () => {
  it('reads every panel and the activity list in Spanish, on a phone too', async () => {
    const { page, look } = await lookingPage();
    page.setDefaultTimeout(60_000);
    await signInInSpanish(page, url('/'), 'alice');

    await showSecurity(page);
    for (const title of [s.passwordTitle, s.authenticatorTitle, s.recoveryTitle, passkeyTextEs.panelTitle])
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.getByRole('heading', { name: s.signInsTitle }).waitFor();
    await page.getByRole('button', { name: s.setUpApp }).waitFor();
    await page.getByRole('link', { name: s.changePassword }).waitFor();
    await page.getByText(s.thisBrowser).first().waitFor();
    // This very sign-in, in the list of sign-ins: how, in Spanish.
    await page.getByText(signInMethodTextEs.password, { exact: true }).first().waitFor();
    // The authenticator's set-up steps.
    await page.getByRole('button', { name: s.setUpApp }).click();
    await page.getByText(s.scanStep).waitFor();
    await page.getByLabel(s.codeStep).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-security-es-1280');
    const body = await page.locator('main').innerText();
    for (const english of [/Recovery codes/, /Where you are signed in/, /Recent sign-ins/, /This browser/])
      expect(body, `English ${english} on the Security screen`).not.toMatch(english);

    await showActivity(page);
    await page.getByRole('columnheader', { name: s.who }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-security-activity-es-1280');

    for (const dark of [false, true]) {
      await look({ width: 390, height: 844, dark });
      const mode = dark ? 'dark' : 'light';
      await showSecurity(page);
      await expectFitsPhone(page, { heading: s.pageTitle('alice'), action: s.setUpApp });
      await screenshot(page, `languages-security-es-390-${mode}`);
      await showActivity(page);
      await expectFitsPhone(page, { heading: navTextEs['Account Activity'] });
      await screenshot(page, `languages-security-activity-es-390-${mode}`);
    }

    await look({ width: 1280, height: 860, dark: true });
    await showSecurity(page);
    await screenshot(page, 'languages-security-es-1280-dark');

    // The admin screens of a Primary: secondaries, their passwords, contacts, circuits, BUS accounts.
    await look({ width: 1280, height: 860, dark: false });
    const admin = adminTextEs;
    const screen = adminScreenTextEs;
    await page.goto(url('/secondaries'));
    await page.getByRole('heading', { name: screen.ofAccount(admin.secondariesTitle, 'alice') }).waitFor();
    await page.getByText(screen.adminsIntro('alice')).waitFor();
    await page.getByLabel(screen.dashboardAdminOf('dave')).waitFor();
    await page.getByRole('button', { name: screen.updateAdmins }).click();
    await page.getByRole('dialog').getByText(admin.updateAdminsConfirmTitle).waitFor();
    await page.getByRole('dialog').getByLabel(screen.currentPassword).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-admin-secondaries-es-1280');
    await page.getByRole('dialog').getByRole('button', { name: screen.cancel }).click();
    await page.goto(url('/sec-passwords'));
    await page.getByRole('heading', { name: admin.secPasswordsTitle }).waitFor();
    await page.getByLabel(screen.newPasswordFor('carol')).waitFor();
    await page.getByRole('button', { name: screen.changePasswords }).click();
    await page.getByText(admin.panelPasswordRequired).waitFor();
    await page.goto(url('/contacts'));
    await page.getByRole('heading', { name: screen.ofAccount(admin.contactsTitle, 'alice') }).waitFor();
    await page.getByRole('row', { name: /Front Desk/ }).click();
    await page.getByText(screen.hasRestrictions).waitFor();
    await page.getByRole('link', { name: screen.editContact }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-admin-contacts-es-1280');
    await page.goto(url('/circuit-list'));
    await page.getByRole('heading', { name: admin.circuitsFor('alice') }).waitFor();
    await page.getByRole('columnheader', { name: screen.colServiceAddress }).first().waitFor();
    await page.goto(url('/ba-list'));
    await page.getByRole('heading', { name: screen.ofAccount(admin.busAccountsTitle, 'alice') }).waitFor();
    await page.getByRole('columnheader', { name: screen.colPercentUsed }).first().waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/Percent Used|Total Quota|Retained Files/);
    await look({ width: 390, height: 844, dark: true });
    await page.goto(url('/contacts'));
    await page.getByRole('heading', { name: screen.ofAccount(admin.contactsTitle, 'alice') }).waitFor();
    await expectFitsPhone(page, {
      heading: screen.ofAccount(admin.contactsTitle, 'alice'),
      action: screen.addNewContact,
    });
    await screenshot(page, 'languages-admin-contacts-es-390-dark');
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });
});

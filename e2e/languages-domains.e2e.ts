import { domainHelpTextEs } from '@portal/contract/domains/help-messages.es';
import { domainTextEs } from '@portal/contract/domains/messages.es';
import { domainScreenTextEs } from '@portal/contract/domains/screen-messages.es';
import { hostingTextEs } from '@portal/contract/hosting/messages.es';
import { pagesTextEs } from '@portal/contract/shell/pages-messages.es';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot, signInInSpanish, waitForMail } from './browser.ts';

/**
 * The domains and hosting screens in Spanish (docs/languages.md): a customer whose browser asks
 * for Spanish reads the domain list, renews a domain through its review step, edits a domain and
 * sees the websites and databases screens in Spanish, nothing cut off at 390 px. One sign-in: the
 * page changes its look (width, light or dark) between the screens.
 */

// A portal of its own: the customer's language becomes Spanish and a domain is renewed.
const { lookingPage, url, mailDir } = ownPortalAndBrowser();

const dialog = (page: Page) => page.getByRole('dialog');
/** A per-row Renew action in Spanish ("Renovar example.com"), not the menu's "Renovar dominios". */
const RENEW_ROW = /^Renovar [a-z0-9-]+\.[a-z.]+$/;

describe('a Spanish-speaking customer', () => {
  it('reads the domain list, renews a domain, edits one and sees hosting in Spanish, at 1280 and 390 px', async () => {
    const { page, look } = await lookingPage({ width: 1280 });
    await signInInSpanish(page, url('/'), 'alice');

    // Renew Domains: heading, legend, columns and statuses in Spanish; the dates stay YYYY-MM-DD.
    await page.goto(url('/renew-domains'));
    await page.getByRole('heading', { name: domainTextEs.headingRenew }).waitFor();
    const renew = page.getByRole('link', { name: RENEW_ROW }).first();
    await renew.waitFor();
    await page.getByText(domainTextEs.legendAutoRenew).waitFor();
    const header = (await page.locator('thead').textContent()) ?? '';
    for (const column of [domainTextEs.columnDomain, domainTextEs.daysLeftHeader, domainTextEs.statusHeader])
      expect(header).toContain(column);
    const body = (await page.locator('tbody').textContent()) ?? '';
    expect(body).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(body).toMatch(/renovación manual|se renueva automáticamente|se dejará vencer/);
    expect(body).not.toMatch(/renew by hand|renews automatically|will expire|\bdays\b/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-domains-renew-list-es-1280');

    // The renewal, its review and its outcome, all in Spanish.
    const domain = ((await renew.getAttribute('aria-label')) ?? '').replace(/^Renovar /, '');
    await renew.click();
    await page.getByRole('heading', { name: domainScreenTextEs.renewTitle(domain) }).waitFor();
    await page.getByText(domainScreenTextEs.fieldExpiration).waitFor();
    await page.getByRole('textbox', { name: domainScreenTextEs.yearsLabel }).click();
    await page.getByRole('option', { name: /^1 año – \$/ }).click();
    await page.getByRole('button', { name: domainTextEs.renewDomain }).click();
    await dialog(page).getByText(domainScreenTextEs.reviewTitle).waitFor();
    const review = (await dialog(page).getByTestId('renewal-review').textContent()) ?? '';
    expect(review).toMatch(
      new RegExp(
        `^Renovar ${domain.replace(/\./g, '\\.')} por 1 año a \\$\\d+\\.\\d{2}, con cargo a la cuenta alice`,
      ),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-domains-renew-review-es-1280');
    await dialog(page).getByRole('button', { name: domainScreenTextEs.confirmRenewal }).click();
    await dialog(page).getByText(domainTextEs.renewalPending).waitFor();
    await dialog(page)
      .getByText(/El cargo aparecerá en su próxima factura/)
      .waitFor();
    await screenshot(page, 'languages-domains-renew-pending-es-1280');
    // The renewal notice mailed to the domain's contact is in the customer's language.
    const notice = await waitForMail((m) => m.includes(`renovar ${domain} por`), mailDir());
    expect(notice).toContain('El cargo aparecerá en su próxima factura.');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: domainScreenTextEs.backToRenew }).waitFor();

    // Edit a domain.
    await page.goto(url(`/edit-domain/${domain}`));
    await page.getByRole('heading', { name: domainScreenTextEs.editTitle(domain) }).waitFor();
    await page.getByRole('radiogroup', { name: domainScreenTextEs.autoRenewYearly }).waitFor();
    await page.getByLabel(domainTextEs.contactEmail).waitFor();
    await page.getByRole('button', { name: domainTextEs.update }).waitFor();
    await screenshot(page, 'languages-domains-edit-es-1280');

    // Websites and databases.
    await page.goto(url('/websites'));
    await page.getByRole('heading', { name: hostingTextEs.websites }).waitFor();
    await page.getByRole('button', { name: hostingTextEs.webAppInstall }).waitFor();
    await page.locator('thead').getByText(hostingTextEs.columnWebsite).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-hosting-websites-es-1280');
    await page.goto(url('/databases'));
    await page.getByRole('heading', { name: hostingTextEs.databases }).waitFor();
    await screenshot(page, 'languages-hosting-databases-es-1280');

    // The other domain and hosting screens: their headings and labels in Spanish.
    await page.goto(url(`/permissions/${domain}`));
    await page.getByRole('heading', { name: domainScreenTextEs.permissionsTitle(domain) }).waitFor();
    await page.getByRole('heading', { name: domainScreenTextEs.addAdminTitle }).waitFor();
    await page.getByRole('button', { name: domainTextEs.addAdmin }).waitFor();
    await page.goto(url('/remove-permissions'));
    await page.getByRole('heading', { name: domainScreenTextEs.removeTitle }).waitFor();
    await page.goto(url('/domain-usage'));
    await page.getByRole('heading', { name: domainScreenTextEs.usageTitle }).waitFor();
    await page.locator('thead').getByText(domainScreenTextEs.usageAliases).first().waitFor();
    await page.goto(url('/whois/domain'));
    await page.getByRole('heading', { name: domainScreenTextEs.whoisTitle }).waitFor();
    await page.getByRole('button', { name: domainScreenTextEs.whoisLookup }).waitFor();
    await page.goto(url('/dom-help'));
    await page.getByRole('heading', { name: domainHelpTextEs.helpSection }).waitFor();
    await page.getByRole('main').getByRole('link', { name: domainHelpTextEs.removePermissions }).waitFor();
    await screenshot(page, 'languages-domains-help-es-1280');
    await page.goto(url('/dom-faq'));
    await page.getByRole('button', { name: domainHelpTextEs.faqQ1 }).click();
    await page.getByText(domainHelpTextEs.faqA1).waitFor();
    await page.goto(url('/domain-registration-help'));
    await page.getByRole('heading', { name: domainHelpTextEs.registrationHelpTitle }).waitFor();
    await page.getByText(domainHelpTextEs.registrationHelpIntro).waitFor();
    await page.getByRole('button', { name: domainTextEs.back }).waitFor();

    // Register or Transfer: the form, its refusals and its thank-you page in Spanish.
    await page.goto(url('/domain-registration'));
    await page.getByRole('heading', { name: domainScreenTextEs.registrationTitle }).waitFor();
    const name = page.getByRole('textbox', { name: domainScreenTextEs.fieldDomain });
    await name.fill('ejemplo.zz');
    await page.getByText(domainScreenTextEs.cantFindIt).waitFor();
    await name.fill('alice-nuevo.com');
    await page.getByRole('textbox', { name: domainScreenTextEs.regType }).waitFor();
    expect(await page.getByRole('textbox', { name: domainScreenTextEs.regType }).inputValue()).toBe(
      'Dominio nuevo',
    );
    await page.getByRole('textbox', { name: domainScreenTextEs.yearsLabel }).click();
    await page.getByRole('option', { name: /^2 años – \$/ }).click();
    await page.getByLabel(/^Sí \(\+\$5\.00 al año\)/).check();
    await page.getByText(domainScreenTextEs.includesPrivacy('$5.00')).waitFor();
    await page.getByRole('button', { name: domainScreenTextEs.submitRequest }).click();
    await dialog(page).getByText(domainScreenTextEs.mustAgree).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByLabel(domainTextEs.agree, { exact: true }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-domains-registration-es-1280');
    await page.getByRole('button', { name: domainScreenTextEs.submitRequest }).click();
    await page.getByRole('heading', { name: domainScreenTextEs.registrationSubmitted }).waitFor();
    await page.getByText(/^Su solicitud para alice-nuevo\.com se envió al servicio de asistencia/).waitFor();
    await page.getByText(/^Contrato de registro firmado el /).waitFor();
    await page.getByRole('link', { name: pagesTextEs.home, exact: true }).waitFor();
    await screenshot(page, 'languages-domains-registration-sent-es-1280');
    await page.goto(url('/devsites'));
    await page.getByRole('heading', { name: hostingTextEs.devsites }).waitFor();
    await page.goto(url('/webappinstall'));
    await page.getByRole('heading', { name: hostingTextEs.webAppInstall }).waitFor();
    await page.getByRole('button', { name: hostingTextEs.install }).waitFor();
    await page.goto(url('/websites'));
    await page
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    await page.getByRole('heading', { name: hostingTextEs.editWebsite }).waitFor();
    await page.getByText(hostingTextEs.currentPhp).waitFor();
    await screenshot(page, 'languages-hosting-edit-website-es-1280');

    await look({ width: 1280, dark: true });
    await page.goto(url('/domain-list'));
    await page.getByRole('heading', { name: domainTextEs.headingEdit }).waitFor();
    await page.getByRole('link', { name: domain, exact: true }).waitFor();
    await screenshot(page, 'languages-domains-list-es-1280-dark');

    // A phone, light and dark: nothing cut off.
    for (const dark of [false, true]) {
      const scheme = dark ? 'dark' : 'light';
      await look({ width: 390, height: 844, dark });
      await page.goto(url('/renew-domains'));
      await page.getByRole('heading', { name: domainTextEs.headingRenew }).waitFor();
      await page.getByRole('link', { name: RENEW_ROW }).first().waitFor();
      await expectFitsPhone(page, { heading: domainTextEs.headingRenew });
      await screenshot(page, `languages-domains-renew-list-es-390-${scheme}`);
      await page.goto(url(`/domain-renewal/${domain}`));
      await page.getByRole('heading', { name: domainScreenTextEs.renewTitle(domain) }).waitFor();
      await page.getByTestId('renewal-pending').waitFor();
      await expectFitsPhone(page, { heading: domainScreenTextEs.renewTitle(domain) });
      await screenshot(page, `languages-domains-renewal-es-390-${scheme}`);
      await page.goto(url(`/edit-domain/${domain}`));
      await page.getByRole('heading', { name: domainScreenTextEs.editTitle(domain) }).waitFor();
      await expectFitsPhone(page, {
        heading: domainScreenTextEs.editTitle(domain),
        action: domainTextEs.update,
      });
      await screenshot(page, `languages-domains-edit-es-390-${scheme}`);
      await page.goto(url('/websites'));
      await page.getByRole('heading', { name: hostingTextEs.websites }).waitFor();
      await page.getByRole('button', { name: hostingTextEs.webAppInstall }).waitFor();
      await expectFitsPhone(page, { heading: hostingTextEs.websites, action: hostingTextEs.webAppInstall });
      await screenshot(page, `languages-hosting-websites-es-390-${scheme}`);
    }
    await page.context().close();
  }, 240_000);
});

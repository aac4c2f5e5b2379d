import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, launch, screenshot, signedInLooks, url } from './browser.ts';
import { demoDay } from './demo-days.ts';

/** The same day a year on (a one-year renewal). */
const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.getByRole('dialog');
async function closeDialog(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await dialog(page).waitFor({ state: 'hidden' });
}
/**
 * Serious accessibility violations of the domain screens. The shell's banner (p[role="status"],
 * dimmed text) is the shell's own and reported there; it is left out so these tests judge ours.
 */
const violations = async (page: Page) =>
  (await seriousViolations(page)).filter(
    (v) =>
      v !== 'color-contrast: Elements must meet minimum color contrast ratio thresholds (p[role="status"])',
  );
const firstColumn = (page: Page) => page.locator('tbody tr td:first-child').allTextContents();

// Every test here is alice's: one page, signed in once, takes each test's width and colour scheme
// before its first navigation (a test that answers the whois lookup itself stops doing so at its end).
const aliceAt = signedInLooks(() => browser, 'alice');

describe('domain list', () => {
  it('shows the three headings; a row click goes by mode, the Whois cell to whois', async () => {
    const page = await aliceAt({});

    await page.goto(url('/domain-list'));
    await page.getByRole('heading', { name: 'Edit Domains' }).waitFor();
    await page.getByText('let expire (abandon)').waitFor();
    await page.getByRole('row', { name: /alice-old-blog\.info/ }).waitFor();
    // Sorted by domain, 10 per page.
    const names = await firstColumn(page);
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort());
    expect(await page.getByRole('row', { name: /anderson\.design/ }).textContent()).toContain('UNKNOWN');
    await screenshot(page, 'domains-list-desktop-light');
    expect(await violations(page)).toEqual([]);

    await page
      .getByRole('row', { name: /client02-anderson\.com/ })
      .getByRole('cell')
      .first()
      .click();
    await page.waitForURL(/\/portal\/edit-domain\/client02-anderson\.com$/);

    await page.goto(url('/renew-domains'));
    await page.getByRole('heading', { name: 'Renew Domains' }).waitFor();
    await page
      .getByRole('row', { name: /andersonphoto\.net/ })
      .getByRole('cell')
      .nth(1)
      .click();
    await page.waitForURL(/\/portal\/domain-renewal\/andersonphoto\.net$/);

    await page.goto(url('/domain-permissions'));
    await page.getByRole('heading', { name: 'Domain Permissions' }).waitFor();
    await page
      .getByRole('row', { name: /client03-anderson\.com/ })
      .getByRole('cell')
      .first()
      .click();
    await page.waitForURL(/\/portal\/permissions\/client03-anderson\.com$/);

    // The lookup itself is answered here: browser tests never reach a real whois server.
    await page.route('**/api/whois', (route) =>
      route.fulfill({
        json: {
          status: 1,
          message: '',
          data: {
            domain: 'client01-anderson.com',
            whois: 'Domain Name: CLIENT01-ANDERSON.COM',
            server: 'test',
          },
        },
      }),
    );
    await page.goto(url('/domain-permissions'));
    await page.getByRole('button', { name: 'Whois client01-anderson.com' }).click();
    await page.waitForURL(/\/portal\/whois\/client01-anderson\.com$/);
    await page.getByRole('heading', { name: 'Whois Info' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Domain', exact: true }).inputValue()).resolves.toBe(
      'client01-anderson.com',
    );
    await page.getByTestId('whois-text').getByText('Domain Name: CLIENT01-ANDERSON.COM').waitFor();
    await page.unroute('**/api/whois');
  }, 180_000);

  it('Enter on the Whois button opens whois once, without the row also navigating', async () => {
    const page = await aliceAt({});
    // The lookup itself is answered here: browser tests never reach a real whois server.
    await page.route('**/api/whois', (route) =>
      route.fulfill({
        json: {
          status: 1,
          message: '',
          data: {
            domain: 'client01-anderson.com',
            whois: 'Domain Name: CLIENT01-ANDERSON.COM',
            server: 'test',
          },
        },
      }),
    );
    await page.goto(url('/domain-list'));
    const whois = page.getByRole('button', { name: 'Whois client01-anderson.com' });
    await whois.waitFor();
    const before = await page.evaluate(() => window.history.length);
    await whois.focus();
    await whois.press('Enter');
    await page.waitForURL(/\/portal\/whois\/client01-anderson\.com$/);
    await page.getByRole('heading', { name: 'Whois Info' }).waitFor();
    await page.getByTestId('whois-text').getByText('Domain Name: CLIENT01-ANDERSON.COM').waitFor();
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    // Back returns to the list, not to an edit screen pushed by the row.
    await page.goBack();
    await page.waitForURL(/\/portal\/domain-list$/);
    await page.getByRole('heading', { name: 'Edit Domains' }).waitFor();
    // Enter on the row's link opens the row's screen (the row's action is a real link).
    await page.getByRole('link', { name: 'client02-anderson.com', exact: true }).press('Enter');
    await page.waitForURL(/\/portal\/edit-domain\/client02-anderson\.com$/);
    await page.unroute('**/api/whois');
  }, 180_000);

  it('filters by domain and contact email after the delay, pages, and checks typed page numbers', async () => {
    const page = await aliceAt({});
    await page.goto(url('/domain-list'));
    await page.getByRole('row', { name: /alice-old-blog\.info/ }).waitFor();

    // Paging: 13 domains, 10 per page.
    await page.getByRole('button', { name: '2', exact: true }).click();
    expect(await firstColumn(page)).toHaveLength(3);
    const goTo = page.getByLabel('Go to page');
    await goTo.fill('3');
    await goTo.press('Enter');
    await page.getByText('Enter a whole page number from 1 to 2').waitFor();
    await goTo.fill('1');
    await goTo.press('Enter');
    expect(await firstColumn(page)).toHaveLength(10);
    // The page size is the browser's own list.
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
    expect(await firstColumn(page)).toHaveLength(13);

    await page.getByLabel('Filter Domain').fill('client0');
    await expect.poll(() => firstColumn(page)).toHaveLength(8);
    await page.getByLabel('Filter Contact Email').fill('client7@');
    await expect.poll(() => firstColumn(page)).toEqual(['client07-anderson.com']);
    await page.getByLabel('Filter Contact Email').fill('nobody@');
    // A filter that matches nothing says so, rather than that there are no domains.
    await page.getByText('Nothing matches the search').waitFor();
  }, 180_000);
});

describe('registration', () => {
  it('prices by TLD, refuses without terms or years, shows the agreement, and submits', async () => {
    const page = await aliceAt({});
    await page.goto(url('/domain-registration'));
    await page.getByRole('heading', { name: 'Register or Transfer a Domain' }).waitFor();

    await page.getByRole('textbox', { name: 'Domain' }).fill('example.zz');
    await page.getByText("Can't find it").waitFor();
    await page.getByRole('textbox', { name: 'Domain' }).fill('anderson-studio.com');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await dialog(page).getByText("We can't register your domain unless you agree to the terms").waitFor();
    await closeDialog(page);

    await page.getByRole('button', { name: 'Read the registration agreement' }).click();
    await dialog(page).getByText('Domain Name Registration Agreement').waitFor();
    await screenshot(page, 'domains-agreement');
    await dialog(page).getByRole('button', { name: 'I agree' }).click();
    await dialog(page).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await dialog(page).getByText('Please select number of years for the registration').waitFor();
    await closeDialog(page);

    await page.getByRole('textbox', { name: 'Years' }).click();
    await page.getByRole('option', { name: /^2 years/ }).click();
    await expect(page.getByTestId('estimated-total').textContent()).resolves.toBe('$36.00');
    await page.getByLabel(/^Yes \(\+\$5\.00\/year\)/).check();
    await expect(page.getByTestId('estimated-total').textContent()).resolves.toBe('$46.00');
    await screenshot(page, 'domains-registration-desktop-light');

    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByRole('heading', { name: 'Domain Registration Submitted' }).waitFor();
    await page
      .getByText(/Registration agreement signed [A-Z][a-z]{2} \d+, \d{4} \d+:\d{2}:\d{2} [AP]M/)
      .waitFor();
    await page.getByRole('link', { name: 'Register another domain' }).click();
    await page.getByRole('heading', { name: 'Register or Transfer a Domain' }).waitFor();
  }, 180_000);
});

describe('renewal and edit', () => {
  it('refuses an auto-renew domain and renews one near expiry', async () => {
    const page = await aliceAt({});
    await page.goto(url('/domain-renewal/anderson-design.com'));
    await page.getByText('Cannot renew domain').waitFor();
    await expect(page.getByRole('button', { name: 'Renew Domain' }).isDisabled()).resolves.toBe(true);

    await page.goto(url('/domain-renewal/andersonphoto.net'));
    await page.getByRole('textbox', { name: 'Years' }).click();
    await page.getByRole('option', { name: /^1 year/ }).click();
    await screenshot(page, 'domains-renewal-desktop-light');
    await page.getByRole('button', { name: 'Renew Domain' }).click();
    // A review of what is charged, and to whom, before the renewal is sent.
    await dialog(page).getByTestId('renewal-review').getByText('andersonphoto.net').waitFor();
    await dialog(page).getByRole('button', { name: 'Confirm renewal' }).click();
    await dialog(page).getByText('Renewal is Pending').waitFor();
    await dialog(page)
      .getByText(/charge will appear on your next invoice/)
      .waitFor();
    await closeDialog(page);
    await page.getByRole('link', { name: 'Back to Renew Domains' }).click();
    await page.getByRole('heading', { name: 'Renew Domains' }).waitFor();
    // R/P shows Yes until the worker finalises (PORTAL_AGENT_DELAY_MS is 1 s in the browser tests).
    const row = page.getByRole('row', { name: /andersonphoto\.net/ });
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.textContent();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toContain(nextYear(demoDay('2026-12-16')));
  }, 180_000);

  it('edits a domain and refuses auto-renew together with let-expire', async () => {
    const page = await aliceAt({});
    await page.goto(url('/edit-domain/client04-anderson.com'));
    await page.getByRole('heading', { name: 'Edit client04-anderson.com' }).waitFor();
    const autoRenew = page.getByRole('radiogroup', { name: 'Auto Renew Yearly' });
    const letExpire = page.getByRole('radiogroup', { name: 'Let Domain Expire' });
    await autoRenew.getByLabel('Yes').check();
    await letExpire.getByLabel('Yes').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await dialog(page)
      .getByText(/cannot both be Yes/)
      .waitFor();
    await closeDialog(page);

    await letExpire.getByLabel('No').check();
    await page.getByLabel('Contact email').fill('');
    await expect(page.getByLabel('Contact email').getAttribute('placeholder')).resolves.toBe(
      "leave blank to use the primary account's email address",
    );
    await screenshot(page, 'domains-edit-desktop-light');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByText('client04-anderson.com is updated').waitFor();
    await page.getByRole('heading', { name: 'Edit Domains' }).waitFor();
    const row = page.getByRole('row', { name: /client04-anderson\.com/ });
    // Domain, ExD, Days left, Status, A/R
    await expect(row.locator('td').nth(4).textContent()).resolves.toBe('Yes');

    await page.goto(url('/edit-domain/anderson.design'));
    await page.getByText('Not authorized to edit anderson.design').waitFor();
  }, 180_000);
});

describe('permissions and whois', () => {
  it('adds and removes an admin; the empty text shows', async () => {
    const page = await aliceAt({});
    await page.goto(url('/permissions/client05-anderson.com'));
    await page.getByText('No Additional Admin Accounts for the domain').waitFor();
    await page.getByLabel('Account name').fill('carol');
    // Admin rights are confirmed with the current password.
    await page.getByLabel('Your current password').fill('alice-demo-pass');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByRole('cell', { name: 'carol', exact: true }).waitFor();
    await screenshot(page, 'domains-permissions-desktop-light');
    await page.getByRole('button', { name: 'Delete carol' }).click();
    await page.getByText('No Additional Admin Accounts for the domain').waitFor();
  }, 180_000);

  it('whois/domain has no prefill and looks nothing up', async () => {
    const page = await aliceAt({});
    await page.goto(url('/whois/domain'));
    await page.getByRole('heading', { name: 'Whois Info' }).waitFor();
    await page.getByRole('heading', { name: 'Whois Info' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Domain', exact: true }).inputValue()).resolves.toBe('');
    expect(await page.getByTestId('whois-text').count()).toBe(0);
  }, 180_000);

  it('help pages: FAQ accordion of 4 questions, registration help with Back', async () => {
    const page = await aliceAt({});
    await page.goto(url('/dom-faq'));
    await page.getByRole('heading', { name: 'Domain FAQ' }).waitFor();
    const questions = page.locator('main .mantine-Accordion-control');
    expect(await questions.count()).toBe(4);
    await questions.nth(1).click();
    await page.getByText(/email alias manager/).waitFor();
    await page.goto(url('/dom-help'));
    await page.getByRole('heading', { name: 'Permissions' }).waitFor();
    await page.goto(url('/domain-registration-help'));
    await page.getByRole('button', { name: 'Back' }).waitFor();
  }, 180_000);
});

describe('screenshots', () => {
  for (const [name, opts] of [
    ['desktop-dark', { width: 1280, dark: true }],
    ['phone-light', { width: 360, height: 780 }],
    ['phone-dark', { width: 360, height: 780, dark: true }],
  ] as const) {
    it(`list, registration and renewal at ${name}`, async () => {
      const page = await aliceAt(opts);
      await page.goto(url('/domain-list'));
      await page.getByRole('row', { name: /alice-old-blog\.info/ }).waitFor();
      const phone = opts.width < 400;
      if (phone) await expectFitsPhone(page, { heading: 'Edit Domains' });
      await screenshot(page, `domains-list-${name}`);
      await page.goto(url('/domain-registration'));
      await page.getByRole('heading', { name: 'Register or Transfer a Domain' }).waitFor();
      if (phone)
        await expectFitsPhone(page, { heading: 'Register or Transfer a Domain', action: 'Submit Request' });
      await screenshot(page, `domains-registration-${name}`);
      await page.goto(url('/domain-renewal/client06-anderson.com'));
      await page.getByText('Expiration date').waitFor();
      if (phone)
        await expectFitsPhone(page, { heading: 'Renew client06-anderson.com', action: 'Renew Domain' });
      await screenshot(page, `domains-renewal-${name}`);
      expect(await violations(page)).toEqual([]);
    }, 180_000);
  }
});

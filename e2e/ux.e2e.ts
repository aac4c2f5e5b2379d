import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, ownPortalAndBrowser, pagesClosedAfterEach, url, workOn } from './browser.ts';

// Customers find their way (docs/decisions/021-ux.md): accessibility with errors shown, phones, feedback, staff
// context, what a Secondary sees, and the small things of the shell.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const open = pagesClosedAfterEach();

const SHOTS = process.env.UX_SHOTS_DIR ?? '/tmp/ux-shots';
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Inline errors of a form, shown by submitting it empty. */
async function showPasswordErrors(page: Page): Promise<void> {
  await page.goto(url('/change-panel-password'));
  await page.getByRole('button', { name: 'Change Panel Password' }).click();
  await page.locator('.mantine-InputWrapper-error').first().waitFor();
}

describe('defect 2: accessibility with errors shown', () => {
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      it(`has no serious violation on forms with errors and the domain list (${dark ? 'dark' : 'light'}, ${width} px)`, async () => {
        const page = await open(browser, { dark, width });
        await login(page, 'alice');
        await showPasswordErrors(page);
        expect(await seriousViolations(page)).toEqual([]);
        // A heading of level 1 at every width.
        expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);

        await page.goto(url('/domain-list'));
        await page.getByRole('link', { name: 'anderson-design.com' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        // A field's error beside the field (no pop-up: docs/decisions/047-one-way-to-show-a-failure.md),
        // and still one banner landmark.
        await page.goto(url('/create-mail-alias/anderson-design.com'));
        await page.getByLabel('Alias name').fill('bad name!');
        await page.getByLabel(/^Targets/).fill('someone@example.com');
        await page.getByRole('button', { name: 'Add Alias' }).click();
        await page.locator('.mantine-InputWrapper-error').first().waitFor();
        expect(await page.getByRole('banner').count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  it('makes clickable rows links: the domain list opens a domain by its link', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    await page.goto(url('/domain-list'));
    const link = page.getByRole('link', { name: 'anderson-design.com', exact: true });
    expect(await link.getAttribute('href')).toBe('/portal/edit-domain/anderson-design.com');
    await link.click();
    await page.waitForURL(/\/edit-domain\/anderson-design\.com$/);
  });
});

/** Every cell of the first rows of each table lies within the viewport: nothing off screen. */
async function cellsOffScreen(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const off: string[] = [];
    for (const td of Array.from(document.querySelectorAll('table.data-table tbody tr:nth-child(-n+3) td'))) {
      const r = td.getBoundingClientRect();
      if (r.right > w + 0.5 || r.left < -0.5)
        off.push(`${td.getAttribute('data-label')}: ${r.left}-${r.right}`);
    }
    return off;
  }, width);
}

describe('defect 3: phones', () => {
  const lists: Array<[string, string, string]> = [
    ['domain-list', '/domain-list', 'anderson-design.com'],
    ['websites', '/websites', 'Download'],
    ['secondaries', '/secondaries', 'carol'],
    ['invoices', '/invoices', 'Amount'],
  ];
  for (const dark of [false, true]) {
    it(`shows every column of the lists as cards at 390 px, with a compact top bar (${dark ? 'dark' : 'light'})`, async () => {
      const page = await open(browser, { width: 390, height: 844, dark });
      await login(page, 'alice');
      const header = await page.locator('header').first().boundingBox();
      // The title may take two lines on a phone rather than be cut (e2e/portal-fit.e2e.ts).
      expect(header?.height).toBeLessThanOrEqual(90);
      for (const [name, path, text] of lists) {
        await page.goto(url(path));
        await page.locator('table.data-table tbody td[data-label]').first().waitFor();
        // Attached, not visible: on a phone a column's name may stand only in its cards' labels.
        await page.getByText(text).first().waitFor({ state: 'attached' });
        expect(await cellsOffScreen(page, 390), name).toEqual([]);
        // No sideways scrolling anywhere on the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(
          390,
        );
        await shot(page, `${name}-390-${dark ? 'dark' : 'light'}`);
      }
      // The row's action in view: the Whois button of the first domain.
      await page.goto(url('/domain-list'));
      const whois = page.getByRole('button', { name: /^Whois / }).first();
      await whois.waitFor();
      const box = await whois.boundingBox();
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    });
  }

  for (const width of [390, 1024, 1280]) {
    it(`keeps the staff top bar on one line at ${width} px`, async () => {
      const page = await open(browser, { width });
      await login(page, 'staff');
      const fits = await page.evaluate(() => {
        const h = document.querySelector('header');
        if (!h) return false;
        const box = h.getBoundingClientRect();
        return Array.from(h.querySelectorAll('*')).every((el) => {
          const r = el.getBoundingClientRect();
          return (
            r.width === 0 ||
            (r.bottom <= box.bottom + 0.5 && r.top >= box.top - 0.5 && r.right <= box.right + 0.5)
          );
        });
      });
      expect(fits).toBe(true);
      expect((await page.locator('header').first().boundingBox())?.height).toBeLessThanOrEqual(60);
      await shot(page, `staff-home-${width}`);
    });
  }
});

describe('defect 4: feedback that does not mislead', () => {
  it('says an alias name is wrong once, in words, and tells a search that matches nothing from an empty list', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    await page.goto(url('/create-mail-alias/anderson-design.com'));
    await page.getByLabel('Alias name').fill('bad name!');
    await page.getByLabel(/^Targets/).fill('someone@example.com');
    await page.getByRole('button', { name: 'Add Alias' }).click();
    // Beside the field, in words, once: no pop-up repeats it (docs/decisions/047-one-way-to-show-a-failure.md).
    const error = page.locator('.mantine-InputWrapper-error').first();
    await error.waitFor();
    const inline = (await error.textContent()) ?? '';
    expect(inline.length).toBeGreaterThan(0);
    expect(inline).not.toContain('src_user');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const pageText = (await page.locator('main').textContent()) ?? '';
    expect(pageText.split(inline).length - 1).toBe(1);

    await page.goto(url('/email-aliases/anderson-design.com'));
    await page.getByRole('row').nth(2).waitFor();
    await page.getByLabel('Search').fill('no-such-alias-anywhere');
    await page.getByText('Nothing matches the search').waitFor();
    expect(await page.getByText('No aliases for this domain').count()).toBe(0);
  });

  it('after the customer’s own PHP change, says it is queued (not "already pending"), warns of end of life, and updates by itself', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    await page.goto(url('/edit-website/3102'));
    await expect(page.getByTestId('php-version').textContent()).resolves.toBe('7.4');
    await page
      .getByTestId('php-eol')
      .getByText(/PHP 7\.4 stopped receiving security fixes/)
      .waitFor();
    try {
      await page.getByRole('textbox', { name: 'New PHP version' }).click();
      await page.getByRole('option', { name: '8.3' }).click();
      await page.getByRole('button', { name: 'Update' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
      expect(await page.getByText('Change is already pending - please check back later').count()).toBe(0);
      // The in-process agent applies the change; the screen follows without a reload.
      await page.getByTestId('php-version').getByText('8.3').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('php-eol').count()).toBe(0);
    } finally {
      // Put the demo site back for the files that run later.
      await page.goto(url('/edit-website/3102'));
      await page.getByTestId('php-version').waitFor();
      if ((await page.getByTestId('php-version').textContent()) !== '7.4') {
        await page.getByRole('textbox', { name: 'New PHP version' }).click();
        await page.getByRole('option', { name: '7.4' }).click();
        await page.getByRole('button', { name: 'Update' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
        await page
          .getByTestId('php-version')
          .getByText('7.4')
          .waitFor({ timeout: 30_000 })
          .catch(async (e) => {
            await shot(page, 'debug-php');
            throw e;
          });
      }
    }
  });

  it('asks for another password when the new one is breached, not to contact help', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    await page.goto(url('/change-email-password'));
    await page.getByLabel('Panel Password').fill('alice-demo-pass');
    await page.getByLabel(/^New Email Password/).fill('password123');
    await page.getByLabel('Confirm New Email Password').fill('password123');
    await page.getByRole('button', { name: 'Change Email Password' }).click();
    const body = page.getByRole('dialog').getByTestId('modal-body');
    await body.getByText(/data breaches\./).waitFor();
    expect(await body.textContent()).toContain('Please choose another password.');
    expect(await body.textContent()).not.toContain('Please contact help');
  });
});

describe('defect 6: staff working on a customer', () => {
  it('shows a coloured "Working on" bar on every screen, the customer on home, and one click back', async () => {
    const page = await open(browser);
    await login(page, 'staff');
    expect(await page.getByTestId('working-on-bar').count()).toBe(0);
    // Found by part of a domain name, not only an exact logname or uid.
    await workOn(page, 'bakersdozen', 'bob');
    const bar = page.getByTestId('working-on-bar');
    await bar.getByText('Working on bob').waitFor();
    await page.getByTestId('customer-summary').getByText(/Bob/).first().waitFor();
    await shot(page, 'staff-working-on-bob-1280');
    await page.goto(url('/domain-list'));
    await bar.getByText('Working on bob').waitFor();
    await bar.getByRole('button', { name: 'Back to staff' }).click();
    // Back in staff's own account, on the staff home: the header names no account worked on.
    await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
    expect(await page.getByTestId('working-on').count()).toBe(0);
    expect(await bar.count()).toBe(0);
  });

  it('offers the accounts a search matches when there are several', async () => {
    const page = await open(browser);
    await login(page, 'staff');
    await page.getByPlaceholder('Logname or UID').fill('anderson-design');
    await page.getByRole('button', { name: 'Find Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Choose an account').waitFor();
    await dialog.getByRole('button', { name: /^carol/ }).click();
    await page.getByTestId('working-on-bar').getByText('Working on carol').waitFor();
  });
});

describe('defect 7: a Secondary sees what it may use', () => {
  it('shows carol no billing menu, no Make a Payment, and names her primary', async () => {
    const page = await open(browser);
    await login(page, 'carol');
    await page.getByTestId('primary-account').getByText('alice').waitFor();
    expect(await page.getByRole('link', { name: 'Make a Payment' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Billing' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Account Summary' }).waitFor();
    expect(await page.getByRole('link', { name: 'Secondaries', exact: true }).count()).toBe(0);
    await shot(page, 'secondary-home-1280');
  });
});

describe('defect 8 and the overview', () => {
  it('opens the sidebar group of the page reached, titles the tab per screen, and shows the overview on home', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    const overview = page.getByRole('region', { name: 'Overview' });
    await overview.getByTestId('overview-balance').waitFor();
    await overview.getByTestId('overview-expiring').getByText('anderson-design.com').waitFor();
    await shot(page, 'home-1280-light');
    // Reached by a button on home, not through the sidebar: the sidebar opens Billing.
    await page.getByTestId('welcome').getByRole('link', { name: 'Make a Payment' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Make a Payment' }).waitFor();
    await page.waitForFunction(() => document.title.startsWith('Make a Payment – '));
    // The portal's title arriving after the screen's own (a slow /api/urls on a reload) keeps
    // the screen's title: it once wrote the portal's title alone over it.
    let releaseUrls = () => {};
    const urlsHeld = new Promise<void>((resolve) => {
      releaseUrls = resolve;
    });
    await page.route('**/api/urls', async (route) => {
      await urlsHeld;
      await route.continue();
    });
    const urlsAnswered = page.waitForResponse('**/api/urls');
    await page.goto(url('/domain-list'));
    await page.waitForFunction(() => document.title.startsWith('Edit Domains – '));
    releaseUrls();
    await urlsAnswered;
    await page.getByRole('heading', { name: 'Edit Domains' }).first().waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
    expect(await page.title()).toMatch(/^Edit Domains – /);
    await page.unroute('**/api/urls');
    await page.goto(url('/websites'));
    await page
      .getByRole('button', { name: /error logs of anderson-design\.com/ })
      .getByText('Turn off error logs')
      .waitFor();
  });

  it('shows a Pay now that opens Make a Payment with the amount of an unpaid last invoice', async () => {
    const page = await open(browser, { width: 390, dark: true });
    await login(page, 'alice');
    const balance = page.getByTestId('overview-balance');
    // alice's last demo invoice is unpaid.
    const pay = balance.getByRole('link', { name: 'Pay now' });
    await pay.waitFor();
    await page.getByTestId('overview-expiring').getByText('anderson-design.com').waitFor();
    await shot(page, 'home-390-dark');
    expect(await pay.getAttribute('href')).toMatch(/\/make-payment\?amount=\d+\.\d{2}$/);
    await pay.click();
    await page.waitForURL(/\/make-payment\?amount=/);
  });
});

describe('invoices: paid or unpaid, pay one, download it', () => {
  it('marks each invoice, offers to pay an unpaid one, and prints the invoice alone', async () => {
    const page = await open(browser);
    await login(page, 'alice');
    await page.goto(url('/invoices'));
    const pay = page.getByRole('link', { name: /^Pay this invoice: / }).first();
    await pay.waitFor();
    expect(await pay.getAttribute('href')).toMatch(/\/make-payment\?amount=\d+\.\d{2}$/);
    const link = page
      .getByRole('table')
      .getByRole('link', { name: /^\d{8}-\d+$/ })
      .first();
    await link.click();
    await page.getByTestId('invoice-body').waitFor();
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const hidden = await page.evaluate(
      () => getComputedStyle(document.querySelector('nav') as Element).visibility === 'hidden',
    );
    expect(hidden).toBe(true);
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('[data-testid="invoice-body"]') as Element).visibility,
      ),
    ).toBe('visible');
    expect((await page.pdf()).length).toBeGreaterThan(1000);
  });
});

describe('a review before money moves', () => {
  // A portal of its own: domains.e2e renews andersonphoto.net on the shared one, and files run in
  // any order.
  const own = ownPortalAndBrowser();
  it('shows what a renewal costs and to whom before it is sent, and Back sends nothing', async () => {
    const page = await own.newPage();
    await own.login(page, 'alice');
    let sent = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/renew')) sent++;
    });
    await page.goto(own.url('/domain-renewal/andersonphoto.net'));
    await page.getByRole('textbox', { name: 'Years' }).click();
    await page.getByRole('option', { name: /^1 year/ }).click();
    await page.getByRole('button', { name: 'Renew Domain' }).click();
    const review = page.getByRole('dialog').getByTestId('renewal-review');
    await review.getByText('andersonphoto.net').waitFor();
    expect(await review.textContent()).toMatch(/\$\d+\.\d{2}.*alice/);
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(sent).toBe(0);
    await page.close();
  });
});

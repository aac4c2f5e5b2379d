import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, newPage, screenshot, url, waitForMail, workOn } from './browser.ts';

// The machine is shared by several test runs: give each step room.
vi.setConfig({ testTimeout: 240_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.getByRole('dialog');

/** A page with longer waits than Playwright's default, for a loaded machine. */
async function open(options: Parameters<typeof newPage>[1] = {}): Promise<Page> {
  const page = await newPage(browser, options);
  page.setDefaultTimeout(60_000);
  return page;
}

/**
 * Axe findings on this area's content. The shell's banner (`p[role="status"]`, dimmed text) is
 * the shell's own and is checked by the shell tests, so it is left out here.
 */
async function mailViolations(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).filter((v) => !/^color-contrast: .*\(p\[role="status"\]\)$/.test(v));
}

describe('email aliases', () => {
  it('creates, changes and deletes an alias', async () => {
    const page = await open();
    await login(page, 'alice');
    await page.goto(url('/email-aliases/harbor-studio.org'));
    await page.getByRole('heading', { name: 'Email Aliases' }).waitFor();
    await page.getByRole('cell', { name: 'bookings', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Add an Alias' }).click();
    await page.getByRole('heading', { name: 'Add an Alias' }).waitFor();
    await page.getByLabel('Alias name').fill('e2e-team');
    await page.getByLabel(/^Targets/).fill('alice@anderson-design.com\nnot-an-address');
    await page.getByRole('button', { name: 'Add Alias' }).click();
    // Beside the field, once: no 'Addition Failed' pop-up for an error that belongs to a field.
    await page.getByText('Line 2: "not-an-address" is not a valid email address').waitFor();
    expect(await dialog(page).count()).toBe(0);
    await page.getByLabel(/^Targets/).fill('alice@anderson-design.com\ndave@anderson-design.com');
    await page.getByRole('button', { name: 'Add Alias' }).click();
    await page.getByText('Added e2e-team@harbor-studio.org').waitFor();
    await page.waitForURL(/\/email-aliases\/harbor-studio\.org$/);
    const row = page.getByRole('row', { name: /e2e-team/ });
    await row.getByText('alice@anderson-design.com (+1 more)').waitFor();

    await row.getByRole('link', { name: 'Edit e2e-team' }).click();
    await page.getByTestId('alias-address').getByText('e2e-team@harbor-studio.org').waitFor();
    await expect
      .poll(() => page.getByLabel(/^Targets/).inputValue(), { timeout: 30_000 })
      .toBe('alice@anderson-design.com\ndave@anderson-design.com');
    await page.getByLabel(/^Targets/).fill('studio@anderson-design.com');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByText('Updated e2e-team@harbor-studio.org').waitFor();
    await page
      .getByRole('row', { name: /e2e-team/ })
      .getByText('studio@anderson-design.com', { exact: true })
      .waitFor();

    await page.getByRole('button', { name: 'Delete e2e-team' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted', { exact: true }).waitFor();
    await page.getByRole('row', { name: /e2e-team/ }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('keeps the catch-all read-only', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.goto(url('/email-aliases'));
    await page.waitForURL(/\/email-aliases\/bakersdozen\.com$/);
    const row = page.getByRole('row', { name: /catch-all/ });
    await row.waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    expect(await row.getByRole('link').count()).toBe(0);
    await row.click();
    await dialog(page).getByText("You can't change a catch-all alias.").first().waitFor();
    await page.context().close();
  });
});

describe('temporary email', () => {
  it('adds an alias, shows it in the table and edits it', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.goto(url('/temp-email'));
    await page.getByRole('heading', { name: 'Temporary Email' }).waitFor();
    await page.getByText('@tmp.example.net').first().waitFor();
    await page.getByLabel('Alias').fill('e2e-shop');
    await page.getByLabel('Forwards to').fill('bob.baker@example.org');
    await page.getByLabel('Notes').fill('browser test');
    await page.getByRole('button', { name: 'Add New Alias' }).click();
    await page.getByText('Added e2e-shop@tmp.example.net').waitFor();
    const row = page.getByRole('row', { name: /e2e-shop/ });
    await row.getByText('browser test').waitFor();
    await row.click();
    await page.getByRole('heading', { name: 'Edit Temporary Email' }).waitFor();
    await page.getByTestId('temp-alias-address').getByText('e2e-shop@tmp.example.net').waitFor();
    await expect(page.getByLabel('Forwards to').inputValue()).resolves.toBe('bob.baker@example.org');
    await page.getByLabel('Notes').fill('edited in the browser');
    await page.getByRole('button', { name: 'Update Temp Email' }).click();
    await dialog(page).getByText('Updated e2e-shop@tmp.example.net').waitFor();
    await dialog(page).getByRole('button', { name: 'Close' }).first().click();
    await page
      .getByRole('row', { name: /e2e-shop/ })
      .getByText('edited in the browser')
      .waitFor();
    await page.context().close();
  });

  it('returns to the list for an unknown alias', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.goto(url('/edit-temp-email/shop-2026'));
    await dialog(page).getByText('No Alias Found').first().waitFor();
    await page.waitForURL(/\/temp-email$/);
    await page.context().close();
  });
});

describe('authenticated message', () => {
  it('is sent by staff for a customer with the footer naming both', async () => {
    const page = await open();
    await login(page, 'staff');
    await workOn(page, 'bob');
    await page.goto(url('/send-auth-msg'));
    await page.getByRole('heading', { name: 'Send Authenticated Message' }).waitFor();
    await page.getByRole('button', { name: 'Why do we need this?' }).click();
    await page.getByText('Anyone can forge the sender of an email').waitFor();
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByText('Required').count()).toBe(2);
    await page.getByLabel(/^Reply-to/).fill('bob@');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Invalid Email Address').waitFor();
    await page.getByLabel(/^Reply-to/).fill('');
    await page.getByLabel('Subject').fill('E2E please move my mailbox');
    await page.getByLabel('Message').fill('Customer called; please move the mailbox to the new server.');
    await expect(page.getByTestId('message-footer').textContent()).resolves.toBe(
      'Message sent by staff for bob',
    );
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByTestId('thankyou').getByText('Your message has been sent to the help desk').waitFor();
    await expect(
      page.getByTestId('thankyou').getByRole('heading', { name: 'Thanks!' }).isVisible(),
    ).resolves.toBe(true);
    const eml = await waitForMail((m) => m.includes('E2E please move my mailbox'));
    expect(eml).toContain('To: help@example.net');
    expect(eml).toContain('Message sent by staff for bob');
    expect(eml).toContain('Reply-To: bob.baker@example.org');
    await page.context().close();
  });
});

describe('other mail screens', () => {
  it('shows disk usage, mailing lists and recovery contacts', async () => {
    const page = await open();
    await login(page, 'alice');
    await page.goto(url('/disk-usage'));
    const usage = page.getByRole('row', { name: /alice/ });
    await usage.getByText('10.0 GB').waitFor();
    await usage.getByText('6.0 GB').waitFor();
    await usage.getByText('60%').waitFor();

    await page.goto(url('/mailing-lists'));
    const mm = page.getByRole('link', { name: /anderson-clients/ }).first();
    await mm.waitFor();
    expect(await mm.getAttribute('href')).toBe('https://lists.example.net/mailman/admin/anderson-clients');
    expect(await mm.getAttribute('target')).toBe('_blank');
    await page.getByRole('cell', { name: 'Unknown-LS' }).waitFor();
    await page.getByRole('cell', { name: 'Majordomo' }).waitFor();

    await page.goto(url('/recovery-contacts'));
    await page.getByRole('cell', { name: 'a.anderson@backup.example.org', exact: true }).waitFor();
    await page.getByLabel('Recovery email').fill('alice.e2e@example.org');
    // A new recovery address is confirmed with the current password and waits for its link.
    await page.getByLabel('Your current password').fill('alice-demo-pass');
    await page.getByRole('button', { name: 'Add Email' }).click();
    await page.getByRole('cell', { name: 'alice.e2e@example.org', exact: true }).waitFor();
    await page.getByRole('cell', { name: '(waiting for confirmation)' }).waitFor();
    const addresses = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(addresses).toEqual([...addresses].sort());
    await page.getByRole('button', { name: 'Delete alice.e2e@example.org' }).click();
    await page
      .getByRole('cell', { name: 'alice.e2e@example.org', exact: true })
      .waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('subscribes to the Portal and requests an auto-responder', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.goto(url('/subscribe-portal'));
    await page.getByLabel('Email address').fill('bob.news@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByTestId('thankyou').getByRole('heading', { name: 'Welcome to the Portal!' }).waitFor();
    const eml = await waitForMail((m) => m.includes('To: bob.news@example.org'));
    expect(eml).toContain('Please confirm your subscription to the Portal');

    await page.goto(url('/auto-responder'));
    await page.getByLabel('Vacation message').fill('Away until Monday');
    await page.getByRole('button', { name: 'Request Auto Responder' }).click();
    // On the first submit, beside the date fields (not a pop-up after the other fields are right).
    await page.getByText('Please set a start and end date').first().waitFor();
    expect(await dialog(page).count()).toBe(0);
    const year = new Date().getFullYear() + 1;
    await page.getByLabel(/^Start\s*\*?$/).fill(`${year}-01-10`);
    await page.getByLabel(/^End\s*\*?$/).fill(`${year}-01-20`);
    await page.getByLabel('End hour').first().click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await page.getByLabel('End AM or PM').first().click();
    await page.getByRole('option', { name: 'PM' }).click();
    await page.getByRole('button', { name: 'Request Auto Responder' }).click();
    await page.getByTestId('thankyou').getByRole('heading', { name: 'Your request has been sent' }).waitFor();
    const request = await waitForMail((m) => m.includes('Auto-responder request for bob'));
    expect(request).toContain('Away until Monday');
    expect(request).toContain('To: help@example.net');
    await page.context().close();
  });
});

/** Staff: make `logname` the current user, leaving any modal that opens alone (workOn closes it). */
async function switchAccount(page: Page, logname: string): Promise<void> {
  await page.getByPlaceholder('Logname or UID').fill(logname);
  await page.getByRole('button', { name: 'Find Account' }).click();
  await page.getByTestId('working-on').getByText(logname, { exact: true }).waitFor();
}

describe('failures and account changes', () => {
  it('returns to the temporary email list when staff change the account while editing', async () => {
    const page = await open();
    await login(page, 'staff');
    await workOn(page, 'alice');
    // The alias is answered for carol too, so only the change of account can lead back to the list.
    await page.route('**/api/tempemail-alias', async (route) => {
      if (route.request().postDataJSON()?.logname !== 'carol') return route.continue();
      const expires = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 7 * 86_400_000);
      return route.fulfill({
        json: {
          status: 1,
          message: '',
          data: {
            id: 990_001,
            notes: '',
            forwards_to: 'carol@anderson-design.com',
            expires: expires.toISOString(),
          },
        },
      });
    });
    await page.goto(url('/edit-temp-email/shop-2026'));
    await page.getByRole('heading', { name: 'Edit Temporary Email' }).waitFor();
    await expect.poll(() => page.getByLabel('Forwards to').inputValue()).toBe('alice@anderson-design.com');
    await switchAccount(page, 'carol');
    await page.waitForURL(/\/temp-email$/);
    await page.getByRole('heading', { name: 'Temporary Email' }).waitFor();
    await page.getByText('No Temp Emails Found').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('shows the failure row of the mailing lists as plain text', async () => {
    const page = await open();
    await login(page, 'alice');
    await page.route('**/api/mailing-lists/**', (route) => route.abort('failed'));
    await page.goto(url('/mailing-lists'));
    const row = page.getByRole('row', { name: /unknown/ });
    await row.getByRole('cell', { name: 'unknown', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Mailman', exact: true }).waitFor();
    expect(await row.getByRole('link').count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('link', { name: /anderson-clients/ }).count()).toBe(0);
    await page.context().close();
  });

  it('shows the Get Disk Usage modal and empties the table when the call gets no answer', async () => {
    const page = await open();
    await login(page, 'staff');
    await workOn(page, 'alice');
    await page.goto(url('/disk-usage'));
    await page.getByRole('row', { name: /alice/ }).getByText('10.0 GB').waitFor();
    await page.route('**/api/disk-usage/**', (route) => route.abort('failed'));
    await switchAccount(page, 'bob');
    await dialog(page).getByText('Get Disk Usage').first().waitFor();
    await dialog(page).getByText('Network error - please check your connection').waitFor();
    await page.getByText('No disk usage recorded').waitFor();
    expect(await page.getByRole('row', { name: /alice|bob/ }).count()).toBe(0);
    await page.context().close();
  });

  it('tells how to reach the help desk when a message is not sent', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.route('**/api/sendmessage', (route) =>
      route.fulfill({ status: 502, json: { status: 0, message: 'Mail relay unavailable' } }),
    );
    await page.goto(url('/send-auth-msg'));
    await page.getByLabel('Subject').fill('E2E not sent');
    await page.getByLabel('Message').fill('This one fails.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await dialog(page).getByText('Sorry, something has failed').first().waitFor();
    await dialog(page).getByText('The message was not sent: Mail relay unavailable').waitFor();
    await dialog(page)
      .getByText('Please call the help desk at +1 555 0100 or write to help@example.net.')
      .waitFor();
    await dialog(page).getByRole('button', { name: 'Close' }).first().click();
    // The form keeps what was typed, to try again.
    await expect(page.getByLabel('Subject').inputValue()).resolves.toBe('E2E not sent');
    await page.context().close();
  });

  it('says the subscription was not added when the call fails', async () => {
    const page = await open();
    await login(page, 'bob');
    await page.route('**/api/subscribe-portal', (route) => route.abort('failed'));
    await page.goto(url('/subscribe-portal'));
    await page.getByLabel('Email address').fill('bob.e2e-news@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await dialog(page).getByText('Sorry, something has gone wrong.').first().waitFor();
    await dialog(page).getByText('Your subscription was not added').waitFor();
    expect(await page.getByTestId('thankyou').count()).toBe(0);
    await page.context().close();
  });
});

describe('looks and accessibility', () => {
  const screens: Array<[string, string, string]> = [
    ['email-aliases', '/email-aliases/anderson-design.com', 'Email Aliases'],
    ['create-alias', '/create-mail-alias/anderson-design.com', 'Add an Alias'],
    ['update-alias', '/update-mail-alias/anderson-design.com/info', 'Change Alias'],
    ['temp-email', '/temp-email', 'Temporary Email'],
    ['edit-temp-email', '/edit-temp-email/shop-2026', 'Edit Temporary Email'],
    ['temp-email-faq', '/temp-email-faq', 'Temporary Email FAQ'],
    ['recovery-contacts', '/recovery-contacts', 'Recovery Contacts'],
    ['mailing-lists', '/mailing-lists', 'Mailing Lists'],
    ['disk-usage', '/disk-usage', 'Disk Usage'],
    ['send-auth-msg', '/send-auth-msg', 'Send Authenticated Message'],
    ['subscribe-portal', '/subscribe-portal', 'Subscribe to The Portal'],
    ['auto-responder', '/auto-responder', 'Set up Auto-Responder Message'],
  ];
  const settle = async (page: Page, name: string) => {
    if (name === 'email-aliases' || name === 'temp-email' || name === 'mailing-lists')
      await page.locator('tbody tr td').first().waitFor();
    if (name === 'update-alias') await page.getByText('carol@anderson-design.com').waitFor();
    if (name === 'edit-temp-email')
      await page.getByRole('button', { name: 'Update Temp Email' }).and(page.locator(':enabled')).waitFor();
    await page.waitForTimeout(300);
  };

  for (const mode of ['light', 'dark'] as const) {
    it(`has no serious axe violations (${mode}, desktop)`, async () => {
      const page = await open({ dark: mode === 'dark' });
      // admin's stored mode is dark; working on alice shows alice's data.
      if (mode === 'dark') {
        await login(page, 'admin');
        await workOn(page, 'alice');
      } else {
        await login(page, 'alice');
      }
      for (const [name, path, heading] of screens) {
        await page.goto(url(path));
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await settle(page, name);
        expect(await mailViolations(page), name).toEqual([]);
        await screenshot(page, `mail-${name}-${mode}`);
      }
      await page.context().close();
    });
  }

  it('fits a phone', async () => {
    const page = await open({ width: 360, height: 740 });
    await login(page, 'alice');
    for (const [name, path, heading] of screens) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await settle(page, name);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, name).toBeLessThanOrEqual(0);
      await screenshot(page, `mail-${name}-phone`);
    }
    await page.context().close();
  });
});

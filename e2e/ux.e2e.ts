import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, pagesClosedAfterEach, url } from './browser.ts';

// Issue 21 "Customers find their way": accessibility with errors shown, phones, feedback, staff
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
      it(`has no serious violation on a form with errors, the domain list and an open dialog (${dark ? 'dark' : 'light'}, ${width} px)`, async () => {
        const page = await open(browser, { dark, width });
        await login(page, 'alice');
        await showPasswordErrors(page);
        expect(await seriousViolations(page)).toEqual([]);
        // A heading of level 1 at every width.
        expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);

        await page.goto(url('/domain-list'));
        await page.getByRole('link', { name: 'anderson-design.com' }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);

        // A dialog adds no second banner landmark.
        await page.goto(url('/create-mail-alias/anderson-design.com'));
        await page.getByLabel('Alias name').fill('bad name!');
        await page.getByLabel(/^Targets/).fill('someone@example.com');
        await page.getByRole('button', { name: 'Add Alias' }).click();
        await page.getByRole('dialog').waitFor();
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

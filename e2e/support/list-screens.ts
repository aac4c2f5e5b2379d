import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from '../axe.ts';
import { screenshot, signedInLooks } from '../browser.ts';

/**
 * What the browser tests of the list screens with a delete column (API tokens, mail passwords)
 * check the same way: a row's removal, and the screen's four looks.
 */

/** The errors the page logged (browser.ts collects them). */
export const pageErrors = (page: Page) => (page as Page & { errors: string[] }).errors;

/** Clicks the row's `verb` button ("Revoke e2e reader"): the notice says `done` and the row goes. */
export async function removeRow(page: Page, verb: string, name: string, done: string): Promise<void> {
  await page.getByRole('button', { name: `${verb} ${name}` }).click();
  // The review message above the page says what was removed.
  await page.getByText(done, { exact: true }).waitFor();
  await page.getByRole('row', { name: new RegExp(name) }).waitFor({ state: 'detached' });
}

/**
 * The screen's looks (light and dark, desktop and phone), a test each, on one page signed in as
 * `logname` (call in the describe block): `show` brings the page to the screen with a row of its
 * own named after the look; then no serious axe violation, the screenshot `name-look`, and no
 * page error.
 */
export function itLooksRight(
  browser: () => Browser,
  logname: string,
  name: string,
  show: (page: Page, look: string) => Promise<void>,
): void {
  const lookAs = signedInLooks(browser, logname);
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const look = `${dark ? 'dark' : 'light'}${width < 500 ? '-phone' : ''}`;
      it(`looks right and has no serious axe violations (${look})`, { timeout: 120_000 }, async () => {
        const page = await lookAs({ dark, width, height: width < 500 ? 844 : 860 });
        await show(page, look);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `${name}-${look}`);
        expect(pageErrors(page)).toEqual([]);
      });
    }
  }
}

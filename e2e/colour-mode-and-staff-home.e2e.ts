import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, pagesClosedAfterEach, screenshot, url, workOn } from './browser.ts';

// The display mode follows the device's dark setting until the user
// picks one, with no light frame first; staff working on a customer are welcomed to the customer's
// account on home, not to their own.

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());
const open = pagesClosedAfterEach();

const FOLLOW = "Follow the device's light or dark setting";

/** Every value the page gives the scheme attribute, from the first script on (a flash shows here). */
async function recordSchemes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const schemes: Array<string | null> = [];
    Reflect.set(window, 'schemes', schemes);
    new MutationObserver(() =>
      schemes.push(document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).observe(document.documentElement, { attributes: true, attributeFilter: ['data-mantine-color-scheme'] });
  });
}
const schemes = (page: Page): Promise<string[]> => page.evaluate(() => Reflect.get(window, 'schemes'));
const scheme = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
const waitForScheme = (page: Page, value: 'light' | 'dark') =>
  page.waitForFunction(
    (v) => document.documentElement.getAttribute('data-mantine-color-scheme') === v,
    value,
  );
/** The account follows the device (a test before may have left a choice stored). */
async function followDevice(page: Page): Promise<void> {
  const follow = page.getByRole('button', { name: FOLLOW });
  if (await follow.isVisible()) await follow.click();
  await follow.waitFor({ state: 'hidden' });
}

describe('display mode: the device until the user picks one', () => {
  it('is dark on a dark device from the first paint, a pick wins over the device, and can be cleared', async () => {
    const page = await open(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordSchemes(page);
    await login(page, 'carol');
    await followDevice(page);
    await waitForScheme(page, 'dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();

    // A reload is dark from the first value the page sets: no light frame before the app renders.
    await page.reload();
    await page.getByTestId('operator').waitFor();
    expect(await scheme(page)).toBe('dark');
    expect(await schemes(page)).not.toContain('light');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      'rgb(255, 255, 255)',
    );

    // An explicit light wins over the dark device, after a reload and in a new session.
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await waitForScheme(page, 'light');
    await page.getByRole('button', { name: FOLLOW }).waitFor();
    await page.waitForTimeout(300); // the choice is saved on the server in the background
    await page.reload();
    await page.getByTestId('operator').waitFor();
    expect(await scheme(page)).toBe('light');
    expect(await schemes(page)).not.toContain('dark');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.evaluate(() => localStorage.clear());
    await login(page, 'carol');
    await waitForScheme(page, 'light');

    // Clearing the choice follows the device again, including its changes.
    await page.getByRole('button', { name: FOLLOW }).click();
    await waitForScheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForScheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitForScheme(page, 'dark');
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.evaluate(() => localStorage.clear());
    await login(page, 'carol');
    await waitForScheme(page, 'dark');
    expect(await page.getByRole('button', { name: FOLLOW }).count()).toBe(0);
  });

  it('follows a dark device on the login screen of a first visit', async () => {
    const page = await open(browser);
    await page.emulateMedia({ colorScheme: 'dark' });
    await recordSchemes(page);
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Login' }).waitFor();
    expect(await scheme(page)).toBe('dark');
    expect(await schemes(page)).not.toContain('light');
  });

  for (const width of [1280, 390]) {
    it(`shows home dark by the device (${width} px)`, async () => {
      const page = await open(browser, { width, height: width === 390 ? 844 : 860 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await login(page, 'carol');
      await followDevice(page);
      await waitForScheme(page, 'dark');
      await page.getByRole('heading', { name: 'Breaking News' }).waitFor();
      await screenshot(page, `home-dark-by-system-${width === 390 ? 'phone' : 'desktop'}`);
    });
  }
});

describe('home while staff work on a customer', () => {
  for (const width of [1280, 390]) {
    it(`welcomes and describes the customer, not the staff member (${width} px)`, async () => {
      const page = await open(browser);
      await login(page, 'staff');
      await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
      await workOn(page, 'bob');
      if (width !== 1280) {
        await page.setViewportSize({ width, height: 844 });
        // The sidebar slides away (Mantine's transition): the screenshot waits until it is gone.
        await page.waitForFunction(
          () => (document.querySelector('.mantine-AppShell-navbar')?.getBoundingClientRect().right ?? 0) <= 0,
        );
      }
      await page.getByTestId('working-on-bar').getByText('Working on bob').waitFor();
      const welcome = page.getByTestId('customer-summary');
      await welcome.getByRole('heading', { name: 'Bob Baker (bob)' }).waitFor();
      await welcome.getByText('bob.baker@example.org').waitFor();
      await welcome.getByText("You are working on Bob Baker's account").waitFor();
      expect(await page.getByRole('heading', { name: /^Welcome, staff/ }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Breaking News' }).waitFor();
      await screenshot(page, `home-staff-working-on-bob-${width === 390 ? 'phone' : 'desktop'}`);
    });
  }
});

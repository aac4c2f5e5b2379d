import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, newPage, type PageOptions, screenshot } from './browser.ts';
import { startPortal } from './portal.ts';

// The machine is shared: give each flow time (the default is 60 s).
vi.setConfig({ testTimeout: 240_000 });

/**
 * Staff under PORTAL_STAFF_MFA=required, on a portal of this file's own: during the forced set-up
 * they see only what they can use and are never signed out for trying something else; once set up,
 * their two-step sign-ins are one row each on the Security screen, which has one date form and
 * passes axe in both colour schemes; working on a customer, the "Working on" bar stays on screen
 * while a long form scrolls on a phone, the phone's menu closes on a found account, and going back
 * leads to the staff home.
 */

let browser: Browser;
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launch(), startPortal({ PORTAL_STAFF_MFA: 'required' })]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const at = (path: string) => `${portal.baseUrl}/portal${path}`;
const codeFor = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
const size = (width: number) => (width === 390 ? 'phone' : 'desktop');

/** Staff's recovery codes, from the set-up: each signs in once (an app's code would repeat in a step). */
let recoveryCodes: string[] = [];

async function open(o: PageOptions): Promise<Page> {
  return newPage(browser, { height: 844, ...o });
}

async function passwordStep(page: Page, logname: string): Promise<void> {
  await page.goto(at('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Staff, set up already, sign in with the password and a recovery code. */
async function staffSignIn(page: Page): Promise<void> {
  const code = recoveryCodes.shift();
  if (!code) throw new Error('the set-up test gives the recovery codes');
  await passwordStep(page, 'staff');
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('operator').waitFor();
}

/** Nothing of the navigation is on screen: no menu button, no search, no sidebar link. */
async function expectOnlySetUp(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
  expect(await page.getByRole('button', { name: 'Toggle navigation' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Find Account' }).count()).toBe(0);
  expect(await page.getByPlaceholder('Logname or UID').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Admin Tools' }).count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').count()).toBe(0);
  await page.getByRole('button', { name: 'Logout' }).waitFor();
}

describe('staff during the forced authenticator set-up', () => {
  it('see only the set-up on a phone, and another address keeps them signed in (390 px)', async () => {
    const page = await open({ width: 390 });
    await passwordStep(page, 'admin');
    await expectOnlySetUp(page);
    await page.goto(at('/domain-list'));
    await expectOnlySetUp(page);
    await page.getByTestId('operator').waitFor();
    expect(await page.getByTestId('banner').textContent()).not.toContain('Logged Out');
    await screenshot(page, 'staff-setup-only-phone');
    await page.context().close();
  });

  it('see only the set-up on a desktop, and set the app up (1280 px)', async () => {
    const page = await open({ width: 1280 });
    await passwordStep(page, 'staff');
    await expectOnlySetUp(page);
    await screenshot(page, 'staff-setup-only-desktop');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel(/Enter the six-digit code/).fill(codeFor(key));
    // Turning it on is a lasting grant: the password confirms it.
    await page.getByLabel(/Your panel password/).fill('staff-demo-pass');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('dialog').getByText('Authenticator on').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    recoveryCodes = (await list.locator('code').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: /continue/ }).click();
    await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor({ state: 'detached' });
    // The navigation is back.
    await page.getByRole('button', { name: 'Find Account' }).waitFor();
    await page.context().close();
  });
});

describe('the Security screen after two-step sign-ins', () => {
  for (const [width, dark] of [
    [1280, false],
    [390, true],
  ] as const) {
    it(`shows each as one "Signed in" row, one date form, axe clean (${width} px, ${dark ? 'dark' : 'light'})`, async () => {
      const page = await open({ width, dark });
      await staffSignIn(page);
      await page.goto(at('/security'));
      const signIns = page.getByRole('table', { name: 'Recent sign-ins' });
      await signIns.getByRole('row').nth(1).waitFor();
      const rows = await signIns.getByRole('row').allTextContents();
      expect(rows[1]).toContain('Signed in');
      expect(rows[1]).toContain('Password and authenticator code');
      // No half-done attempt beside the good ones: every two-step sign-in finished.
      expect(rows.join('\n')).not.toContain('Waiting for the code');
      expect(rows.join('\n')).not.toContain('Password right');
      // One date form on the page: every time is YYYY-MM-DD HH:mm, a date alone YYYY-MM-DD.
      const times = await page
        .locator('td')
        .evaluateAll((cells) =>
          cells.map((c) => c.textContent ?? '').filter((t) => /\d{4}-|\d+\/\d+\/\d+|\d:\d\d/.test(t)),
        );
      expect(times.length).toBeGreaterThan(0);
      for (const t of times) expect(t).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
      await page.getByText(/^On since \d{4}-\d\d-\d\d\.$/).waitFor();
      // This browser is marked, and first.
      const sessions = page.getByRole('table', { name: 'Sessions' });
      expect(await sessions.getByRole('row').nth(1).textContent()).toContain('This browser');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `security-page-${dark ? 'dark' : 'light'}-${size(width)}`);
      await page.context().close();
    });
  }
});

describe('staff working on a customer', () => {
  it('keep the bar on screen down a long form on a phone; the menu closes on a found account (390 px)', async () => {
    const page = await open({ width: 390 });
    await staffSignIn(page);
    await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
    // In no one's account, the header names no account worked on.
    expect(await page.getByTestId('working-on').count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByPlaceholder('Logname or UID').fill('bob');
    await page.getByRole('button', { name: 'Find Account' }).click();
    const bar = page.getByTestId('working-on-bar');
    await bar.getByText('Working on bob').waitFor();
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' }).first();
    if (await close.isVisible().catch(() => false)) await close.click();
    // The phone's menu has closed over the account just found.
    await page.waitForFunction(
      () => (document.querySelector('.mantine-AppShell-navbar')?.getBoundingClientRect().right ?? 0) <= 0,
    );
    await page.goto(at('/make-payment'));
    await bar.getByText('Working on bob').waitFor();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 0);
    const box = await bar.boundingBox();
    const header = await page.locator('.mantine-AppShell-header').boundingBox();
    expect(box).not.toBeNull();
    expect(header).not.toBeNull();
    if (box && header) {
      // Below the top bar, wholly within the screen, while the page is scrolled down.
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
    }
    // What the phone shows (a full-page picture would draw the fixed top bar mid-page).
    await page.screenshot({ path: 'screenshots/staff-bar-scrolled-phone.png' });
    await bar.getByRole('button', { name: 'Back to staff' }).click();
    await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/?$/);
    expect(await bar.count()).toBe(0);
    await page.context().close();
  });

  it('keep the bar under the top bar on a desktop; Back leads to the staff home (1280 px)', async () => {
    const page = await open({ width: 1280 });
    await staffSignIn(page);
    await page.getByPlaceholder('Logname or UID').fill('bob');
    await page.getByRole('button', { name: 'Find Account' }).click();
    await page.getByTestId('working-on').getByText('bob', { exact: true }).waitFor();
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' }).first();
    if (await close.isVisible().catch(() => false)) await close.click();
    await page.goto(at('/domain-list'));
    const bar = page.getByTestId('working-on-bar');
    await bar.getByText('Working on bob').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const box = await bar.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    await screenshot(page, 'staff-bar-scrolled-desktop');
    await bar.getByRole('button', { name: 'Back to staff' }).click();
    await page.getByRole('heading', { name: 'Welcome, staff' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/?$/);
    expect(await page.getByTestId('working-on').count()).toBe(0);
    await page.context().close();
  });
});

describe('a Secondary (carol) is offered only what it may use', () => {
  for (const width of [1280, 390]) {
    it(`has nothing in its menu that answers "Permission denied", nor an empty hosting form (${width} px)`, async () => {
      const page = await open({ width });
      await passwordStep(page, 'carol');
      await page.getByTestId('primary-account').getByText('alice').waitFor();
      const welcome = (await page.getByTestId('welcome').textContent()) ?? '';
      expect(welcome).not.toContain('pay bills');
      if (width === 390) await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('button', { name: 'Account', exact: true }).click();
      await nav.getByRole('link', { name: 'Account Summary' }).waitFor();
      for (const refused of ['Account Contacts', 'Circuits', 'BUS Accounts', 'Secondaries', 'Make a Payment'])
        expect(await nav.getByRole('link', { name: refused, exact: true }).count(), refused).toBe(0);
      expect(await nav.getByRole('button', { name: 'Billing' }).count()).toBe(0);
      // Every screen the Account menu offers opens without a refusal.
      const offered = await nav
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((a) => a.getAttribute('href') ?? '').filter((h) => h.startsWith('/portal/')),
        );
      expect(offered.length).toBeGreaterThan(5);
      for (const href of offered) {
        await page.goto(`${portal.baseUrl}${href}`);
        await page.waitForLoadState('networkidle');
        expect(await page.getByText('Permission denied').count(), href).toBe(0);
      }
      await page.goto(at('/add-webhosting'));
      await page.getByTestId('no-hosting-domains').waitFor();
      expect(await page.getByRole('button', { name: 'Request Web Hosting' }).isVisible()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `secondary-add-webhosting-${size(width)}`);
      await page.context().close();
    });
  }
});

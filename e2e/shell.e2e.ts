import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { baseUrl, launch, login, newPage, screenshot, url, workOn } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('sign-in and the shell', () => {
  it('refuses an email address as the account name with the spec text', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await page.getByLabel('Username').fill('alice@anderson-design.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Login' }).click();
    await page
      .getByTestId('login-problem')
      .getByText('Please use your account name, not your email address for logging in')
      .waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('login-problem').getByText('Login Failed 1 Time(s)').waitFor();
    await page.context().close();
  });

  it('lets the keyboard show and hide the password', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('typed-secret');
    expect(await password.getAttribute('type')).toBe('password');
    await password.focus();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe('Show password');
    await page.keyboard.press('Space');
    expect(await password.getAttribute('type')).toBe('text');
    expect(await focused()).toBe('Hide password');
    await page.keyboard.press('Enter');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: 'Show password' }).count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
    await page.context().close();
  });

  it('shows the configured portal title in the top bar and the browser tab', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    const { data } = await (await page.request.get(`${baseUrl()}/api/urls`)).json();
    expect(data.portal_title).toBeTruthy();
    await page.waitForFunction((t) => document.title === t, data.portal_title);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(data.portal_title);
    await login(page, 'alice');
    expect(await page.getByRole('heading', { level: 1, name: data.portal_title }).count()).toBe(1);
    expect(await page.title()).toBe(data.portal_title);
    await page.context().close();
  });

  it('asks for /api/urls once per visit, signed out and then signed in', async () => {
    const page = await newPage(browser);
    let asked = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/urls') asked++;
    });
    await login(page, 'alice');
    await page.getByRole('heading', { name: 'Breaking News' }).waitFor();
    // The signed-in shell's links come from the same answer as the signed-out title.
    await page.getByRole('button', { name: 'Resources' }).click();
    await page.getByRole('menuitem').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Breaking News' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(2);
    await page.context().close();
  });

  it('signed in, asks for the shell and the screen of the address before the app has run', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    // Without the entry (the app never runs), only index.html's preload script can ask for them.
    await page.route(/\/portal\/assets\/index-[^/]*\.js$/, (r) => r.abort());
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(url('/domain-list'));
    await page.waitForLoadState('networkidle');
    expect(asked.some((p) => /\/assets\/signed-in-shell-[^/]*\.js$/.test(p))).toBe(true);
    expect(asked.some((p) => /\/assets\/domain-list-page-[^/]*\.js$/.test(p))).toBe(true);
    // Signed out, nothing beyond the first screen's files.
    await page.evaluate(() => localStorage.clear());
    asked.length = 0;
    await page.goto(url('/domain-list'));
    await page.waitForLoadState('networkidle');
    expect(asked.filter((p) => /\/assets\/(signed-in-shell|domain-list-page)-/.test(p))).toEqual([]);
    await page.context().close();
  });

  it('logs in, restores the session after a reload, and logs out', async () => {
    const page = await newPage(browser);
    await login(page, 'Alice', 'alice-demo-pass');
    await expect(page.getByTestId('banner').textContent()).resolves.toBe('Logged in alice');
    await page.getByRole('heading', { name: 'Breaking News' }).waitFor();
    await page.getByText('Fiber cut on the Portland ring').waitFor();
    await page.reload();
    await page.getByTestId('operator').waitFor();
    expect(await page.getByTestId('working-on').count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
    await expect(page.getByTestId('banner').textContent()).resolves.toBe('You have been logged out');
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
    await page.context().close();
  });

  it('shows public routes without login, the login form elsewhere, and sends unknown paths home', async () => {
    const page = await newPage(browser);
    await page.goto(url('/quickref'));
    await page.getByRole('heading', { name: 'Quick References' }).waitFor();
    await page.getByText('imap.example.net', { exact: false }).waitFor();
    await page.goto(url('/account-info'));
    await page.getByLabel('Username').waitFor();
    await page.goto(url('/no/such/page'));
    await page.waitForURL(/\/portal\/?$/);
    await page.context().close();
  });

  it('sends an expired session back to the login form', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.evaluate(() => localStorage.setItem('id_token', `${localStorage.getItem('id_token')}x`));
    // A fresh load with the refused token: its first call (now made at start) expires the session.
    await page.goto(url('/account-info'));
    await page.getByLabel('Username').waitFor();
    await expect(page.getByTestId('banner').textContent()).resolves.toBe('Logged Out');
    await page.context().close();
  });

  it('lets staff find an account by logname or uid and work on it', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, '5002', 'bob');
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Account Summary' }).click();
    await page.getByRole('heading', { name: 'Account Summary for bob' }).waitFor();
    await page.getByPlaceholder('Logname or UID').fill('nobody-here');
    await page.getByRole('button', { name: 'Find Account' }).click();
    await page.getByText('User not found: nobody-here').waitFor();
    await page.getByPlaceholder('Logname or UID').fill('alice');
    await page.getByRole('button', { name: 'Find Account' }).click();
    await page.getByRole('dialog').getByText('VIP since 2009').waitFor();
    await page.context().close();
  });

  it('keeps the dark mode across sessions', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.waitForTimeout(300);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.evaluate(() => localStorage.clear());
    await login(page, 'bob');
    await page.waitForFunction(
      () => document.documentElement.getAttribute('data-mantine-color-scheme') === 'dark',
    );
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.context().close();
  });
});

describe('accessibility and looks', () => {
  for (const dark of [false, true]) {
    const mode = dark ? 'dark' : 'light';
    it(`has no serious axe violations on login, home and account summary (${mode})`, async () => {
      const page = await newPage(browser, { dark });
      await page.goto(url('/'));
      await page.evaluate((m) => localStorage.setItem('mode', m), mode);
      await page.reload();
      await page.getByLabel('Username').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `login-${mode}`);
      await login(page, 'alice');
      await page.getByText('Fiber cut on the Portland ring').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `home-${mode}`);
      await page.goto(url('/account-info'));
      await page.getByText('Anderson Design LLC').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `account-info-${mode}`);
      await page.context().close();
    });
  }

  it('works at phone width', async () => {
    const page = await newPage(browser, { width: 360, height: 740 });
    await login(page, 'alice');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Account Summary' }).click();
    await page.getByText('Anderson Design LLC').waitFor();
    await screenshot(page, 'account-info-phone');
    await page.context().close();
  });
});

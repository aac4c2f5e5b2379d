import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  askForLanguage,
  baseUrl,
  expectFitsPhone,
  launch,
  login,
  lookingPage,
  newPage,
  screenshot,
  spanishLogin,
  url,
} from './browser.ts';
import { secondFactorTextEs } from '@portal/contract/security/second-factor-messages.es';
import { startPortal } from './portal.ts';
import { must } from '@portal/contract/must';

// The machine is shared: give each flow time (the default is 60 s).
vi.setConfig({ testTimeout: 180_000 });

/**
 * The second factor in the browser: bob turns an authenticator on from the Security
 * screen, signs in with a code made from the secret the screen showed (as an app would), then with
 * a recovery code, and turns it off again. Staff under PORTAL_STAFF_MFA=required meet the setup
 * screen first (a portal of their own).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  // The portal is shared with the other files: bob signs in with his password alone again.
  await removeSecondFactor(baseUrl(), 'bob').catch(() => {});
  await browser?.close();
});

/** The code an authenticator app shows `ahead` steps from now (one step ahead is still accepted). */
const codeFor = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });

/** Staff (the demo's) post `body` to `path` on the portal at `base`. */
async function staffSets(base: string, path: string, body: unknown): Promise<void> {
  const post = (to: string, what: unknown, token?: string) =>
    fetch(`${base}${to}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(what),
    }).then((r) => r.json());
  const staff = await post('/api/miglogin', { username: 'staff', password: 'staff-demo-pass' });
  const answer = await post(path, body, staff.data.id_token);
  if (answer.status !== 1) throw new Error(`${path}: ${JSON.stringify(answer)}`);
}

const removeSecondFactor = (base: string, logname: string) =>
  staffSets(base, '/api/remove-second-factor', { logname });

const dialog = (page: Page) => page.getByRole('dialog');
async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await dialog(page).waitFor({ state: 'hidden' });
}

async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByLabel('Username').waitFor();
}

/** The password step of the sign-in, which answers with the code step for bob now. */
async function passwordStep(page: Page, logname: string): Promise<void> {
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
}

describe('the authenticator app', () => {
  let secret = '';
  let codes: string[] = [];

  it('is turned on from the Security screen, with the QR code, the key as text and the recovery codes', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    // Account → Security, from the sidebar's Account menu.
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('link', { name: 'Security', exact: true }).click();
    await page.getByRole('heading', { name: 'Security of bob' }).waitFor();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: /QR code to add bob/ }).waitFor();
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'security-setup-light-desktop');
    // A wrong code is told at the field.
    const field = page.getByLabel(/Enter the six-digit code/);
    // Turning it on is a lasting grant: the password confirms it.
    await page.getByLabel(/Your panel password/).fill('bob-demo-pass');
    await field.fill('12345x');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('That code is not right').waitFor();
    await field.fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await dialog(page).getByText('Authenticator on').waitFor();
    await closeDialog(page);
    const list = page.getByTestId('recovery-codes');
    await list.waitFor();
    codes = (await list.locator('code').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await page.getByText(/^On since/).waitFor();
    await page.getByText('10 of 10 codes unused').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'security-on-light-desktop');
    await page.context().close();
  });

  it('asks for a code after the password, keyboard only, and signs in with it', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await passwordStep(page, 'bob');
    // The field has the focus: type the code and press Enter.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).resolves.toBe(
      'one-time-code',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'code-step-light-desktop');
    // The code of the coming step: the one that turned the app on is used up (no replay).
    await page.keyboard.type(codeFor(secret, 1));
    await page.keyboard.press('Enter');
    await page.getByTestId('operator').waitFor();
    await expect(page.getByTestId('banner').textContent()).resolves.toBe('Logged in bob');
    await logout(page);
    await page.context().close();
  });

  it('signs in with a recovery code instead, once', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await passwordStep(page, 'bob');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(must(codes[0], 'a recovery code'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('operator').waitFor();
    await logout(page);
    // Used: the next sign-in refuses it, at the field.
    await passwordStep(page, 'bob');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(must(codes[0], 'a recovery code'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('That code is not right').waitFor();
    await page.getByLabel('Recovery code').fill(must(codes[1], 'a recovery code'));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('operator').waitFor();
    await page.goto(url('/security'));
    await page.getByText('8 of 10 codes unused').waitFor();
    await page.context().close();
  });

  it('asks in Spanish when the browser does, refuses a wrong code in Spanish, and takes a recovery code', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await askForLanguage(page, 'es-US,es;q=0.9');
    await page.goto(url('/'));
    await spanishLogin(page, 'bob');
    await page.getByRole('heading', { name: secondFactorTextEs.stepTitle }).waitFor();
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await page.getByText(secondFactorTextEs.wrongCode).waitFor();
    await expectFitsPhone(page, { heading: secondFactorTextEs.stepTitle, action: secondFactorTextEs.verify });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'code-step-es-light-phone');
    await page.getByRole('button', { name: secondFactorTextEs.useRecoveryCode }).click();
    await page.getByText(secondFactorTextEs.recoveryCodePrompt).waitFor();
    await page.getByRole('textbox').fill(codes.pop() ?? '');
    await page.getByRole('button', { name: secondFactorTextEs.verify }).click();
    await page.getByTestId('operator').waitFor();
    await page.context().close();
    // bob is shared with the other files, which read him in English: his language goes back.
    await staffSets(baseUrl(), '/api/set-language', { logname: 'bob', language: 'en' });
  });

  it('shows the screens dark and at phone width', async () => {
    const looks = [
      ['dark-desktop', { dark: true }],
      ['light-phone', { width: 390, height: 844 }],
      ['dark-phone', { dark: true, width: 390, height: 844 }],
    ] as const;
    // One page takes the three looks: the code step in each, then, signed in once, the Security
    // screen in each.
    const { page, look } = await lookingPage(browser, looks[0][1]);
    for (const [name, o] of looks) {
      await look(o);
      await page.goto(url('/'));
      await passwordStep(page, 'bob');
      if ('width' in o) await expectFitsPhone(page, { heading: 'Two-step sign-in', action: 'Verify' });
      await screenshot(page, `code-step-${name}`);
    }
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes.pop() ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('operator').waitFor();
    for (const [name, o] of looks) {
      await look(o);
      await page.goto(url('/security'));
      await page.getByText(/^On since/).waitFor();
      if ('width' in o) await expectFitsPhone(page, { heading: 'Security of bob', action: 'Turn off…' });
      await screenshot(page, `security-on-${name}`);
    }
    await page.context().close();
  });

  it('is turned off with the password and a recovery code', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await passwordStep(page, 'bob');
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes.pop() ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('operator').waitFor();
    await page.goto(url('/security'));
    const panel = page.getByRole('region', { name: 'Authenticator app' });
    await panel.getByRole('button', { name: 'Turn off…' }).click();
    await panel.getByLabel('Panel password').fill('bob-demo-pass');
    await panel.getByLabel('Code from the app, or a recovery code').fill(codes.pop() ?? '');
    await panel.getByRole('button', { name: 'Turn off the authenticator' }).click();
    await dialog(page).getByText('Authenticator off').waitFor();
    await closeDialog(page);
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await logout(page);
    // The password alone signs in again.
    await login(page, 'bob');
    await page.context().close();
  });
});

describe('PORTAL_STAFF_MFA=required', () => {
  it('shows staff the setup screen before anything else, until the app is on', async () => {
    const portal = await startPortal({ PORTAL_STAFF_MFA: 'required' });
    try {
      const page = await newPage(browser);
      await page.goto(`${portal.baseUrl}/portal/`);
      await page.getByLabel('Username').fill('staff');
      await page.getByLabel('Password', { exact: true }).fill('staff-demo-pass');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
      // Another address shows the same screen.
      await page.goto(`${portal.baseUrl}/portal/domain-list`);
      await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor();
      await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const key = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
      await screenshot(page, 'staff-setup-light-desktop');
      await page.getByLabel(/Enter the six-digit code/).fill(codeFor(key));
      await page.getByLabel(/Your panel password/).fill('staff-demo-pass');
      await page.getByRole('button', { name: 'Turn on' }).click();
      await dialog(page).getByText('Authenticator on').waitFor();
      await closeDialog(page);
      await page.getByTestId('recovery-codes').waitFor();
      await page.getByRole('button', { name: /continue/ }).click();
      await page.getByRole('heading', { name: 'Set up your second factor' }).waitFor({ state: 'detached' });
      await page.context().close();
    } finally {
      await portal.stop();
    }
  });
});

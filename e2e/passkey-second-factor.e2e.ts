import { Secret, TOTP } from 'otpauth';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  addAuthenticator,
  expectFitsPhone,
  ownPortalAndBrowser,
  type PageOptions,
  screenshot,
  withoutPasskeyAutofill,
} from './browser.ts';
import { must } from '@portal/contract/must';

/**
 * A passkey as the second step after the password, in chromium with the real WebAuthn
 * ceremony against a virtual authenticator of the DevTools protocol: bob turns the authenticator
 * app on and adds a passkey on the Security screen, then signs in with his password and the
 * passkey. A portal of its own at `localhost` (a passkey's RP ID must be a domain name).
 */

vi.setConfig({ testTimeout: 180_000 });

const { newPage, lookingPage, url } = ownPortalAndBrowser('localhost');
const codeFor = (secret: string, ahead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });

/** The password step, which answers with the code step for bob once his app is on. */
async function passwordStep(page: Page, logname = 'bob'): Promise<void> {
  await page.goto(url('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
}

const dialog = (page: Page) => page.getByRole('dialog');
async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await dialog(page).waitFor({ state: 'hidden' });
}

describe('a passkey as the second step', () => {
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  let secret = '';

  it('is set up: the authenticator app on, then a passkey added', async () => {
    page = await newPage();
    // No passkey autofill in this browser: the virtual authenticator would answer the login form's
    // waiting autofill request with bob's passkey at once, a sign-in with the passkey alone.
    await withoutPasskeyAutofill(page);
    ({ cdp, authenticatorId } = await addAuthenticator(page));
    await passwordStep(page);
    await page.getByTestId('operator').waitFor();
    await page.goto(url('/security'));
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel(/Enter the six-digit code/).fill(codeFor(secret));
    await page.getByLabel(/Your panel password/).fill('bob-demo-pass');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await dialog(page).getByText('Authenticator on').waitFor();
    await closeDialog(page);
    const panel = page.getByTestId('passkeys-panel');
    await panel.getByLabel('Passkey name').fill('Virtual laptop');
    await panel.getByLabel('Your current password').fill('bob-demo-pass');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await panel.getByRole('cell', { name: 'Virtual laptop', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').waitFor();
  });

  it('signs in with the password, then the passkey, keyboard only', async () => {
    const before = must(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0],
      'a credential',
    ).signCount;
    await passwordStep(page);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const button = page.getByRole('button', { name: 'Use a passkey instead' });
    await button.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'code-step-passkey-light-desktop');
    // From the code field (it has the focus): Tab past Verify to the passkey button, then Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'Use a passkey instead',
    );
    await page.keyboard.press('Enter');
    await page.getByTestId('operator').waitFor();
    await expect(page.getByTestId('banner').textContent()).resolves.toBe('Logged in bob');
    const after = must(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0],
      'a credential',
    ).signCount;
    expect(after).toBeGreaterThan(before);
    // The session list names how it was opened.
    await page.goto(url('/security'));
    await page.getByText('Password and passkey').first().waitFor();
    await page.context().close();
  });

  it('says so when the ceremony fails, and the code still signs in', async () => {
    // A browser whose authenticator holds no passkey of bob's: the ceremony ends without one.
    const other = await newPage();
    await addAuthenticator(other);
    await passwordStep(other);
    await other.getByRole('button', { name: 'Use a passkey instead' }).click();
    const alert = other.getByRole('alert').filter({ hasText: 'Passkey not used' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('try again, or enter a code');
    expect(await seriousViolations(other)).toEqual([]);
    await screenshot(other, 'code-step-passkey-failed-light-desktop');
    await other.getByLabel('Code from your authenticator app').fill(codeFor(secret, 1));
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.getByTestId('operator').waitFor();
    await other.context().close();
  });

  it('shows the passkey button dark and at phone width', async () => {
    const modes: Array<[string, PageOptions]> = [
      ['dark-desktop', { dark: true }],
      ['light-phone', { width: 390, height: 844 }],
      ['dark-phone', { dark: true, width: 390, height: 844 }],
    ];
    // One page takes the three looks.
    const { page: shown, look } = await lookingPage();
    for (const [name, o] of modes) {
      await look(o);
      await passwordStep(shown);
      await shown.getByRole('button', { name: 'Use a passkey instead' }).waitFor();
      expect(await seriousViolations(shown)).toEqual([]);
      if (o.width)
        await expectFitsPhone(shown, { heading: 'Two-step sign-in', action: 'Use a passkey instead' });
      await screenshot(shown, `code-step-passkey-${name}`);
    }
    await shown.context().close();
  });
});

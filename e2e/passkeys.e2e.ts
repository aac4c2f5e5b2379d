import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { addAuthenticator, ownPortalAndBrowser, screenshot, withoutPasskeyAutofill } from './browser.ts';
import { must } from '@portal/contract/must';

/**
 * Passkeys in the browser: the real WebAuthn ceremony in chromium against a virtual
 * authenticator of the DevTools protocol (a platform authenticator that keeps passkeys and
 * verifies its user), not a stub. A portal of its own at `localhost`: a passkey's RP ID must be a
 * domain name, and the shared portal of the other files answers at 127.0.0.1.
 */

vi.setConfig({ testTimeout: 150_000 });

const { newPage, url } = ownPortalAndBrowser('localhost');

async function signInWithPassword(page: Page, logname: string) {
  await page.goto(url('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('operator').waitFor();
}

const panel = (page: Page) => page.getByTestId('passkeys-panel');

/** Adds a passkey on the Security screen shown, with the account's password. */
async function addPasskey(page: Page, name: string, password: string) {
  await panel(page).getByLabel('Passkey name').fill(name);
  await panel(page).getByLabel('Your current password').fill(password);
  await panel(page).getByRole('button', { name: 'Add a passkey' }).click();
  await panel(page).getByRole('cell', { name, exact: true }).waitFor();
}

/** Removes a passkey on the Security screen shown, with the account's password. */
async function removePasskey(page: Page, name: string, password: string) {
  await panel(page)
    .getByRole('button', { name: `Remove ${name}` })
    .click();
  await page.getByRole('dialog').getByLabel('Your current password').fill(password);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
}

/** The options requests of the passkey sign-in (the button's, and the waiting autofill request's). */
function countOptionsRequests(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/passkey-login-options') n++;
  });
  return () => n;
}

describe('passkeys', () => {
  it('registers a passkey on the Security screen and signs in with it alone', async () => {
    const page = await newPage();
    // The button's sign-in: the waiting autofill request, which the virtual authenticator would
    // answer at once (before the click), has a test of its own below.
    await withoutPasskeyAutofill(page);
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await signInWithPassword(page, 'alice');
    // Account → Security, from the sidebar.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Account', exact: true })
      .click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Security', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Security', level: 2 }).waitFor();
    await panel(page).getByText('You have no passkeys yet.').waitFor();
    await addPasskey(page, 'Virtual laptop', 'alice-demo-pass');
    await page.getByText('Passkey added').first().waitFor();
    // The authenticator keeps it as a discoverable passkey of this portal, for bob's random handle.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(Buffer.from(credentials[0]?.userHandle ?? '', 'base64').toString()).not.toContain('alice');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The login name field offers passkeys in the browser's autofill.
    expect(await page.getByLabel('Username').getAttribute('autocomplete')).toBe('username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByTestId('operator').waitFor();
    expect(await page.getByTestId('operator').textContent()).toContain('alice');
    const signCount = must(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0],
      'a credential',
    ).signCount;
    expect(signCount).toBeGreaterThan(0);

    // The list shows when it last signed in; rename it, then remove it with the password.
    await page.goto(url('/security'));
    const row = panel(page).getByRole('row', { name: /Virtual laptop/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).not.toBe('Never');
    await panel(page).getByRole('button', { name: 'Rename Virtual laptop' }).click();
    await page.getByRole('dialog').getByLabel('Passkey name').fill('Renamed laptop');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await panel(page).getByRole('cell', { name: 'Renamed laptop', exact: true }).waitFor();
    await removePasskey(page, 'Renamed laptop', 'alice-demo-pass');
    await panel(page).getByText('You have no passkeys yet.').waitFor();
    await page.context().close();
  });

  it('says so when the passkey is not accepted (one the portal removed)', async () => {
    const page = await newPage();
    // The button's ceremony is the one that reports (the autofill request's failures are silent).
    await withoutPasskeyAutofill(page);
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await signInWithPassword(page, 'alice');
    await page.goto(url('/security'));
    await addPasskey(page, 'Soon gone', 'alice-demo-pass');
    await removePasskey(page, 'Soon gone', 'alice-demo-pass');
    await panel(page).getByText('You have no passkeys yet.').waitFor();
    // The authenticator still holds it; the portal no longer knows it.
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('dialog').getByText('This passkey was not accepted', { exact: false }).waitFor();
    expect(await page.getByTestId('operator').count()).toBe(0);
    await page.context().close();
  });

  it('tells a browser without WebAuthn that it cannot use passkeys', async () => {
    const page = await newPage();
    await page.addInitScript(() => {
      // A browser without the Web Authentication API.
      Object.defineProperty(window, 'PublicKeyCredential', { value: undefined });
    });
    await page.goto(url('/'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('dialog').getByText('This browser cannot use passkeys', { exact: false }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await signInWithPassword(page, 'alice');
    await page.goto(url('/security'));
    await panel(page).getByText('This browser cannot use passkeys', { exact: false }).waitFor();
    expect(await panel(page).getByRole('button', { name: 'Add a passkey' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('shows the panel to staff read-only, and looks right light and dark, desktop and phone', async () => {
    // A passkey for carol to show.
    const setup = await newPage();
    await addAuthenticator(setup);
    await signInWithPassword(setup, 'carol');
    await setup.goto(url('/security'));
    await addPasskey(setup, "Carol's phone", 'carol-demo-pass');
    for (const [name, width, height] of [
      ['passkeys-desktop-light', 1280, 860],
      ['passkeys-phone-light', 390, 844],
    ] as const) {
      await setup.setViewportSize({ width, height });
      // A table on the desktop, stacked cards on a phone: the name shows either way.
      await panel(setup).getByText("Carol's phone", { exact: true }).first().waitFor();
      await screenshot(setup, name);
    }
    expect(await seriousViolations(setup)).toEqual([]);
    const staff = await newPage();
    await signInWithPassword(staff, 'staff');
    await staff.getByPlaceholder('Logname or UID').fill('carol');
    await staff.getByRole('button', { name: 'Find Account' }).click();
    await staff.getByTestId('working-on').getByText('carol', { exact: true }).waitFor();
    const close = staff.getByRole('dialog').getByRole('button', { name: 'Close' }).first();
    if (await close.isVisible().catch(() => false)) await close.click();
    await staff.goto(url('/security'));
    await panel(staff).getByRole('cell', { name: "Carol's phone", exact: true }).waitFor();
    await panel(staff).getByText('Only the customer can add, rename or remove their passkeys.').waitFor();
    expect(await panel(staff).getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
    expect(
      await panel(staff)
        .getByRole('button', { name: /^Remove/ })
        .count(),
    ).toBe(0);
    await screenshot(staff, 'passkeys-staff-read-only');
    await setup.context().close();
    await staff.context().close();
  });

  it('signs in with the passkey picked from the login name field, asking the browser once however the form changes', async () => {
    const page = await newPage();
    const { cdp, authenticatorId } = await addAuthenticator(page);
    const optionsRequests = countOptionsRequests(page);
    // With no passkey of the portal in the authenticator, the login form's autofill request waits
    // for one: one request, not one more at each render of the form (every key typed is one).
    await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/api/passkey-login-options'),
      page.goto(url('/')),
    ]);
    await page.getByLabel('Username').pressSequentially('alice');
    await page.getByLabel('Password', { exact: true }).pressSequentially('alice-demo-pass');
    expect(optionsRequests()).toBe(1);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('operator').waitFor();
    await page.goto(url('/security'));
    await addPasskey(page, 'Autofill laptop', 'alice-demo-pass');
    const before = must(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0],
      'a credential',
    ).signCount;

    // Signed out, the login form asks again; the authenticator answers it as a customer picking
    // the passkey among the login name field's suggestions would: signed in with no click.
    const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/passkey-login');
    await page.getByRole('button', { name: 'Logout' }).click();
    expect((await signedIn).status()).toBe(200);
    await page.getByTestId('operator').waitFor();
    expect(await page.getByTestId('operator').textContent()).toContain('alice');
    const after = must(
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0],
      'a credential',
    ).signCount;
    expect(after).toBeGreaterThan(before);
    expect(optionsRequests()).toBe(2);
    await page.context().close();
  });
});

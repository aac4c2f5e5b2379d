import type { Browser, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, newPage, screenshot } from './browser.ts';
import { startPortal } from './portal.ts';

/**
 * Passkeys in the browser (issue 18): the real WebAuthn ceremony in chromium against a virtual
 * authenticator of the DevTools protocol (a platform authenticator that keeps passkeys and
 * verifies its user), not a stub. A portal of its own at `localhost`: a passkey's RP ID must be a
 * domain name, and the shared portal of the other files answers at 127.0.0.1.
 */

vi.setConfig({ testTimeout: 150_000 });

let browser: Browser;
let portal: Awaited<ReturnType<typeof startPortal>>;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launch(), startPortal({}, 'localhost')]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const url = (path: string) => `${portal.baseUrl}/portal${path}`;

/** A platform authenticator in this page's browser: keeps passkeys, verifies its user (a PIN, a fingerprint). */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page, logname: string) {
  await page.goto(url('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('operator').waitFor();
}

const panel = (page: Page) => page.getByTestId('passkeys-panel');

describe('passkeys', () => {
  it('registers a passkey on the Security screen and signs in with it alone', async () => {
    const page = await newPage(browser);
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
    await panel(page).getByLabel('Passkey name').fill('Virtual laptop');
    await panel(page).getByLabel('Your current password').fill('alice-demo-pass');
    await panel(page).getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added').first().waitFor();
    await panel(page).getByRole('cell', { name: 'Virtual laptop', exact: true }).waitFor();
    // The authenticator keeps it as a discoverable passkey of this portal, for bob's random handle.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    expect(Buffer.from(credentials[0].userHandle ?? '', 'base64').toString()).not.toContain('alice');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login' }).waitFor();
    // The login name field offers passkeys in the browser's autofill.
    expect(await page.getByLabel('Username').getAttribute('autocomplete')).toBe('username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByTestId('operator').waitFor();
    expect(await page.getByTestId('operator').textContent()).toContain('alice');
    const signCount = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]
      .signCount;
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
    await panel(page).getByRole('button', { name: 'Remove Renamed laptop' }).click();
    await page.getByRole('dialog').getByLabel('Your current password').fill('alice-demo-pass');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await panel(page).getByText('You have no passkeys yet.').waitFor();
    await page.context().close();
  });

  it('says so when the passkey is not accepted (one the portal removed)', async () => {
    const page = await newPage(browser);
    const { cdp, authenticatorId } = await addAuthenticator(page);
    await signInWithPassword(page, 'alice');
    await page.goto(url('/security'));
    await panel(page).getByLabel('Passkey name').fill('Soon gone');
    await panel(page).getByLabel('Your current password').fill('alice-demo-pass');
    await panel(page).getByRole('button', { name: 'Add a passkey' }).click();
    await panel(page).getByRole('cell', { name: 'Soon gone', exact: true }).waitFor();
    await panel(page).getByRole('button', { name: 'Remove Soon gone' }).click();
    await page.getByRole('dialog').getByLabel('Your current password').fill('alice-demo-pass');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
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
    const page = await newPage(browser);
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
    const setup = await newPage(browser);
    await addAuthenticator(setup);
    await signInWithPassword(setup, 'carol');
    await setup.goto(url('/security'));
    await panel(setup).getByLabel('Passkey name').fill("Carol's phone");
    await panel(setup).getByLabel('Your current password').fill('carol-demo-pass');
    await panel(setup).getByRole('button', { name: 'Add a passkey' }).click();
    await panel(setup).getByRole('cell', { name: "Carol's phone", exact: true }).waitFor();
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
    const staff = await newPage(browser);
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
});

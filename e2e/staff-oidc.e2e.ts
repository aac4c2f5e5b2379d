/// <reference path="../apps/server/test/support/oidc-provider.d.ts" />
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDirectory, type TestDirectory } from '../apps/server/test/support/oidc-directory.ts';
import { launch, newPage } from './browser.ts';
import { startPortal } from './portal.ts';

/**
 * Staff sign in with the ISP's directory in chromium, end to end (docs/decisions/052-staff-directory-sign-in.md):
 * the login form's "Sign in with <directory>", the directory's own sign-in and consent pages (a
 * real OpenID provider, oidc-provider, on loopback), back to the portal signed in as staff; and a
 * customer of the directory refused with the contract's text.
 */

vi.setConfig({ testTimeout: 150_000 });

let browser: Browser;
let directory: TestDirectory;
let portal: Awaited<ReturnType<typeof startPortal>>;

beforeAll(async () => {
  directory = await startDirectory([]);
  directory.users.set('sam', { password: 'sam-directory-pass', groups: ['portal-staff'] });
  directory.users.set('carla', { password: 'carla-directory-pass', groups: ['customers'] });
  [browser, portal] = await Promise.all([launch(), startPortal(directory.env())]);
  directory.redirectUris.push(`${portal.baseUrl}/api/staff-sign-in/callback`);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await directory?.close();
});

async function viaDirectory(login: string, password: string) {
  const page = await newPage(browser);
  await page.goto(`${portal.baseUrl}/portal/`);
  await page.getByRole('link', { name: 'Sign in with Example ISP Directory' }).click();
  await page.getByLabel('User').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The consent page of the first sign-in.
  await page.getByRole('button', { name: 'Continue' }).click();
  return page;
}

describe('staff sign-in with the directory', () => {
  it('signs a staff member of the directory in as staff, and takes the hand-off out of the address', async () => {
    const page = await viaDirectory('sam', 'sam-directory-pass');
    await page.getByTestId('operator').waitFor();
    expect(page.url()).not.toContain('staff-sign-in=');
    const token = await page.evaluate(() => localStorage.getItem('id_token'));
    const claims = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ username: 'sam', role: 'staff' });
  });

  it('refuses a directory user outside the staff group with a clear message', async () => {
    const page = await viaDirectory('carla', 'carla-directory-pass');
    await page.getByText('Your directory account is not in the portal’s staff group').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  });
});

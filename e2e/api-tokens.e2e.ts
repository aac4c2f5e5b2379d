import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, newPage, url } from './browser.ts';
import { itLooksRight, pageErrors, removeRow } from './support/list-screens.ts';

/**
 * Account → API Tokens: a token made on the screen is shown once, works as a bearer
 * token against the API within its scope, and stops working the moment it is revoked there.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** A request made by the page's own fetch with the token, as a script would send it. */
async function fetchWith(page: Page, token: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ token, path, body }) => {
      const res = await fetch(path, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: await res.json() };
    },
    { token, path, body },
  );
}

async function createToken(page: Page, name: string, access: 'Read only' | 'Full'): Promise<string> {
  await page.getByLabel('Name').fill(name);
  await page.getByRole('radiogroup', { name: 'Access' }).getByText(access, { exact: true }).click();
  await page.getByLabel('Your current password').fill('alice-demo-pass');
  await page.getByRole('button', { name: 'Create Token' }).click();
  const shown = page.getByTestId('new-api-token');
  await shown.waitFor();
  return (await shown.textContent()) ?? '';
}

describe('API tokens (/api-tokens)', () => {
  it('creates a token shown once, which a script uses against the API until it is revoked', {
    timeout: 180_000,
  }, async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await page.getByRole('heading', { name: 'API Tokens' }).waitFor();

    const token = await createToken(page, 'e2e reader', 'Read only');
    expect(token).toMatch(/^mpt_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    await page.getByText('it is shown only once', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const row = page.getByRole('row', { name: /e2e reader/ });
    await row.getByText('Read only').waitFor();
    await row.getByText('Never').waitFor();

    const me = await fetchWith(page, token, '/api/customer/alice');
    expect(me.status).toBe(200);
    expect(me.body.data.logname).toBe('alice');
    const change = await fetchWith(page, token, '/api/set-mode', { logname: 'alice', mode: 'light' });
    expect(change.status).toBe(403);
    expect(change.body.code).toBe('forbidden');

    // Reloaded, the list shows the use and never the token again.
    await page.reload();
    await page.getByRole('heading', { name: 'API Tokens' }).waitFor();
    await page.getByRole('row', { name: /e2e reader/ }).waitFor();
    expect(await page.getByTestId('new-api-token').count()).toBe(0);
    expect(await page.content()).not.toContain(token.slice(21));
    expect(
      await page
        .getByRole('row', { name: /e2e reader/ })
        .getByText('Never')
        .count(),
    ).toBe(0);

    await removeRow(page, 'Revoke', 'e2e reader', 'Token revoked');
    const after = await fetchWith(page, token, '/api/customer/alice');
    expect(after.status).toBe(401);
    expect(after.body.status).toBe('expired_token');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  // One page, signed in once, for the four looks.
  itLooksRight(
    () => browser,
    'alice',
    'api-tokens',
    async (page, look) => {
      await page.goto(url('/api-tokens'));
      await page.getByRole('heading', { name: 'API Tokens' }).waitFor();
      await createToken(page, `e2e ${look}`, 'Full');
      await page.getByRole('row', { name: new RegExp(`e2e ${look}`) }).waitFor();
    },
  );
});

import { mailText } from '@portal/contract/mail/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, login, newPage, url } from './browser.ts';

/**
 * A recovery address staff put on a customer's account waits out a cooling-off period
 * (docs/decisions/032-staff-made-recovery-addresses.md): the customer sees it on Recovery Contacts,
 * with the date, and cancels it by removing it.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Staff add `email` as a recovery address of `logname` through the API, as the staff screen does. */
async function staffAdds(page: Page, logname: string, email: string): Promise<void> {
  const res = await page.evaluate(
    async ({ logname, email }) => {
      const post = async (path: string, body: unknown, token?: string) =>
        fetch(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const signIn = await post('/api/miglogin', { username: 'staff', password: 'staff-demo-pass' });
      return post('/api/add-recovery-email', { logname, email }, signIn.data.id_token);
    },
    { logname, email },
  );
  expect(res.status, JSON.stringify(res)).toBe(1);
  expect(res.data.usable_after).toBeTruthy();
}

describe('a recovery address added by staff (customer side)', () => {
  it('is listed with its cooling-off date, and the customer cancels it by removing it', {
    timeout: 180_000,
  }, async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/portal/`);
    const planted = 'planted.e2e@staff-added.example';
    await staffAdds(page, 'bob', planted);
    await login(page, 'bob');
    await page.goto(url('/recovery-contacts'));
    await page.getByRole('cell', { name: planted, exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(planted.replace(/\./g, '\\.')) });
    await row.getByText(/added by staff: no resets before/).waitFor();
    expect(await row.textContent()).toContain(mailText.recoveryPending);
    await page.getByRole('button', { name: `Delete ${planted}` }).click();
    await page.getByRole('cell', { name: planted, exact: true }).waitFor({ state: 'detached' });
    await page.context().close();
  });
});

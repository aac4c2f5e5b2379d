import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  baseUrl,
  expectFitsPhone,
  launch,
  login,
  newPage,
  screenshot,
  signedInLooks,
  url,
} from './browser.ts';

// The machine is shared: give each flow time (the default is 60 s).
vi.setConfig({ testTimeout: 150_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const sessionRows = (page: Page) => page.getByRole('table', { name: 'Sessions' }).locator('tbody tr');

/** A staff change to `account` made through the API, as a staff member's program would. */
async function staffAddsContact(page: Page, account: string, contact: string): Promise<number> {
  const api = page.context().request;
  const signIn = await api.post(`${baseUrl()}/api/miglogin`, {
    data: { username: 'staff', password: 'staff-demo-pass' },
  });
  const token = (await signIn.json()).data.id_token as string;
  const res = await api.post(`${baseUrl()}/api/add-contact`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      logname: account,
      contact,
      info: 'noc@example.org',
      restricted: '0',
      technical: '1',
      billing: '0',
      restriction: 'None.',
    },
  });
  expect(res.status()).toBe(200);
  const tcid = (await res.json()).data.contact.tcid as number;
  return tcid;
}

async function staffDeletesContact(page: Page, account: string, id: number): Promise<void> {
  const api = page.context().request;
  const signIn = await api.post(`${baseUrl()}/api/miglogin`, {
    data: { username: 'staff', password: 'staff-demo-pass' },
  });
  const token = (await signIn.json()).data.id_token as string;
  const res = await api.post(`${baseUrl()}/api/delete-contact`, {
    headers: { authorization: `Bearer ${token}` },
    data: { account, id },
  });
  expect(res.status()).toBe(200);
}

describe('Security: sessions and sign-ins', () => {
  it('signs in from two browsers, sees two sessions, signs the other out, and the other is signed out', async () => {
    const laptop = await newPage(browser);
    const phone = await newPage(browser, { width: 390, height: 844 });
    await login(laptop, 'bob');
    await login(phone, 'bob');
    await laptop.goto(url('/security'));
    await laptop.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    // The two are the same browser on the same network: one row, this browser's, the other folded
    // under it until shown.
    await laptop
      .getByRole('button', { name: /^Show \d+ older sessions? of / })
      .first()
      .click();
    await expect.poll(() => sessionRows(laptop).count()).toBeGreaterThanOrEqual(2);
    // This browser is marked and cannot sign itself out from the list.
    const mine = sessionRows(laptop).filter({ hasText: 'This browser' });
    expect(await mine.count()).toBe(1);
    expect(await mine.getByRole('button', { name: /Sign out/ }).count()).toBe(0);
    await laptop.getByRole('table', { name: 'Recent sign-ins' }).getByText('Signed in').first().waitFor();
    expect(await seriousViolations(laptop)).toEqual([]);
    await screenshot(laptop, 'security-desktop-light');

    await laptop.getByRole('button', { name: 'Sign out all other browsers' }).click();
    await laptop.getByText('Signed out elsewhere').first().waitFor();
    await expect.poll(() => sessionRows(laptop).count()).toBe(1);

    // The other browser's next request is refused: it is back at the sign-in form.
    await phone.goto(url('/account-info'));
    await phone.getByLabel('Username').waitFor();
    expect(await phone.getByTestId('operator').count()).toBe(0);
    // The laptop goes on.
    await laptop.reload();
    await laptop.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    expect(laptop.url()).toContain('/portal/security');
    await laptop.context().close();
    await phone.context().close();
  });

  it('ends one other session from the list', async () => {
    const a = await newPage(browser);
    const b = await newPage(browser);
    await login(a, 'carol');
    await login(b, 'carol');
    await a.goto(url('/security'));
    // carol's sessions of the same browser and network are folded under their latest: show them all,
    // so the count is of every session.
    const older = a.getByRole('button', { name: /^Show \d+ older sessions? of / });
    await older.first().waitFor();
    while ((await older.count()) > 0) await older.first().click();
    await expect.poll(() => sessionRows(a).count()).toBeGreaterThanOrEqual(2);
    const before = await sessionRows(a).count();
    await sessionRows(a)
      .filter({ hasNotText: 'This browser' })
      .first()
      .getByRole('button', { name: /Sign out/ })
      .click();
    await expect.poll(() => sessionRows(a).count()).toBe(before - 1);
    await a.context().close();
    await b.context().close();
  });

  // One page, signed in once, for the four looks.
  const securityLooks = signedInLooks(() => browser, 'alice');
  for (const dark of [false, true])
    it(`looks right at phone width and on the desktop (${dark ? 'dark' : 'light'})`, async () => {
      for (const width of [390, 1280]) {
        const page = await securityLooks({ width, height: 844, dark });
        await page.goto(url('/security'));
        await page.getByRole('table', { name: 'Recent sign-ins' }).getByText('Signed in').first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        if (width === 390)
          await expectFitsPhone(page, {
            heading: 'Where you are signed in',
            action: 'Sign out all other browsers',
          });
        await screenshot(page, `security-${width === 390 ? 'phone' : 'desktop'}-${dark ? 'dark' : 'light'}`);
      }
    });
});

describe('Account activity', () => {
  it('shows a change made by staff with the staff logname, searchable', async () => {
    const page = await newPage(browser);
    const tcid = await staffAddsContact(page, 'bob', 'Activity Probe');
    try {
      await login(page, 'bob');
      await page.goto(url('/account-activity'));
      const table = page.getByRole('table', { name: 'Account activity' });
      const row = table.locator('tbody tr').filter({ hasText: 'Added the contact Activity Probe.' });
      await row.waitFor();
      expect(await row.getByText('staff', { exact: true }).count()).toBe(1);
      expect(await row.getByText('Contact added').count()).toBe(1);
      await page.getByLabel('Search').fill('activity probe');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      await page.getByLabel('Search').fill('');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'account-activity-desktop-light');
    } finally {
      await staffDeletesContact(page, 'bob', tcid);
      await page.context().close();
    }
  });

  // One page, signed in once, for the three looks.
  const activityLooks = signedInLooks(() => browser, 'bob');
  for (const dark of [false, true])
    it(`stacks the rows as cards on a phone (${dark ? 'dark' : 'light'})`, async () => {
      const page = await activityLooks({ width: 390, height: 844, dark });
      await page.goto(url('/account-activity'));
      await page.getByRole('table', { name: 'Account activity' }).locator('tbody tr').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await expectFitsPhone(page, { heading: 'Account Activity' });
      await screenshot(page, `account-activity-phone-${dark ? 'dark' : 'light'}`);
      if (dark) {
        const desk = await activityLooks({ dark: true });
        await desk.goto(url('/account-activity'));
        await desk.getByRole('table', { name: 'Account activity' }).locator('tbody tr').first().waitFor();
        await screenshot(desk, 'account-activity-desktop-dark');
      }
    });
});

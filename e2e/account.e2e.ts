import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from './axe.ts';
import {
  launch,
  login,
  lookingPage,
  newPage,
  restoreDemoPassword,
  screenshot,
  signedInLooks,
  url,
  waitForMail,
  workOn,
} from './browser.ts';

// The machine is shared: give each flow time (the default is 60 s).
vi.setConfig({ testTimeout: 150_000 });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const GOOD = 'Tq7vLm2-xZp9-harbor';
const dialog = (page: Page) => page.getByRole('dialog');

/**
 * Serious axe violations of this area's content. The shell's banner (p[role="status"], dimmed
 * text, not part of this area) is left out; every other node is reported.
 */
async function violations(page: Page): Promise<string[]> {
  return (await seriousViolations(page)).flatMap((v) => {
    const m = v.match(/^(.*) \((.*)\)$/);
    if (!m) return [v];
    const nodes = (m[2] ?? '').split(', ').filter((n) => n !== 'p[role="status"]');
    return nodes.length ? [`${m[1]} (${nodes.join(', ')})`] : [];
  });
}

async function closeDialog(page: Page): Promise<void> {
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await dialog(page).waitFor({ state: 'hidden' });
}

describe('addresses', () => {
  it('shows the required-field texts, then updates the account address', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/account-addr'));
    await page.getByRole('heading', { name: 'Change Account Address for alice' }).waitFor();
    await expect(page.getByLabel('City').inputValue()).resolves.toBe('Portland');
    await page.getByLabel('City').fill('');
    await page.getByLabel('Zip Code').fill('');
    await page.getByRole('button', { name: 'Update Account Address' }).click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    await page.getByLabel('City').fill('South Portland');
    await page.getByLabel('Zip Code').fill('04106');
    await page.getByRole('button', { name: 'Update Account Address' }).click();
    await dialog(page).getByText('Updated').waitFor();
    await expect(dialog(page).getByText('Success').isVisible()).resolves.toBe(true);
    await closeDialog(page);
    const mail = await waitForMail((m) => m.includes('Account address change for alice'));
    expect(mail).toContain('South Portland');
    // Back to the demo address: other files read alice's address (the portal is shared).
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Zip Code').fill('04101');
    await page.getByRole('button', { name: 'Update Account Address' }).click();
    await dialog(page).getByText('Updated').waitFor();
    await closeDialog(page);
    await page.context().close();
  });

  it('requires the names on the billing address and refuses a Secondary', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/billing-addr'));
    await page.getByRole('heading', { name: 'Change Billing Address for bob' }).waitFor();
    await page.getByLabel('First Name').fill('');
    await page.getByLabel('Last Name').fill('');
    await page.getByRole('button', { name: 'Update Billing Address' }).click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    await page.getByLabel('First Name').fill('Robert');
    await page.getByLabel('Last Name').fill('Baker');
    await page.getByRole('button', { name: 'Update Billing Address' }).click();
    await dialog(page).getByText('Updated').waitFor();
    await page.context().close();

    const sec = await newPage(browser);
    await login(sec, 'carol');
    await sec.goto(url('/billing-addr'));
    await sec.getByText("Secondary accounts don't have access to billing information").waitFor();
    await sec.context().close();
  });

  it('reloads the address when staff switch to another account', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'bob');
    await page.goto(url('/account-addr'));
    await page.getByRole('heading', { name: 'Change Account Address for bob' }).waitFor();
    await expect(page.getByLabel('Address').inputValue()).resolves.toBe('48 Elm Avenue');
    await workOn(page, 'alice');
    await page.getByRole('heading', { name: 'Change Account Address for alice' }).waitFor();
    await expect.poll(() => page.getByLabel('Address').inputValue()).toBe('12 Harbor Street');
    await page.context().close();
  });
});

describe('statement delivery', () => {
  it('validates the email and saves the method', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/change-stmt-delivery'));
    await page.getByRole('heading', { name: 'Statement Delivery for alice' }).waitFor();
    await expect(page.getByLabel('Email only').isChecked()).resolves.toBe(true);
    await page.getByLabel('Both email and paper').check();
    await page.getByLabel('Statement email').fill('not-an-address');
    await page.getByRole('button', { name: 'Save Delivery Method' }).click();
    await page.getByText('This field must be a valid email address').waitFor();
    await page.getByLabel('Statement email').fill('statements@anderson-design.com');
    await page.getByRole('button', { name: 'Save Delivery Method' }).click();
    await dialog(page).getByText('Thanks!').waitFor();
    await closeDialog(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Statement Delivery for alice' }).waitFor();
    await expect.poll(() => page.getByLabel('Both email and paper').isChecked()).toBe(true);
    await page.context().close();

    const sec = await newPage(browser);
    await login(sec, 'carol');
    await sec.goto(url('/change-stmt-delivery'));
    await sec.getByText('Statement delivery options are only available for the primary account').waitFor();
    await sec.context().close();
  });
});

describe('passwords', () => {
  it('changes the email/unix password with the panel password, after the form rules', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/change-email-password'));
    const submit = page.getByRole('button', { name: 'Change Email Password' });
    await submit.click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    await page.getByLabel('Panel Password').fill('bob-demo-pass');
    await page.getByLabel(/^New Email Password/).fill('short');
    await submit.click();
    await page.getByText('Must be at least 8 characters').waitFor();
    await page.getByLabel(/^New Email Password/).fill(GOOD);
    await page.getByLabel('Confirm New Email Password').fill(`${GOOD}x`);
    await submit.click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm New Email Password').fill(GOOD);
    await page.getByLabel('Panel Password').fill('not-my-password');
    await submit.click();
    await dialog(page).getByText('The panel password is not correct').waitFor();
    await expect(dialog(page).getByText('Problems').isVisible()).resolves.toBe(true);
    await closeDialog(page);
    await page.getByLabel('Panel Password').fill('bob-demo-pass');
    await page.getByLabel(/^New Email Password/).fill(GOOD);
    await page.getByLabel('Confirm New Email Password').fill(GOOD);
    await submit.click();
    await dialog(page).getByText('Thank You!').waitFor();
    await dialog(page).getByText('Password changes take about ten minutes to propagate').waitFor();
    await page.context().close();
  });

  it('refuses a breached password', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/change-email-password'));
    await page.getByLabel('Panel Password').fill('alice-demo-pass');
    await page.getByLabel(/^New Email Password/).fill('password123');
    await page.getByLabel('Confirm New Email Password').fill('password123');
    await page.getByRole('button', { name: 'Change Email Password' }).click();
    await dialog(page)
      .getByText(/data breaches\./)
      .waitFor();
    await page.context().close();
  });

  it('changes the members panel password', async () => {
    const page = await newPage(browser);
    await login(page, 'dave');
    await page.goto(url('/change-panel-password'));
    const submit = page.getByRole('button', { name: 'Change Panel Password' });
    await submit.click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    await page.getByLabel('Old Password').fill('dave-demo-pass');
    await page.getByLabel(/^New Password/).fill('seven77');
    await submit.click();
    await page.getByText('Must be at least 8 characters').waitFor();
    await page.getByLabel(/^New Password/).fill(GOOD);
    await page.getByLabel('Confirm New Password').fill('different-pass');
    await submit.click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm New Password').fill(GOOD);
    await submit.click();
    await dialog(page).getByText('Password Changed').waitFor();
    await closeDialog(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await login(page, 'dave', GOOD);
    await restoreDemoPassword(page, 'dave', GOOD);
    await page.context().close();
  });
});

describe('password resets (without login)', () => {
  it('requests a panel reset, follows the mailed link once, and logs in with the new password', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Forgot panel password?' }).click();
    await page.getByRole('heading', { name: 'Request Members Panel Password Reset' }).waitFor();
    await page.getByRole('button', { name: 'Request Reset' }).click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    await page.getByLabel('Account').fill('carol');
    await page.getByLabel('Recovery Email').fill('carol-at-anderson');
    await page.getByRole('button', { name: 'Request Reset' }).click();
    await page.getByText('This field must be a valid email address').waitFor();
    await page.getByLabel('Recovery Email').fill('carol@anderson-design.com');
    await page.getByRole('button', { name: 'Request Reset' }).click();
    await dialog(page).getByText('Reset request submitted').waitFor();
    await dialog(page).getByText('Please check your email for reset link').waitFor();
    await closeDialog(page);

    const mail = await waitForMail(
      (m) => m.includes('To: carol@anderson-design.com') && m.includes('reset-panel-password/'),
    );
    const link = (
      mail.match(/http:\/\/\S+\/portal\/reset-panel-password\/[A-Za-z0-9_-]+/) as RegExpMatchArray
    )[0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Members Panel Password' }).waitFor();
    await page.getByLabel(/^New Password/).fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Must be at least 8 characters').waitFor();
    await page.getByLabel(/^New Password/).fill(GOOD);
    await page.getByLabel('Confirm New Password').fill('something else');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm New Password').fill(GOOD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByTestId('thankyou').getByText('Password Changed').waitFor();
    // What the reset left (API tokens revoked, second factor and passkeys remaining) is listed.
    await page.getByTestId('thankyou').getByTestId('reset-remaining').waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill(GOOD);
    await page.getByLabel('Confirm New Password').fill(GOOD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await dialog(page).getByText('Reset Failed').waitFor();
    await closeDialog(page);

    await login(page, 'carol', GOOD);
    await restoreDemoPassword(page, 'carol', GOOD);
    await page.context().close();
  });

  it('requests an email reset, follows the mailed link and sets the email password', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Forgot email password?' }).click();
    await page.getByRole('heading', { name: 'Request Email Password Reset' }).waitFor();
    await page.getByRole('button', { name: 'Request Reset' }).click();
    await expect(page.getByText('Required').count()).resolves.toBe(2);
    // A recovery address (the panel reset above uses the bill address).
    await page.getByLabel('Account').fill('bob');
    await page.getByLabel('Recovery Email').fill('bob.recovery@example.com');
    await page.getByRole('button', { name: 'Request Reset' }).click();
    await dialog(page).getByText('Reset request submitted').waitFor();
    await dialog(page).getByText('Please check your email for reset link').waitFor();
    await closeDialog(page);

    const mail = await waitForMail(
      (m) => m.includes('To: bob.recovery@example.com') && m.includes('reset-email-password/'),
    );
    expect(mail).toContain('Reset of your email/unix password');
    const link = (
      mail.match(/http:\/\/\S+\/portal\/reset-email-password\/[A-Za-z0-9_-]+/) as RegExpMatchArray
    )[0];
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Email Password' }).waitFor();
    await page.getByLabel(/^New Password/).fill(GOOD);
    await page.getByLabel('Confirm New Password').fill(`${GOOD}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm New Password').fill(GOOD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    const thanks = page.getByTestId('thankyou');
    await thanks.getByText('Password Changed').waitFor();
    await thanks.getByText('Password changes take about ten minutes to propagate').waitFor();

    // The link works once.
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill(GOOD);
    await page.getByLabel('Confirm New Password').fill(GOOD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await dialog(page).getByText('Reset Failed').waitFor();
    await closeDialog(page);

    // Only the email password is queued for a change (superseding the one the test above queued
    // for bob): the panel password, which later files sign in with, is the demo one still.
    await login(page, 'bob');
    await page.context().close();
  });

  it('has a Cancel button that goes back', async () => {
    const page = await newPage(browser);
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Forgot email password?' }).click();
    await page.getByRole('heading', { name: 'Request Email Password Reset' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Username').waitFor();
    await page.context().close();
  });
});

describe('requests', () => {
  it('checks secondary account names, then requests them; staff mark the request done', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/add-secondaries'));
    await page.getByRole('heading', { name: 'Add Secondary Accounts for alice' }).waitFor();
    await page.getByRole('button', { name: 'Request Accounts' }).click();
    await page.getByText('Enter at least one account name').waitFor();
    await page.getByLabel('Account name 1', { exact: true }).fill('bob');
    await page.getByLabel('Account name 2', { exact: true }).fill('hankh');
    await page.getByRole('button', { name: 'Request Accounts' }).click();
    await dialog(page).getByText('Account names used or invalid').waitFor();
    await dialog(page).getByText('Please choose a different account name for these accounts:').waitFor();
    await dialog(page).getByText('bob (taken)').waitFor();
    await closeDialog(page);
    await page.getByLabel('Account name 1', { exact: true }).fill('ivyi');
    await page.getByLabel('First name 1', { exact: true }).fill('Ivy');
    await page.getByLabel('Type 2', { exact: true }).selectOption('Full');
    await page.getByRole('button', { name: 'Request Accounts' }).click();
    await page.getByTestId('thankyou').getByText('New Accounts Pending').waitFor();
    await page.context().close();

    const staff = await newPage(browser);
    await login(staff, 'staff');
    await workOn(staff, 'alice');
    await staff.goto(url('/add-secondaries'));
    await staff.getByRole('heading', { name: 'Pending requests (staff)' }).waitFor();
    await staff.getByRole('cell', { name: 'ivyi (Email), hankh (Full)' }).waitFor();
    await staff.getByRole('button', { name: 'Mark done' }).first().click();
    await staff.getByText('No pending requests.').waitFor();
    await waitForMail((m) => m.includes('Your new accounts are ready') && m.includes('ivyi'));
    await staff.context().close();
  });

  it('shows a name taken between the check and the request as "Account names used or invalid"', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    // Someone takes the name after check-account-names passed it: request-accounts answers the
    // server's 409 (requests.ts), and nothing is really requested.
    await page.route('**/api/request-accounts', (route) =>
      route.fulfill({
        status: 409,
        // The server's envelope (with its failure code, which the screen branches on).
        json: { status: 0, message: 'Account names used or invalid: quinnq, ravenr', code: 'names_taken' },
      }),
    );
    await page.goto(url('/add-secondaries'));
    await page.getByRole('heading', { name: 'Add Secondary Accounts for alice' }).waitFor();
    await page.getByLabel('Account name 1', { exact: true }).fill('quinnq');
    await page.getByLabel('Account name 2', { exact: true }).fill('ravenr');
    await page.getByRole('button', { name: 'Request Accounts' }).click();
    await dialog(page).getByText('Account names used or invalid').waitFor();
    await dialog(page).getByText('Please choose a different account name for these accounts:').waitFor();
    await expect(dialog(page).getByRole('listitem').allTextContents()).resolves.toEqual(['quinnq', 'ravenr']);
    expect(await dialog(page).getByText('Problems').count()).toBe(0);
    await closeDialog(page);
    // The form keeps the names so they can be changed.
    await expect(page.getByLabel('Account name 1', { exact: true }).inputValue()).resolves.toBe('quinnq');
    await page.context().close();
  });

  it('requests web hosting for a domain without a website', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/add-webhosting'));
    await page.getByRole('heading', { name: 'Add Web Hosting for alice' }).waitFor();
    await page.getByRole('button', { name: 'Request Web Hosting' }).click();
    await page.getByText('Select a domain', { exact: true }).last().waitFor();
    await page.getByText('Select a hosting type').waitFor();
    await page.getByLabel('Starter').check();
    await expect(page.getByText('Will you run WordPress?').count()).resolves.toBe(0);
    await page.getByLabel('Basic').check();
    await page.getByText('Will you run WordPress?').waitFor();
    await page.getByLabel('Yes').check();
    await page.getByRole('textbox', { name: 'Domain' }).click();
    await page.getByRole('option', { name: 'anderson.design' }).click();
    await page.getByLabel('Non-profit').check();
    await page.getByLabel('Notes').fill('Portfolio site, about 2 GB of images.');
    await page.getByRole('button', { name: 'Request Web Hosting' }).click();
    await page.getByTestId('thankyou').getByText('Web Hosting Request Submitted').waitFor();
    const mail = await waitForMail((m) => m.includes('Web Hosting Request: anderson.design'));
    expect(mail).toContain('To: noc@example.net');
    expect(mail).toContain('Hosting type: Basic');
    expect(mail).toContain('WordPress: Yes');
    expect(mail).toContain('Message sent by alice');
    await page.context().close();
  });
});

describe('looks and accessibility', () => {
  const screens: Array<[string, string]> = [
    ['/account-addr', 'Change Account Address'],
    ['/billing-addr', 'Change Billing Address'],
    ['/change-email-password', 'Change Email/Unix Password'],
    ['/change-panel-password', 'Change Members Panel Password'],
    ['/change-stmt-delivery', 'Statement Delivery'],
    ['/add-secondaries', 'Add Secondary Accounts'],
    ['/add-webhosting', 'Add Web Hosting'],
  ];
  // Two pages for the four looks: one signed out, one where bob signed in once.
  let signedOut: Awaited<ReturnType<typeof lookingPage>> | undefined;
  afterAll(() =>
    signedOut?.page
      .context()
      .close()
      .catch(() => {}),
  );
  const bobAt = signedInLooks(() => browser, 'bob');
  for (const dark of [false, true]) {
    for (const width of [1280, 360]) {
      const tag = `${dark ? 'dark' : 'light'}${width === 360 ? '-phone' : ''}`;
      it(`has no serious axe violations (${tag})`, { timeout: 240_000 }, async () => {
        const look = { dark, width, height: width === 360 ? 740 : 860 };
        if (signedOut) await signedOut.look(look);
        else signedOut = await lookingPage(browser, look);
        let page = signedOut.page;
        await page.goto(url('/'));
        await page.evaluate(`localStorage.setItem('mode', '${dark ? 'dark' : 'light'}')`);
        await page.goto(url('/request-panel-reset'));
        await page.getByRole('heading', { name: 'Request Members Panel Password Reset' }).waitFor();
        await screenshot(page, `account-request-panel-reset-${tag}`);
        expect(await violations(page)).toEqual([]);
        await page.goto(url('/reset-email-password/some-token'));
        await page.getByRole('heading', { name: 'Reset Email Password' }).waitFor();
        await screenshot(page, `account-reset-email-password-${tag}`);
        // The next navigation shows bob's pages in this look (his stored mode is left as it is).
        page = await bobAt(look);
        for (const [path, heading] of screens) {
          await page.goto(url(path));
          await page.getByRole('heading', { name: new RegExp(`^${heading}`) }).waitFor();
          await page
            .getByRole('button', { name: /Update|Change|Save|Request/ })
            .first()
            .waitFor();
          await screenshot(page, `account${path.replace('/', '-')}-${tag}`);
          expect(await violations(page), path).toEqual([]);
        }
      });
    }
  }
});

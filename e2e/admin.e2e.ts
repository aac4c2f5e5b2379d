import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { demoDay } from './demo-days.ts';
import {
  expectFitsPhone,
  launch,
  login,
  pagesClosedAfterEach,
  screenshot,
  signedInLooks,
  url,
  workOn,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const newPage = pagesClosedAfterEach();

const dialog = (page: Page) => page.getByRole('dialog');
async function closeDialog(page: Page) {
  await dialog(page).getByRole('button', { name: 'Close' }).first().click();
  await dialog(page).waitFor({ state: 'hidden' });
}

/** The status modal (the one dialog with a modal body; a closing confirmation may still be on screen). */
const statusDialog = (page: Page) => dialog(page).filter({ has: page.getByTestId('modal-body') });

/** The colour of the status modal's alert: red is the danger/serious modal, yellow the warning. */
async function modalColor(page: Page): Promise<string | undefined> {
  const style = (await page.getByTestId('modal-body').getAttribute('style')) ?? '';
  return /--mantine-color-(red|yellow|blue)/.exec(style)?.[1];
}

/** Waits for the status modal titled exactly `title`; returns its alert colour and body text. */
async function statusModal(page: Page, title: string): Promise<{ color?: string; body: string }> {
  await page.getByTestId('modal-body').waitFor();
  await expect.poll(() => statusDialog(page).locator('.mantine-Modal-title').textContent()).toBe(title);
  // The body is sanitised markup, rendered once the sanitiser has loaded; every modal here has one.
  const body = async () => (await page.getByTestId('modal-body').innerText()).trim();
  await expect.poll(body).not.toBe('');
  return { color: await modalColor(page), body: await body() };
}

/** Alice's dashboard admins, set through the Secondaries screen; returns what the success modal said. */
async function setAdmins(page: Page, admins: string[]) {
  await page.goto(url('/secondaries'));
  await page.getByRole('heading', { name: 'Secondary Accounts of alice' }).waitFor();
  for (const logname of ['carol', 'dave', 'erin']) {
    await page.getByLabel(`Dashboard admin: ${logname}`).setChecked(admins.includes(logname));
  }
  await page.getByRole('button', { name: 'Update Admins' }).click();
  await expect(page.getByTestId('admins-to-save').textContent()).resolves.toBe(admins.join(', ') || 'None');
  // Dashboard admin rights are confirmed with the current password.
  await dialog(page).getByLabel('Your current password').fill('alice-demo-pass');
  await dialog(page).getByRole('button', { name: 'Confirm' }).click();
  await dialog(page).getByText('Dashboard admins of alice updated').waitFor();
  await closeDialog(page);
}

describe('account contacts', () => {
  it('lists contacts sorted, shows the detail panel, adds, edits and deletes a contact', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/contacts'));
    await page.getByRole('heading', { name: 'Account Contacts of alice' }).waitFor();
    await page.getByRole('row', { name: /Front Desk/ }).waitFor();
    const names = await page.locator('tbody tr td:first-child').allTextContents();
    expect(names).toEqual(['Alice Anderson', 'Dave Dunn', 'Front Desk']);

    await page.getByRole('row', { name: /Dave Dunn/ }).click();
    const detail = page.getByTestId('contact-detail');
    await detail.getByText('Has restrictions? Yes').waitFor();
    await detail.getByText('Billing Contact? No').waitFor();
    // Line breaks of the restriction are kept: the rendered text (innerText), not the DOM text, shows them.
    await expect(page.getByTestId('contact-restriction').innerText()).resolves.toBe(
      'May open tickets for the web server only.\nNo billing changes.',
    );

    // Add: info and restriction are required.
    await page.getByRole('link', { name: 'Add New Contact' }).click();
    await page.getByRole('heading', { name: 'Add Account Contact' }).waitFor();
    await page.getByLabel('Contact Name').fill('Night Shift');
    await page.getByRole('button', { name: 'Add New Contact' }).click();
    expect(await page.getByText('Required').count()).toBe(2);
    await page.getByLabel('Technical Contact').check();
    await page.getByRole('textbox', { name: 'Info' }).fill('noc@anderson-design.com\n207-555-0199');
    await page.getByLabel('Restriction').fill('Outages only.\nNo changes.');
    await page.getByRole('button', { name: 'Add New Contact' }).click();
    await page.getByRole('heading', { name: 'Account Contacts of alice' }).waitFor();
    await page.getByRole('row', { name: /Night Shift/ }).click();
    await page.getByTestId('contact-detail').getByText('Technical Contact? Yes').waitFor();

    // Edit: prefilled from the server; Update returns to the list.
    await page.getByRole('link', { name: 'Edit Contact' }).click();
    await page.getByRole('heading', { name: 'Edit Account Contact' }).waitFor();
    await expect(page.getByLabel('Contact Name').inputValue()).resolves.toBe('Night Shift');
    await expect(page.getByRole('textbox', { name: 'Info' }).inputValue()).resolves.toBe(
      'noc@anderson-design.com\n207-555-0199',
    );
    await page.getByRole('textbox', { name: 'Info' }).fill('noc@anderson-design.com\n207-555-0100');
    await page.getByLabel('Billing Contact').check();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('heading', { name: 'Account Contacts of alice' }).waitFor();
    await page.getByRole('row', { name: /Night Shift/ }).click();
    await expect(page.getByTestId('contact-info').innerText()).resolves.toBe(
      'noc@anderson-design.com\n207-555-0100',
    );
    await page.getByTestId('contact-detail').getByText('Billing Contact? Yes').waitFor();

    // Delete: after confirming, the review message "Deleted {contact}" and the list without it.
    await page.getByRole('button', { name: 'Delete Contact' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted Night Shift').waitFor();
    await page.getByRole('row', { name: /Night Shift/ }).waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr td:first-child').allTextContents()).toEqual([
      'Alice Anderson',
      'Dave Dunn',
      'Front Desk',
    ]);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.context().close();
  });

  it('shows a Secondary the permission message, and a bad contact id "Can\'t find"', async () => {
    const page = await newPage(browser);
    await login(page, 'carol');
    await page.goto(url('/contacts'));
    await dialog(page).getByText("Secondary accounts don't have access to this information").waitFor();
    await expect(dialog(page).getByText('Permission denied').first().isVisible()).resolves.toBe(true);
    await closeDialog(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await login(page, 'alice');
    await page.goto(url('/edit-tc-contact/4'));
    await dialog(page).getByText("Can't find 4").waitFor();
    await dialog(page).getByText('Permission denied').waitFor();
    expect(await modalColor(page)).toBe('yellow');
    await closeDialog(page);
    // An id that is not a number is the same warning modal, not only a line of text.
    await page.goto(url('/edit-tc-contact/abc'));
    expect(await statusModal(page, "Can't find abc")).toEqual({ color: 'yellow', body: 'Contact not found' });
    await page.context().close();
  });

  it('takes staff back to the contact list when the current user changes on the add screen', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'alice');
    await page.goto(url('/add-tc-contact'));
    await page.getByRole('heading', { name: 'Add Account Contact' }).waitFor();
    await workOn(page, 'bob');
    await page.getByRole('heading', { name: 'Account Contacts of bob' }).waitFor();
    await page.getByRole('row', { name: /Bob Baker/ }).waitFor();
    await page.context().close();
  });

  it('takes staff back to the contact list when the current user changes on the edit screen', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'alice');
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/get-contact')) asked.push(JSON.parse(r.postData() ?? '{}').logname);
    });
    await page.goto(url('/edit-tc-contact/1'));
    await page.getByRole('heading', { name: 'Edit Account Contact' }).waitFor();
    await expect.poll(() => page.getByLabel('Contact Name').inputValue()).toBe('Alice Anderson');
    await workOn(page, 'bob');
    await page.getByRole('heading', { name: 'Account Contacts of bob' }).waitFor();
    await page.getByRole('row', { name: /Bob Baker/ }).waitFor();
    // alice's contact 1 was not asked for as bob's on the way out (which would show "Can't find 1").
    expect(asked).toEqual(['alice']);
    expect(await page.getByText("Can't find 1").count()).toBe(0);
    await page.context().close();
  });
});

describe('failure modals of the account administration screens', () => {
  // The server's failure envelope; its code (packages/contract/src/http.ts) is what the screens read.
  const envelope = (status: number, message: string, code = 'refused') => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ status: 0, message, code }),
  });
  // A proxy's answer: an error status and no body at all.
  const bodiless = (status: number) => ({ status, contentType: 'text/html', body: '' });

  it('circuits: a 500 is "Server failure: 500", a failure with no body "Get Circuits failed"; the list is emptied', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.route('**/api/circuits/*', (r) => r.fulfill(envelope(500, 'Internal error', 'internal')));
    await page.goto(url('/circuit-list'));
    expect(await statusModal(page, 'Server failure: 500')).toEqual({ color: 'red', body: 'Internal error' });
    await closeDialog(page);
    await page.getByText('No circuits').waitFor();

    for (const answer of [
      (r: Route) => r.fulfill(bodiless(502)),
      (r: Route) => r.fulfill(bodiless(503)),
      (r: Route) => r.abort('connectionreset'),
    ]) {
      await page.unrouteAll();
      await page.route('**/api/circuits/*', answer);
      await page.goto(url('/circuit-list'));
      expect((await statusModal(page, 'Get Circuits failed')).color).toBe('red');
      await closeDialog(page);
      await page.getByText('No circuits').waitFor();
      expect(await page.getByRole('row', { name: /Portland Studio/ }).count()).toBe(0);
    }
    await page.context().close();
  });

  it('BUS accounts: no response is "Get Bus Accounts failed"; the list is emptied', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.route('**/api/bus-accounts/*', (r) => r.abort('connectionrefused'));
    await page.goto(url('/ba-list'));
    expect((await statusModal(page, 'Get Bus Accounts failed')).color).toBe('red');
    await closeDialog(page);
    await page.getByText('No BUS accounts').waitFor();
    await page.context().close();
  });

  it('secondaries: a failed update is "Update admins failed" and changes nothing', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.route('**/api/update-admins', (r) => r.fulfill(bodiless(503)));
    await page.goto(url('/secondaries'));
    await page.getByLabel('Dashboard admin: erin').setChecked(true);
    await page.getByRole('button', { name: 'Update Admins' }).click();
    await dialog(page).getByLabel('Your current password').fill('alice-demo-pass');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    expect((await statusModal(page, 'Update admins failed')).color).toBe('red');
    await closeDialog(page);
    // The call never reached the server: the saved admins are still dave alone.
    await page.reload();
    await expect.poll(() => page.getByLabel('Dashboard admin: dave').isChecked()).toBe(true);
    expect(await page.getByLabel('Dashboard admin: erin').isChecked()).toBe(false);
    await page.context().close();
  });

  it('contacts: "Add Contact Failed", "Edit Contact Failed" (warning for status 0, serious for a failed call), "Deletion failed", "Get Contact Failed {id}"', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');

    await page.goto(url('/add-tc-contact'));
    await page.getByLabel('Contact Name').fill('Never Added');
    await page.getByRole('textbox', { name: 'Info' }).fill('never@example.com');
    await page.getByLabel('Restriction').fill('None');
    await page.route('**/api/add-contact', (r) => r.fulfill(envelope(422, 'Too many contacts')));
    await page.getByRole('button', { name: 'Add New Contact' }).click();
    expect(await statusModal(page, 'Add Contact Failed')).toEqual({
      color: 'yellow',
      body: 'Too many contacts',
    });
    await closeDialog(page);
    await page.unrouteAll();
    await page.route('**/api/add-contact', (r) => r.abort('connectionreset'));
    await page.getByRole('button', { name: 'Add New Contact' }).click();
    expect((await statusModal(page, 'Add Contact Failed')).color).toBe('red');
    await closeDialog(page);
    await page.getByRole('heading', { name: 'Add Account Contact' }).waitFor();

    await page.goto(url('/edit-tc-contact/2'));
    await expect.poll(() => page.getByLabel('Contact Name').inputValue()).toBe('Dave Dunn');
    await page.route('**/api/update-contact', (r) => r.fulfill(envelope(422, 'Contact is locked')));
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await statusModal(page, 'Edit Contact Failed')).toEqual({
      color: 'yellow',
      body: 'Contact is locked',
    });
    await closeDialog(page);
    await page.unrouteAll();
    await page.route('**/api/update-contact', (r) => r.fulfill(bodiless(502)));
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await statusModal(page, 'Edit Contact Failed')).color).toBe('red');
    await closeDialog(page);
    await page.getByRole('heading', { name: 'Edit Account Contact' }).waitFor();

    await page.goto(url('/contacts'));
    await page.getByRole('row', { name: /Dave Dunn/ }).click();
    await page.route('**/api/delete-contact', (r) => r.abort('connectionreset'));
    await page.getByRole('button', { name: 'Delete Contact' }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    expect((await statusModal(page, 'Deletion failed')).color).toBe('red');
    await closeDialog(page);
    await page.getByRole('row', { name: /Dave Dunn/ }).waitFor();

    await page.route('**/api/get-contact', (r) => r.abort('connectionreset'));
    await page.goto(url('/edit-tc-contact/2'));
    expect((await statusModal(page, 'Get Contact Failed 2')).color).toBe('red');
    await closeDialog(page);

    // Nothing reached the server: the list is as it was.
    await page.unrouteAll();
    await page.goto(url('/contacts'));
    await page.getByRole('row', { name: /Front Desk/ }).waitFor();
    expect(await page.locator('tbody tr td:first-child').allTextContents()).toEqual([
      'Alice Anderson',
      'Dave Dunn',
      'Front Desk',
    ]);
    await page.context().close();
  });
});

describe('set passwords for secondaries', () => {
  it("sets two secondaries' passwords, one too short, and shows each row's status", async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/sec-passwords'));
    await page.getByRole('heading', { name: 'Set Passwords for Secondaries' }).waitFor();
    await page.getByTestId('row-erin').waitFor();
    const panel = page.getByLabel('Panel password of alice');
    await panel.fill('alice-demo-pass');
    await expect(panel.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(panel.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide' }).click();
    await expect(panel.getAttribute('type')).resolves.toBe('password');

    await page.getByLabel('New password for erin').fill('Tq7vLm2-xZp9-harbor');
    await page.getByLabel('New password for dave').fill('short');
    await page.getByRole('button', { name: 'Change Passwords' }).click();
    await page.locator('[data-testid="row-erin"][data-status="pending"]').waitFor();
    await page.getByTestId('row-erin').getByText('Change pending', { exact: true }).waitFor();
    await expect(page.getByTestId('row-dave').getAttribute('data-status')).resolves.toBe('error');
    await expect(page.getByTestId('note-dave').textContent()).resolves.toBe(
      'dave: Password must be at least 8 characters long',
    );
    await expect(page.getByTestId('row-carol').getAttribute('data-status')).resolves.toBe('unchanged');
    await page.getByText('Password changes take about ten minutes to propagate').waitFor();
    await screenshot(page, 'admin-sec-passwords-light');

    // While erin's change is queued, another is "already pending"; a breached password is an error.
    await page.getByLabel('New password for erin').fill('Another-Good-pass-77');
    await page.getByLabel('New password for dave').fill('password123');
    await page.getByRole('button', { name: 'Change Passwords' }).click();
    await page.locator('[data-testid="row-erin"][data-status="already"]').waitFor();
    await page
      .getByTestId('row-dave')
      .getByText(/data breaches\.$/)
      .waitFor();
    await expect(page.getByTestId('row-dave').getAttribute('data-status')).resolves.toBe('error');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('changes nothing for any row when the panel password is wrong', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/sec-passwords'));
    await page.getByTestId('row-carol').waitFor();
    await page.getByLabel('Panel password of alice').fill('not-the-password');
    await page.getByLabel('New password for carol').fill('Tq7vLm2-xZp9-carol');
    await page.getByLabel('New password for dave').fill('Tq7vLm2-xZp9-dave');
    await page.getByRole('button', { name: 'Change Passwords' }).click();
    await page.locator('[data-testid="row-dave"][data-status="error"]').waitFor();
    await expect(page.getByTestId('row-carol').getAttribute('data-status')).resolves.toBe('error');
    await expect(page.getByTestId('note-carol').textContent()).resolves.toBe(
      'The panel password is not correct',
    );
    // Nothing was queued: with the right password both go through.
    await page.getByLabel('Panel password of alice').fill('alice-demo-pass');
    await page.getByRole('button', { name: 'Change Passwords' }).click();
    await page.locator('[data-testid="row-dave"][data-status="pending"]').waitFor();
    await expect(page.getByTestId('row-carol').getAttribute('data-status')).resolves.toBe('pending');
    await page.context().close();
  });
});

describe('secondary accounts and dashboard admins', () => {
  it("designates a dashboard admin, who then views the primary's information, and undesignates it", async () => {
    const alice = await newPage(browser);
    await login(alice, 'alice');
    await alice.goto(url('/secondaries'));
    await alice.getByRole('row', { name: /carol 5003 Carol Anderson Email/ }).waitFor();
    await alice.getByRole('row', { name: /erin 5005 Erin Ellis Network Auth/ }).waitFor();
    // at_code 1: neither 9 (Email) nor 2 (Network Auth) is Shell.
    await alice.getByRole('row', { name: /dave 5004 Dave Dunn Shell/ }).waitFor();
    await expect(alice.getByLabel('Dashboard admin: dave').isChecked()).resolves.toBe(true);
    // The demo state (dave alone the dashboard admin of alice) is put back however the test ends.
    try {
      await designateAndUndesignate(alice);
    } finally {
      await setAdmins(alice, ['dave']);
    }
    await alice.context().close();
  });
});

/** Designates carol and dave, checks what they see, then undesignates both (the caller restores dave). */
async function designateAndUndesignate(alice: Page) {
  await setAdmins(alice, ['carol', 'dave']);

  const carol = await newPage(browser);
  await login(carol, 'carol');
  await carol.goto(url('/contacts'));
  await carol.getByRole('heading', { name: 'Account Contacts of alice' }).waitFor();
  await carol.getByText('Dashboard admin view of alice: read only.').waitFor();
  await carol.getByRole('row', { name: /Front Desk/ }).waitFor();
  expect(await carol.getByRole('link', { name: 'Add New Contact' }).count()).toBe(0);
  await carol.goto(url('/circuit-list'));
  await carol.getByRole('heading', { name: 'Circuits for alice' }).waitFor();
  await carol.getByRole('row', { name: /Portland Studio/ }).waitFor();
  // Secondary administration stays with the primary.
  await carol.goto(url('/secondaries'));
  await dialog(carol).getByText("Secondary accounts don't have access to this information").waitFor();
  await closeDialog(carol);

  // The Account Summary of a dashboard admin is its primary's, read only.
  const dave = await newPage(browser);
  await login(dave, 'dave');
  await dave.goto(url('/account-info'));
  await dave.getByRole('heading', { name: 'Account Summary for alice' }).waitFor();
  await dave.getByText('Dashboard admin view of alice: read only.').waitFor();
  await dave.getByRole('row', { name: 'Company Anderson Design LLC' }).waitFor();

  await setAdmins(alice, []);
  await carol.goto(url('/contacts'));
  await dialog(carol).getByText("Secondary accounts don't have access to this information").waitFor();
  // Undesignated, dave's summary is his own again.
  await dave.goto(url('/account-info'));
  await dave.getByRole('heading', { name: 'Account Summary for dave' }).waitFor();
  await dave.getByRole('row', { name: 'Last Name Dunn' }).waitFor();
  expect(await dave.getByText('Dashboard admin view of alice: read only.').count()).toBe(0);
  expect(await dave.getByText('Anderson Design LLC').count()).toBe(0);
  await carol.context().close();
  await dave.context().close();
}

describe('circuits and BUS accounts', () => {
  it('formats dates, quotas, percentages and file counts', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/circuit-list'));
    await page.getByRole('heading', { name: 'Circuits for alice' }).waitFor();
    await page
      .getByRole('row', {
        // The demo's activation day, as the portal dated the demo (demo-days.ts).
        name: `Portland Studio 12 Harbor Street, Portland, ME 04101 Consolidated Fiber 1 Gbps ${demoDay('2019-03-15')}`,
      })
      .waitFor();
    await page.getByRole('row', { name: /Warehouse .* 2021$/ }).waitFor();
    await page.goto(url('/ba-list'));
    await page
      .getByRole('row', {
        name: 'alice-backup Business Backup 500 500 GB 62 % 184,233 1,203,441 Nightly workstation backups',
      })
      .waitFor();
    await page.getByRole('row', { name: /alice-nas .* 2,000 GB 18 % 90,211 240,118/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('looks', () => {
  const screens: Array<[string, string, string]> = [
    ['secondaries', '/secondaries', 'Secondary Accounts of alice'],
    ['sec-passwords', '/sec-passwords', 'Set Passwords for Secondaries'],
    ['contacts', '/contacts', 'Account Contacts of alice'],
    ['add-contact', '/add-tc-contact', 'Add Account Contact'],
    ['edit-contact', '/edit-tc-contact/2', 'Edit Account Contact'],
    ['circuits', '/circuit-list', 'Circuits for alice'],
    ['bus-accounts', '/ba-list', 'BUS Accounts of alice'],
  ];
  // alice's two looks on one page, signed in once.
  const aliceAt = signedInLooks(() => browser, 'alice');

  it('light at desktop width', async () => {
    const page = await aliceAt({});
    for (const [name, path, heading] of screens) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: heading }).waitFor();
      if (!name.endsWith('-contact')) await page.locator('tbody tr').first().waitFor();
      if (name === 'contacts') await page.getByRole('row', { name: /Dave Dunn/ }).click();
      if (name === 'edit-contact') await page.getByLabel('Contact Name').waitFor();
      await page.waitForTimeout(200);
      expect(await seriousViolations(page), name).toEqual([]);
      await screenshot(page, `admin-${name}-light`);
    }
  });

  it('dark at desktop width (staff working on alice)', async () => {
    const page = await newPage(browser, { dark: true });
    await login(page, 'admin');
    await workOn(page, 'alice');
    for (const [name, path, heading] of screens) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: heading }).waitFor();
      if (name === 'contacts') await page.getByRole('row', { name: /Dave Dunn/ }).click();
      if (name === 'edit-contact') await page.getByLabel('Contact Name').waitFor();
      await page.waitForTimeout(200);
      expect(await seriousViolations(page), name).toEqual([]);
      await screenshot(page, `admin-${name}-dark`);
    }
    await page.context().close();
  });

  it('at phone width', async () => {
    const page = await aliceAt({ width: 360, height: 740 });
    for (const [name, path, heading] of screens) {
      await page.goto(url(path));
      await page.getByRole('heading', { name: heading }).waitFor();
      if (name === 'contacts') await page.getByRole('row', { name: /Dave Dunn/ }).click();
      if (name === 'edit-contact') await page.getByLabel('Contact Name').waitFor();
      await page.waitForTimeout(200);
      await expectFitsPhone(page, { heading });
      await screenshot(page, `admin-${name}-phone`);
    }
  });
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, pagesClosedAfterEach, url, workOn } from './browser.ts';

/**
 * A dashboard admin (dave, designated by alice in the demo data) on the hosting, mail and account
 * address screens: it sees alice's data, read only, with the note — never its own, and no action
 * the server would refuse it. carol (not designated) sees her own, as does dave once revoked; staff
 * working on dave see what dave sees (docs/areas/admin.md).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const openPage = pagesClosedAfterEach();
const newPage = () => openPage(browser);

const NOTE = 'Dashboard admin view of alice: read only.';
/** The shell's own calls for the signed-in user: its role and its display mode (a personal setting). */
const SHELL = /^GET \/api\/(account-role|usermode)\//;

interface Call {
  call: string;
  body: Record<string, unknown>;
}

/** The API calls a page made (`METHOD /path` and body) and every answer that was not a success. */
function watch(page: Page) {
  const calls: Call[] = [];
  const failures: string[] = [];
  page.on('request', (r) => {
    const path = decodeURIComponent(new URL(r.url()).pathname);
    if (path.startsWith('/api/')) calls.push({ call: `${r.method()} ${path}`, body: r.postDataJSON() ?? {} });
  });
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/') && r.status() >= 400) failures.push(`${r.status()} ${path}`);
  });
  return {
    calls,
    failures,
    /** Forgets what was seen so far (the next screen's calls only). */
    clear: () => {
      calls.length = 0;
      failures.length = 0;
    },
    /** Waits for the call `METHOD /path` with (at least) these body fields, compared as text. */
    called: (call: string, fields: Record<string, unknown> = {}) =>
      expect
        .poll(() =>
          calls.some(
            (c) =>
              c.call === call && Object.entries(fields).every(([k, v]) => String(c.body[k]) === String(v)),
          ),
        )
        .toBe(true),
    /** The calls that named `logname` as their account (in the path or as logname/account). */
    naming: (logname: string) =>
      calls
        .filter(
          (c) =>
            c.call.split('/').includes(logname) || c.body.logname === logname || c.body.account === logname,
        )
        .map((c) => c.call),
  };
}

/**
 * What the screen's content offers: its buttons, form fields and forms (the table's own sorting,
 * paging, page size and column filters left out — they change nothing). Each is `tag:name`.
 */
async function controls(page: Page): Promise<string[]> {
  return page
    .locator('main div:has(> h2)')
    .first()
    .evaluate((root) => {
      const tableControl = (el: Element) =>
        !!el.closest('thead') ||
        !!el.closest('nav.pager') ||
        ['Go to page', 'Rows per page', 'Search'].includes(el.getAttribute('aria-label') ?? '');
      const found: string[] = [];
      for (const el of root.querySelectorAll('button, input:not([type="hidden"]), textarea, select, form')) {
        if (tableControl(el)) continue;
        const labelled = el as HTMLInputElement;
        const name =
          el.getAttribute('aria-label') ??
          (labelled.labels?.[0]?.innerText || (el as HTMLElement).innerText || '').trim();
        found.push(`${el.tagName.toLowerCase()}:${name}`);
      }
      return found;
    });
}

/** Read-only screens offer navigation and reads only. */
const READS =
  /^button:(Web App Install|Devsites|Databases|Back|View Devsites|Details of .+|View error logs of .+|Download error logs of .+)$/;
const actions = async (page: Page) => (await controls(page)).filter((c) => !READS.test(c));

/**
 * Signs in and waits for home to show: home's first data (its overview of the signed-in account's
 * own domains and websites) has answered before the calls of the screens under test are watched.
 */
async function signIn(page: Page, logname: string): Promise<void> {
  await login(page, logname);
  await page.getByRole('heading', { name: `Welcome, ${logname}` }).waitFor();
}

describe('a dashboard admin on the hosting, mail and address screens', () => {
  it("sees alice's websites, site details, logs, installs, devsites and databases, read only", async () => {
    const dave = await newPage();
    await signIn(dave, 'dave');
    const net = watch(dave);

    await dave.goto(url('/websites'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: /harbor-studio\.org/ }).waitFor();
    await dave.getByRole('row', { name: /client01-anderson\.com/ }).waitFor();
    await net.called('GET /api/compressed-websites/alice');
    // No Edit and no log toggle: the details and the log state instead.
    expect(await actions(dave)).toEqual([]);
    expect(await dave.getByRole('button', { name: /^Turn (on|off) error logs/ }).count()).toBe(0);
    expect(await dave.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await dave.getByRole('row', { name: /anderson-design\.com .* On/ }).count()).toBe(1);
    expect(await dave.getByRole('row', { name: /harbor-studio\.org .* Off/ }).count()).toBe(1);

    // Download is a read: alice's log file.
    const [download] = await Promise.all([
      dave.waitForEvent('download'),
      dave.getByRole('button', { name: 'Download error logs of anderson-design.com' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anderson-design.com-error-log.txt');
    expect(readFileSync((await download.path()) as string, 'utf8')).toContain('Undefined variable $title');
    await net.called('POST /api/download-errorlogs-link', { logname: 'alice', vid: 3101 });

    // The log viewer polls alice's site.
    await dave.getByRole('button', { name: 'View error logs of anderson-design.com' }).click();
    await dave.getByRole('heading', { name: 'Show Logs anderson-design.com' }).waitFor();
    await dave.getByText('Primary script unknown').first().waitFor();
    await dave.getByText(NOTE).waitFor();
    await net.called('POST /api/geterrorlogs', {
      logname: 'alice',
      vid: 3101,
      virt_server: 'anderson-design.com',
    });
    expect(await actions(dave)).toEqual([]);

    // Site details and the pending PHP change, without the PHP form.
    await dave.goto(url('/websites'));
    net.clear();
    await dave.getByRole('button', { name: 'Details of anderson-design.com' }).click();
    await dave.getByRole('heading', { name: 'Website Details' }).waitFor();
    await dave.getByText('/home/alice/www/anderson-design.com').waitFor();
    await dave.getByText(NOTE).waitFor();
    await net.called('GET /api/virt-details-protected/alice/3101');
    await net.called('POST /api/pending-virt-change', { logname: 'alice', vid: 3101 });
    expect(await actions(dave)).toEqual([]);
    expect(await dave.getByRole('textbox', { name: 'New PHP version' }).count()).toBe(0);

    await dave.goto(url('/webappinstall'));
    await dave.getByRole('heading', { name: 'Web App Install' }).waitFor();
    await dave.getByText(NOTE).waitFor();
    await net.called('GET /api/pending-installations/alice');
    expect(await actions(dave)).toEqual([]);

    await dave.goto(url('/devsites'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: /dev\.anderson-design\.com/ }).click();
    await dave.getByRole('heading', { name: 'Devsite info' }).waitFor();
    await dave.getByText('/home/alice/dev/anderson-design.com').waitFor();
    await dave.getByText(NOTE).waitFor();
    await net.called('GET /api/devsites/alice');
    await net.called('GET /api/devsite/alice/3901');
    expect(await actions(dave)).toEqual([]);
    await dave.getByRole('button', { name: 'Back' }).click();
    await dave.getByRole('heading', { name: 'Devsites' }).waitFor();
    expect(await actions(dave)).toEqual([]);

    // Reached by its address, Create a Devsite offers no form.
    await dave.goto(url('/create-devsite'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('button', { name: 'View Devsites' }).waitFor();
    expect(await actions(dave)).toEqual([]);

    await dave.goto(url('/databases'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: /alice_shop/ }).waitFor();
    await dave.getByRole('row', { name: /alice_wp/ }).waitFor();
    expect(await actions(dave)).toEqual([]);

    // No call was refused, and none asked for dave's own data.
    expect(net.failures).toEqual([]);
    expect(net.naming('dave').filter((c) => !SHELL.test(c))).toEqual([]);
  });

  it("sees alice's mailing lists, disk usage and account address, read only", async () => {
    const dave = await newPage();
    await signIn(dave, 'dave');
    const net = watch(dave);

    await dave.goto(url('/mailing-lists'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: /anderson-staff/ }).waitFor();
    await net.called('GET /api/mailing-lists/alice');
    expect(await actions(dave)).toEqual([]);

    await dave.goto(url('/disk-usage'));
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: /^alice 5001/ }).waitFor();
    expect(await dave.getByRole('row', { name: /^dave/ }).count()).toBe(0);
    expect(await actions(dave)).toEqual([]);

    await dave.goto(url('/account-addr'));
    await dave.getByRole('heading', { name: 'Account Address for alice' }).waitFor();
    await dave.getByText(NOTE).waitFor();
    await dave.getByRole('row', { name: 'Address 12 Harbor Street' }).waitFor();
    await dave.getByRole('row', { name: 'Zip Code 04101' }).waitFor();
    await net.called('POST /api/get-account-address', { account: 'alice' });
    expect(await actions(dave)).toEqual([]);
    expect(await dave.getByRole('button', { name: /Update Account Address/ }).count()).toBe(0);

    expect(net.failures).toEqual([]);
    expect(net.naming('dave').filter((c) => !SHELL.test(c))).toEqual([]);
  });

  it('shows staff working on dave what dave sees', async () => {
    const staff = await newPage();
    await login(staff, 'staff');
    await workOn(staff, 'dave');
    await staff.goto(url('/websites'));
    await staff.getByText(NOTE).waitFor();
    await staff.getByRole('row', { name: /harbor-studio\.org/ }).waitFor();
    expect(await actions(staff)).toEqual([]);
    await staff.goto(url('/disk-usage'));
    await staff.getByText(NOTE).waitFor();
    await staff.getByRole('row', { name: /^alice 5001/ }).waitFor();
    await staff.goto(url('/account-addr'));
    await staff.getByRole('heading', { name: 'Account Address for alice' }).waitFor();
    expect(await actions(staff)).toEqual([]);
  });
});

describe('Secondaries that are not dashboard admins', () => {
  it('shows carol her own data, with the forms she may use', async () => {
    const carol = await newPage();
    await login(carol, 'carol');
    const net = watch(carol);
    await carol.goto(url('/websites'));
    await carol.getByText('No Websites Found').waitFor();
    await net.called('GET /api/compressed-websites/carol');
    await carol.goto(url('/disk-usage'));
    await carol.getByRole('row', { name: /^carol 5003/ }).waitFor();
    expect(await carol.getByRole('row', { name: /^alice/ }).count()).toBe(0);
    await carol.goto(url('/account-addr'));
    await carol.getByRole('heading', { name: 'Change Account Address for carol' }).waitFor();
    await carol.getByRole('button', { name: 'Update Account Address' }).waitFor();
    await carol.goto(url('/mailing-lists'));
    await net.called('GET /api/mailing-lists/carol');
    expect(await carol.getByText(NOTE).count()).toBe(0);
  });

  it('shows dave his own data again once alice revokes him, and restores him', async () => {
    const alice = await newPage();
    await login(alice, 'alice');
    const setDave = async (admin: boolean) => {
      await alice.goto(url('/secondaries'));
      await alice.getByRole('heading', { name: 'Secondary Accounts of alice' }).waitFor();
      await alice.getByRole('row', { name: /dave 5004 Dave Dunn/ }).waitFor();
      await alice.getByLabel('Dashboard admin: dave').setChecked(admin);
      await alice.getByRole('button', { name: 'Update Admins' }).click();
      await expect(alice.getByTestId('admins-to-save').textContent()).resolves.toBe(admin ? 'dave' : 'None');
      // Dashboard admin rights are confirmed with the current password.
      await alice.getByRole('dialog').getByLabel('Your current password').fill('alice-demo-pass');
      await alice.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await alice.getByRole('dialog').getByText('Dashboard admins of alice updated').waitFor();
      await alice.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    };
    // The demo state (dave the dashboard admin of alice) is put back however the test ends.
    try {
      await setDave(false);
      const dave = await newPage();
      await login(dave, 'dave');
      await dave.goto(url('/websites'));
      await dave.getByText('No Websites Found').waitFor();
      await dave.goto(url('/disk-usage'));
      await dave.getByRole('row', { name: /^dave 5004/ }).waitFor();
      await dave.goto(url('/account-addr'));
      await dave.getByRole('heading', { name: 'Change Account Address for dave' }).waitFor();
      expect(await dave.getByText(NOTE).count()).toBe(0);
    } finally {
      await setDave(true);
    }
  });
});

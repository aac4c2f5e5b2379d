import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, newPage, screenshot, signedInLooks } from './browser.ts';
import { startPortal } from './portal.ts';

/**
 * Hosting screens end to end. This file runs its own portal with a web-server agent credential, so
 * the test plays the provider's web server through the agent API (docs/hosting-agent.md): it
 * claims the queued changes, reports them done, and pushes new error-log lines.
 */
const AGENT = { authorization: 'Bearer e2e-agent-secret', 'content-type': 'application/json' };
let browser: Browser;
let portal: Awaited<ReturnType<typeof startPortal>>;
const url = (path: string) => `${portal.baseUrl}/portal${path}`;

async function agent<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${portal.baseUrl}/api/agent/${path}`, {
    method: 'POST',
    headers: AGENT,
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: T; message: string };
  if (json.status !== 1) throw new Error(`agent ${path}: ${json.message}`);
  return json.data;
}

/** Applies every queued change as a web server would. */
async function applyQueued(): Promise<string[]> {
  const { changes } = await agent<{ changes: Array<{ id: number; kind: string }> }>('claim', { limit: 50 });
  for (const c of changes)
    await agent('report', { id: c.id, state: 'done', message: 'applied by the e2e agent' });
  return changes.map((c) => c.kind);
}

async function login(page: Page, logname: string): Promise<void> {
  await page.goto(url('/'));
  await page.getByLabel('Username').fill(logname);
  await page.getByLabel('Password', { exact: true }).fill(`${logname}-demo-pass`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('operator').waitFor();
}

async function closeStatus(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
}

/** Staff: makes `logname` the current user, and closes its popup note when the demo data gives it one. */
async function workOn(page: Page, logname: string, opts: { note?: boolean } = {}): Promise<void> {
  await page.getByPlaceholder('Logname or UID').fill(logname);
  await page.getByRole('button', { name: 'Find Account' }).click();
  await page.getByTestId('working-on').getByText(logname, { exact: true }).waitFor();
  if (opts.note) {
    await page.getByRole('dialog').getByText(`Note for ${logname}`).waitFor();
    await closeStatus(page);
  }
}

beforeAll(async () => {
  [browser, portal] = await Promise.all([
    launch(),
    startPortal({ PORTAL_AGENT_TOKENS: 'e2e:e2e-agent-secret' }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('hosting', () => {
  it('changes a PHP version, shows the pending notice, and the new version once the web server applied it', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/edit-website/3102'));
    await expect(page.getByTestId('php-version').textContent()).resolves.toBe('7.4');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').getByText('Please choose an option').waitFor();
    await closeStatus(page);
    await page.getByRole('textbox', { name: 'New PHP version' }).click();
    await page.getByRole('option', { name: '7.4' }).click();
    await page.getByText('This is the current version - no change will be made').waitFor();
    await page.getByRole('textbox', { name: 'New PHP version' }).click();
    await page.getByRole('option', { name: '8.3' }).click();
    await page.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('dialog').getByText('Change will complete in a few minutes').waitFor();
    await closeStatus(page);
    await page.getByTestId('pending-notice').waitFor();
    await expect(page.getByRole('button', { name: 'Update' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'hosting-edit-website-pending');
    expect(await applyQueued()).toEqual(['php_version']);
    await page.reload();
    await expect(page.getByTestId('php-version').textContent()).resolves.toBe('8.3');
    expect(await page.getByTestId('pending-notice').count()).toBe(0);
    await page.context().close();
  });

  it('toggles logs on, opens the viewer, and shows lines pushed later at the next poll', async () => {
    const page = await newPage(browser);
    // The product polls every 12 s; the test shortens it through the window flag the viewer reads.
    await page.addInitScript(() => {
      (window as Window & { __portalLogPollMs?: number }).__portalLogPollMs = 700;
    });
    await login(page, 'alice');
    await page.goto(url('/websites'));
    expect(await page.getByRole('button', { name: 'View error logs of harbor-studio.org' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Turn on error logs of harbor-studio.org' }).click();
    await page.getByText('Error logs will be turned on in a few minutes').waitFor();
    expect(await applyQueued()).toEqual(['error_logs']);
    await page.reload();
    // Logs are on but no line came yet: the Download says so instead of saving an empty file.
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Download error logs of harbor-studio.org' }).click();
    const noLogs = page.getByRole('dialog');
    await noLogs.getByText('No Logs available').waitFor();
    await noLogs.getByText('It may take a few minutes before logs are available').waitFor();
    await closeStatus(page);
    expect(downloads).toBe(0);
    await page.getByRole('button', { name: 'View error logs of harbor-studio.org' }).click();
    await page.getByRole('heading', { name: 'Show Logs harbor-studio.org' }).waitFor();
    await page.getByText('This may take a few minutes to be registered for viewing logs').first().waitFor();
    await expect(page.getByTestId('total-rows').textContent()).resolves.toBe('Total Rows: 0');

    await agent('logs', {
      vid: 3102,
      lines: ['[php:error] PHP Warning: first pushed line', '[php:error] PHP Notice: second pushed line'],
    });
    await page.getByText('PHP Notice: second pushed line').waitFor();
    await expect(page.getByTestId('total-rows').textContent()).resolves.toBe('Total Rows: 2');
    await expect(page.getByTestId('new-rows').textContent()).resolves.toBe('New Rows: 2');
    await agent('logs', { vid: 3102, lines: ['[php:error] PHP Fatal error: third pushed line'] });
    await page.getByText('third pushed line').waitFor();
    await expect(page.getByTestId('total-rows').textContent()).resolves.toBe('Total Rows: 3');
    // Newest first: the newer line is prepended.
    const first = await page.locator('tbody tr').first().textContent();
    expect(first).toContain('third pushed line');
    await page.getByLabel('Filter Log').fill('second');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.context().close();
  });

  it('downloads a log as a text file named after the site', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/websites'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download error logs of anderson-design.com' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('anderson-design.com-error-log.txt');
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.split('\n')[0]).toContain('Undefined variable $title');
    await page.context().close();
  });

  it('leaves the log viewer for home when staff change the current user, with no error shown', async () => {
    const page = await newPage(browser);
    await page.addInitScript(() => {
      (window as Window & { __portalLogPollMs?: number }).__portalLogPollMs = 300;
    });
    await login(page, 'staff');
    await workOn(page, 'alice', { note: true });
    await page.goto(url('/showlogs/anderson-design.com/3101'));
    await page.getByText('Primary script unknown').first().waitFor();
    await workOn(page, 'bob');
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === '/portal');
    // Several poll intervals: a poll for alice's vid under bob would show "VID not found".
    await page.waitForTimeout(1500);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // An account without websites shows the spec's empty text.
    await workOn(page, 'erin');
    await page.goto(url('/websites'));
    await page.getByText('No Websites Found').waitFor();
    await page.context().close();
  });

  it('sends a devsite promote request after its warning', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/devsites'));
    await page.getByText('dev.anderson-design.com').click();
    await page.getByRole('heading', { name: 'Devsite info' }).waitFor();
    await page.getByLabel('Special requests').fill('Please promote after 6pm');
    await page.getByRole('button', { name: 'Promote Devsite to Live' }).click();
    await page.getByText('REPLACES the contents of the live website').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Promote Devsite to Live' }).click();
    await page.getByText('Promote request submitted').waitFor();
    expect(await applyQueued()).toEqual(['devsite.promote']);
    await page.context().close();
  });
});

const SCREENS: Array<[string, string, string]> = [
  ['websites', '/websites', 'anderson-design.com'],
  ['edit-website', '/edit-website/3101', 'Current PHP version'],
  ['showlogs', '/showlogs/anderson-design.com/3101', 'Primary script unknown'],
  ['webappinstall', '/webappinstall', 'Subdirectory'],
  ['devsites', '/devsites', 'dev.anderson-design.com'],
  ['devsite-info', '/devsite-info/3901', 'Special requests'],
  ['create-devsite', '/create-devsite', 'Which Website?'],
  ['databases', '/databases', 'alice_shop'],
];

describe('hosting screens: accessibility and looks', () => {
  // One page, signed in once, for the four looks (the dark ones are alice's answers rewritten, as
  // signedInLooks does: her stored mode stays as it is).
  const lookAs = signedInLooks(() => browser, 'alice', url);
  for (const [variant, opts] of [
    ['light', { dark: false }],
    ['dark', { dark: true }],
    ['phone', { width: 360, height: 740 }],
    ['phone-dark', { width: 360, height: 740, dark: true }],
  ] as const) {
    it(`has no serious axe violations (${variant})`, async () => {
      const page = await lookAs(opts);
      for (const [name, path, text] of SCREENS) {
        await page.goto(url(path));
        await page.getByText(text, { exact: false }).first().waitFor();
        expect(await seriousViolations(page), `${name} ${variant}`).toEqual([]);
        await screenshot(page, `hosting-${name}-${variant}`);
      }
    }, 120_000);
  }
});

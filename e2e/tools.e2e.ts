import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, newPage, screenshot, url } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const WORLD = 'Grüße, 日本 🎉';
/** Uncaught errors of the page, collected by newPage(). */
const pageErrors = (page: Page) => (page as Page & { errors: string[] }).errors;
const answer = (page: Page) => page.getByTestId('answer');
const answerError = (page: Page) => page.getByTestId('answer-error');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/**
 * Serious accessibility violations of the tool screens. Nodes of the shell are the shell's own and
 * reported by its tests: the banner (its dimmed grey) and the sidebar group of the current route
 * (an aria-controls id with a space, "Misc Tools"). They are left out so these tests judge ours.
 */
const SHELL_NODE = /^(p\[data-testid="banner"\]|p\[role="status"\]|#mantine-\w+-control-Misc\\ Tools)$/;
const violations = async (page: Page) =>
  (await seriousViolations(page)).flatMap((v) => {
    const m = /^(.*) \((.*)\)$/.exec(v);
    if (!m) return [v];
    const nodes = (m[2] ?? '').split(', ').filter((n) => !SHELL_NODE.test(n));
    return nodes.length ? [`${m[1]} (${nodes.join(', ')})`] : [];
  });

describe('hash generator (/md5)', () => {
  it('gives MD5, SHA-1 and bcrypt of the text, and a clear error for bcrypt over 72 bytes', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/md5'));
    await page.getByRole('heading', { name: 'Hash Encryptor' }).waitFor();
    await page.getByLabel('Text to hash').fill('abc');
    await button(page, 'MD5').click();
    await answer(page).getByText('900150983cd24fb0d6963f7d28e17f72').waitFor();
    await button(page, 'SHA-1').click();
    await answer(page).getByText('a9993e364706816aba3e25717850c26c9cd0d89d').waitFor();
    await button(page, 'bcrypt').click();
    await answer(page)
      .getByText(/^\$2b\$10\$/)
      .waitFor();
    await page.getByLabel('Text to hash').fill('é'.repeat(37));
    await button(page, 'bcrypt').click();
    await answerError(page)
      .getByText('Error: bcrypt uses at most 72 bytes of input; this text is 74 bytes in UTF-8', {
        exact: false,
      })
      .waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('base64 (/bas64)', () => {
  it('round-trips UTF-8 text and shows Error: for invalid Base64', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/bas64'));
    const box = page.getByLabel('Text or Base64');
    expect(await box.getAttribute('rows')).toBe('6');
    await box.fill(WORLD);
    await button(page, 'Encode').click();
    await answer(page).getByText('R3LDvMOfZSwg5pel5pysIPCfjok=', { exact: true }).waitFor();
    await box.fill('R3LDvMOfZSwg5pel5pysIPCfjok=');
    await button(page, 'Decode').click();
    await answer(page).getByText(WORLD, { exact: true }).waitFor();
    await box.fill('abc$');
    await button(page, 'Decode').click();
    await answerError(page).getByText('Error: Not valid Base64: the character "$" at position 4').waitFor();
    await page.context().close();
  });
});

describe('unix time (/unix-time)', () => {
  it('adds a displacement with commas stripped, converts timestamps, explains bad input', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/unix-time'));
    for (const hint of ['86400', '2,592,000', '31,536,000']) await page.getByText(hint).first().waitFor();

    await page.getByLabel('Seconds to Add/Subtract').fill('2,592,000');
    const sent = page.waitForRequest((r) => r.url().includes('/api/unixtime/'));
    const before = Math.floor(Date.now() / 1000);
    await button(page, 'Current Time +/- seconds').click();
    expect(new URL((await sent).url()).pathname).toBe('/api/unixtime/2592000');
    await answer(page).waitFor();
    const value = Number(await answer(page).textContent());
    expect(value - before - 2_592_000).toBeGreaterThanOrEqual(-5);
    expect(value - before - 2_592_000).toBeLessThanOrEqual(60);

    await page.getByLabel('Seconds to Add/Subtract').fill('-3600');
    await button(page, 'Current Time +/- seconds').click();
    await page.getByText('Current Unix time − 3600 seconds').waitFor();

    await page.getByLabel('Seconds to Add/Subtract').fill('a day');
    await button(page, 'Current Time +/- seconds').click();
    await answerError(page)
      .getByText(/^Error: Seconds to add or subtract must be a whole number/)
      .waitFor();

    await page.getByLabel('Unix Timestamp').fill('1700000000');
    await button(page, 'Convert Timestamp').click();
    await answer(page).getByText('Tue, 14 Nov 2023 22:13:20 UTC (2023-11-14T22:13:20Z)').waitFor();
    await page.getByLabel('Unix Timestamp').fill('');
    await button(page, 'Convert Timestamp').click();
    await answerError(page).getByText('Error: Enter a Unix timestamp').waitFor();
    await page.getByLabel('Unix Timestamp').fill('soon');
    await button(page, 'Convert Timestamp').click();
    await answerError(page)
      .getByText(/^Error: The Unix timestamp must be a whole number/)
      .waitFor();
    await page.context().close();
  });
});

describe('generate passwords (/generate-passwords)', () => {
  const cells = (page: Page) => page.getByTestId('passwords').locator('td');
  const rows = (page: Page) => page.getByTestId('passwords').locator('tr');

  it('makes 8 by default, two per row; clamps to 28; shows the last message', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/generate-passwords'));
    await page.getByPlaceholder('Max 28').waitFor();
    await page.getByText("Don't re-use passwords").waitFor();
    expect(await page.getByLabel('Use Numbers').isChecked()).toBe(true);

    await button(page, 'Word Based').click();
    await page.getByTestId('passwords-message').getByText('8 word-based passwords').waitFor();
    expect(await rows(page).count()).toBe(4);
    expect(await cells(page).count()).toBe(8);
    for (const pw of await cells(page).allTextContents())
      expect(pw).toMatch(/^[A-Z][a-z]*(-[a-z]+)?[2-9]?(-[A-Z][a-z]*(-[a-z]+)?[2-9]?){3}$/);

    await page.getByLabel('Use Numbers').uncheck();
    await page.getByPlaceholder('Max 28').fill('3');
    await button(page, 'Word Based').click();
    await page.getByTestId('passwords-message').getByText('3 word-based passwords').waitFor();
    expect(await rows(page).count()).toBe(2); // the odd one out shares its row with an empty cell
    for (const pw of (await cells(page).allTextContents()).filter(Boolean)) expect(pw).not.toMatch(/\d/);

    await page.getByPlaceholder('Max 28').fill('40');
    await button(page, 'Mixed Char').click();
    await page.getByText('At most 28 passwords at a time: showing 28 instead of 40').waitFor();
    expect(await cells(page).count()).toBe(28);
    expect(await rows(page).count()).toBe(14);

    await page.getByPlaceholder('Max 28').fill('5');
    await button(page, 'Soft').click();
    await page.getByTestId('passwords-message').getByText('5 soft passwords').waitFor();

    await page.getByPlaceholder('Max 28').fill('lots');
    await button(page, 'Soft').click();
    await page
      .getByTestId('passwords-error')
      .getByText(/^Error: The number of passwords must be a whole number/)
      .waitFor();
    expect(await page.getByTestId('passwords').count()).toBe(0);
    await page.context().close();
  });
});

describe('password status (/pwned)', () => {
  it('shows breached yes/no and times seen, and has a FAQ', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/pwned'));
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/pwned')) posted.push(r.url());
    });
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await button(page, 'Check Password').click();
    const table = page.getByTestId('pwned-results');
    await table.getByRole('row', { name: /password123/ }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Password',
      'Breached',
      'Times seen',
    ]);
    expect(await table.getByRole('row', { name: /password123/ }).textContent()).toContain('Yes');

    const strong = `${WORLD} Tidy-Oxidize7-Unbent-Swore`;
    await page.getByLabel('Password', { exact: true }).fill(strong);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await table.getByRole('row', { name: /Tidy-Oxidize7/ }).waitFor();
    const row = await table
      .getByRole('row', { name: /Tidy-Oxidize7/ })
      .getByRole('cell')
      .allTextContents();
    expect(row).toEqual([strong, 'No', '0']);
    // The password goes in the body, never in the address.
    expect(posted.every((u) => !u.includes('Tidy') && !u.includes('password123'))).toBe(true);

    await page.getByRole('button', { name: 'Is my password sent to anyone?' }).click();
    await page.getByText('local copy of the list').waitFor();
    await page.context().close();
  });
});

describe('FAQ demo (/faq-test)', () => {
  it('shows two questions and a Back button', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/faq-test'));
    await page.getByRole('heading', { name: 'FAQ' }).waitFor();
    const questions = page.locator('main .mantine-Accordion-control');
    expect(await questions.count()).toBe(2);
    await questions.first().click();
    await page.getByText('dashboard admin').waitFor();
    await button(page, 'Back').click();
    await page.waitForURL(/\/portal\/?$/);
    await page.context().close();
  });
});

/** Each screen with an answer on it, for the looks and accessibility checks. */
const screens: Array<[name: string, path: string, fill: (page: Page) => Promise<void>]> = [
  [
    'md5',
    '/md5',
    async (page) => {
      await page.getByLabel('Text to hash').fill(WORLD);
      await button(page, 'SHA-1').click();
      await answer(page).waitFor();
    },
  ],
  [
    'base64',
    '/bas64',
    async (page) => {
      await page.getByLabel('Text or Base64').fill('R3LDvMOfZSwg5pel5pysIPCfjok');
      await button(page, 'Decode').click();
      await answer(page).waitFor();
    },
  ],
  [
    'unix-time',
    '/unix-time',
    async (page) => {
      await page.getByLabel('Unix Timestamp').fill('1700000000');
      await button(page, 'Convert Timestamp').click();
      await answer(page).waitFor();
    },
  ],
  [
    'generate-passwords',
    '/generate-passwords',
    async (page) => {
      await button(page, 'Word Based').click();
      await page.getByTestId('passwords').waitFor();
    },
  ],
  [
    'pwned',
    '/pwned',
    async (page) => {
      for (const pw of ['password123', 'Tidy-Oxidize7-Unbent-Swore']) {
        await page.getByLabel('Password', { exact: true }).fill(pw);
        await button(page, 'Check Password').click();
        await page.getByTestId('pwned-results').getByText(pw).waitFor();
      }
    },
  ],
  [
    'faq-test',
    '/faq-test',
    async (page) => {
      await page.locator('main .mantine-Accordion-control').first().click();
      await page.waitForTimeout(300);
    },
  ],
];

describe('looks and accessibility', () => {
  const variants = [
    { mode: 'light', user: 'alice', width: 1280, device: 'desktop' },
    { mode: 'dark', user: 'admin', width: 1280, device: 'desktop' },
    { mode: 'light', user: 'alice', width: 360, device: 'phone' },
    { mode: 'dark', user: 'admin', width: 360, device: 'phone' },
  ] as const;
  for (const v of variants) {
    it(`every tool screen: no serious axe violations, no sideways scrolling (${v.device}, ${v.mode})`, async () => {
      // admin's stored display mode is dark, alice's light.
      const page = await newPage(browser, {
        width: v.width,
        height: v.width < 500 ? 740 : 860,
        dark: v.mode === 'dark',
      });
      await login(page, v.user);
      await page.waitForFunction(
        (m) => document.documentElement.getAttribute('data-mantine-color-scheme') === m,
        v.mode,
      );
      for (const [name, path, fill] of screens) {
        await page.goto(url(path));
        await page.getByRole('heading').first().waitFor();
        await fill(page);
        await page.waitForTimeout(200);
        expect(await violations(page), name).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, name).toBeLessThanOrEqual(0);
        await screenshot(page, `tools-${name}-${v.device}-${v.mode}`);
      }
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }, 180_000);
  }
});

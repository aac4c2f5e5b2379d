import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { launch, login, newPage, signedInLooks, screenshot, url } from './browser.ts';

/**
 * The invoice and receipt PDFs the server makes (docs/decisions/056-papers-as-pdf.md), downloaded
 * from the invoice screen and from Recent Payments: a real PDF under the server's file name, whose
 * text is the paper's.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

async function pdfText(path: string): Promise<string> {
  const bytes = new Uint8Array(readFileSync(path));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Serious axe violations of the screen, the shell's banner left out (its own tests check it). */
async function violations(page: Page): Promise<string[]> {
  return (await seriousViolations(page))
    .map((v) => v.replace(/p\[role="status"\](, )?/, '').replace(/ \(\)$/, ''))
    .filter((v) => !v.endsWith('thresholds'));
}

describe('papers', () => {
  it('downloads the invoice PDF from the invoice screen', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/invoices'));
    // The newest invoice of the list, whichever it is.
    const first = page.locator('tbody tr').first();
    await first.waitFor();
    await first.click();
    await page.waitForURL(/\/view-invoice\//);
    const invoice = decodeURIComponent(page.url().split('/view-invoice/')[1] ?? '');
    const button = page.getByRole('button', { name: 'Download PDF' });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoice}.pdf`);
    const text = await pdfText((await download.path()) as string);
    expect(text).toContain(`Invoice ${invoice}`);
    expect(text).toMatch(/Total: \$\d+\.\d\d/);
    const status = (await page.getByTestId('invoice-status').textContent()) ?? '';
    expect(text).toContain(`Status: ${status}`);
    // The print fallback stays.
    await page.getByRole('button', { name: 'Print' }).waitFor();
    expect(await violations(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('downloads a receipt PDF from Recent Payments', { timeout: 120_000 }, async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/recent-payments'));
    const button = page.getByRole('button', { name: /^Receipt PDF / }).first();
    await button.waitFor();
    const transId = ((await button.getAttribute('aria-label')) ?? '').replace('Receipt PDF ', '');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${transId}.pdf`);
    const text = await pdfText((await download.path()) as string);
    expect(text).toContain('Payment receipt');
    expect(text).toContain(`Transaction ID: ${transId}`);
    // The click downloaded, and did not open the row's receipt screen.
    expect(page.url()).toContain('/recent-payments');
    expect(await violations(page)).toEqual([]);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  // One page, signed in once, for the four looks.
  const lookAs = signedInLooks(() => browser, 'bob');
  for (const dark of [false, true]) {
    for (const width of [1280, 390]) {
      const tag = `${dark ? 'dark' : 'light'}-${width < 500 ? 'phone' : 'desktop'}`;
      it(`shows the download buttons (${tag})`, { timeout: 120_000 }, async () => {
        const page = await lookAs({ dark, width, height: width < 500 ? 844 : 860 });
        await page.goto(url('/recent-payments'));
        await page
          .getByRole('button', { name: /^Receipt PDF / })
          .first()
          .waitFor();
        await screenshot(page, `papers-recent-payments-${tag}`);
        await page.goto(url('/invoices'));
        await page.locator('tbody tr').first().click();
        await page.getByRole('button', { name: 'Download PDF' }).waitFor();
        await screenshot(page, `papers-invoice-${tag}`);
        expect(await violations(page)).toEqual([]);
      });
    }
  }
});

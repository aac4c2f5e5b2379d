import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chosenText, launch, login, newPage, screenshot, url } from './browser.ts';
import { demoInvoice } from './demo-days.ts';

/**
 * What alice owes, on every screen that says it (docs/decisions/036-one-reckoning-of-what-is-owed.md):
 * home, Make a Payment, Invoices and the invoice screen agree before and after she pays; "Pay now"
 * pays the invoice with her default card in two clicks; a payment of more than is due asks first;
 * each payment has a receipt screen. At a phone's and a desktop's width.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const INVOICE = demoInvoice('20261101-5001');
const WIDTHS = [390, 1280];

async function signedIn(width: number, dark = false): Promise<Page> {
  const page = await newPage(browser, { width, dark });
  await login(page, 'alice');
  return page;
}

/** The four screens' words for what is owed and for the November invoice. */
async function fourScreens(page: Page) {
  await page.goto(url('/'));
  const home = page.getByTestId('overview-balance');
  await home.getByTestId('invoice-status').waitFor();
  const homeText = (await home.textContent()) ?? '';

  await page.goto(url('/make-payment'));
  const status = page.getByTestId('payment-status');
  await status.getByText('Current due').waitFor();
  const payText = (await status.textContent()) ?? '';

  await page.goto(url('/invoices'));
  const row = page.getByRole('row', { name: new RegExp(INVOICE) });
  await row.getByTestId('invoice-status').waitFor();
  const listStatus = (await row.getByTestId('invoice-status').textContent()) ?? '';

  await page.goto(url(`/view-invoice/${INVOICE}`));
  await page.getByTestId('invoice-body').waitFor();
  const invoiceStatus = (await page.getByTestId('invoice-status').textContent()) ?? '';
  return { homeText, payText, listStatus, invoiceStatus };
}

describe('money you can trust on every screen', () => {
  it.each(WIDTHS)(
    'before paying, every screen says $89.95 is due and the invoice is overdue (%i px)',
    async (width) => {
      const page = await signedIn(width);
      const s = await fourScreens(page);
      expect(s.homeText).toContain('$89.95 due');
      expect(s.homeText).toMatch(/Overdue \d+ days?/);
      expect(s.payText).toContain('Current due$89.95');
      expect(s.listStatus).toMatch(/^Overdue \d+ days?$/);
      expect(s.invoiceStatus).toBe(s.listStatus);
      await screenshot(page, `money-invoice-overdue-${width}`);
      await page.context().close();
    },
  );

  it('"Pay now" pays the invoice with the default card in two clicks; then every screen agrees it is paid', async () => {
    const page = await signedIn(1280);
    await page.goto(url('/'));
    // Click one: Pay now, which fills in what is owed and starts on the auto-billing card.
    await page.getByTestId('overview-balance').getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/make-payment\?amount=89\.95/);
    await expect.poll(() => page.getByLabel('Amount ($)').inputValue(), { timeout: 15_000 }).toBe('89.95');
    await expect
      .poll(() => chosenText(page, 'Pay with'), { timeout: 15_000 })
      .toMatch(/ending 1111.*auto-billing/);
    // Click two: Make Payment (the card-status choice is made already: just pay).
    await page.getByRole('button', { name: 'Make Payment' }).click();
    const thanks = page.getByTestId('thankyou');
    await thanks.waitFor();
    const transId = /Transaction ID: (\d+)/.exec((await thanks.textContent()) ?? '')?.[1] as string;
    expect(transId).toBeTruthy();
    expect(await thanks.textContent()).toContain('Amount: $89.95');

    for (const width of WIDTHS) {
      const p = width === 1280 ? page : await signedIn(width);
      const s = await fourScreens(p);
      expect(s.homeText).toContain('Nothing due');
      expect(s.homeText).toContain('Paid');
      expect(s.payText).toContain('Current due$0.00');
      expect(s.listStatus).toBe('Paid');
      expect(s.invoiceStatus).toBe('Paid');

      // A receipt screen, opened from its Recent Payments row.
      await p.goto(url('/recent-payments'));
      await p.getByRole('row', { name: new RegExp(transId) }).click();
      const receipt = p.getByTestId('payment-receipt');
      await receipt.waitFor();
      const text = (await receipt.textContent()) ?? '';
      expect(text).toContain('$89.95');
      expect(text).toContain('Ending in 1111');
      expect(text).toContain('Your account balance');
      expect(text).toContain(transId);
      expect(text).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M [A-Z]{2,5}/);
      await screenshot(p, `money-receipt-${width}`);
      if (p !== page) await p.context().close();
    }
    await page.context().close();
  });

  it.each(WIDTHS)(
    'a payment when nothing is due asks first, and cancelling sends nothing (%i px)',
    async (width) => {
      const page = await signedIn(width, width === 390);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && /single-payment|saved-card-payment|tokenize/.test(r.url()))
          posts.push(r.url());
      });
      await page.goto(url('/make-payment'));
      await page.getByTestId('payment-status').getByText('Current due').waitFor();
      await expect.poll(() => chosenText(page, 'Pay with'), { timeout: 15_000 }).toMatch(/ending 1111/);
      await page.getByLabel('Amount ($)').fill('49.95');
      await page.getByRole('button', { name: 'Make Payment' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Nothing is due. Pay $49.95 as credit?').waitFor();
      await screenshot(page, `money-overpay-${width}${width === 390 ? '-dark' : ''}`);
      await dialog.getByRole('button', { name: 'Change the amount' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(posts).toEqual([]);
      await page.context().close();
    },
  );
});

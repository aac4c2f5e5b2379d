import { billingTextEs } from '@portal/contract/billing/messages.es';
import { billingScreenTextEs } from '@portal/contract/billing/screen-messages.es';
import { billingText } from '@portal/contract/billing/messages';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commonTextEs } from '@portal/contract/messages.es';
import { uiTextEs } from '@portal/contract/ui/messages.es';
import { seriousViolations } from './axe.ts';
import { expectFitsPhone, ownPortalAndBrowser, screenshot, waitForMail } from './browser.ts';

/**
 * Billing in Spanish (docs/languages.md): a customer who picks Spanish sees the invoice list, an
 * invoice, Make a Payment and its question, pays with a new card on the sandbox gateway, and reads
 * the thank-you, Recent Payments and the receipt in Spanish; each screen (and Add/Edit Credit Card)
 * fits a phone.
 */

// A portal of its own: the test changes bob's language and pays on his account.
const { lookingPage, url, login, mailDir } = ownPortalAndBrowser();
const x = billingScreenTextEs;
const b = billingTextEs;
const looks = [
  { name: '390-light', width: 390, height: 844, dark: false },
  { name: '390-dark', width: 390, height: 844, dark: true },
  { name: '1280-dark', width: 1280, height: 860, dark: true },
] as const;

/** The screen at `path` in each look: screenshot, nothing cut off at 390 px; back to 1280 light. */
async function inEveryLook(
  page: Page,
  look: (o: { width: number; height: number; dark: boolean }) => Promise<void>,
  path: string,
  name: string,
  shown: { heading: string | RegExp; action?: string | RegExp; ready: () => Promise<void> },
) {
  for (const l of looks) {
    await look(l);
    await page.goto(url(path));
    await shown.ready();
    if (l.width === 390) await expectFitsPhone(page, { heading: shown.heading, action: shown.action });
    await screenshot(page, `languages-billing-${name}-es-${l.name}`);
  }
  await look({ width: 1280, height: 860, dark: false });
}

describe('a Spanish-speaking customer', () => {
  it('sees invoices, an invoice, Make a Payment, pays and reads the receipt, all in Spanish', async () => {
    const { page, look } = await lookingPage();
    await login(page, 'bob');
    // Spanish chosen in the top bar: stored on the account (POST /api/set-language).
    await page.getByTestId('language-picker').selectOption('es');
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();

    // The invoice list: Spanish headings and status words, amounts as es-US writes them.
    await page.goto(url('/invoices'));
    await page.getByRole('heading', { name: x.invoicesTitle, exact: true }).waitFor();
    await page.getByRole('columnheader', { name: x.invoiceNumber }).waitFor();
    await page.getByRole('columnheader', { name: x.dueDate }).waitFor();
    const badge = page.getByTestId('invoice-status').first();
    await badge.waitFor();
    expect(await badge.textContent()).toMatch(/^(Pagada|Pendiente|Vencida hace \d+ días?)$/);
    // Dates through Intl in Spanish ("28 nov 2026"), not YYYY-MM-DD.
    const firstRow = page.getByRole('row').nth(1);
    expect(await firstRow.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The greeting and the list's own controls (apps/web/src/ui) too.
    expect(await page.getByTestId('banner').textContent()).toBe(commonTextEs.loggedIn('bob'));
    await page.getByRole('textbox', { name: uiTextEs.search }).waitFor();
    await page.getByRole('textbox', { name: uiTextEs.goToPage }).waitFor();
    await page.getByRole('navigation', { name: uiTextEs.pages }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-billing-invoices-es-1280-light');

    // One invoice, opened from its row.
    const number = ((await firstRow.getByRole('cell').first().textContent()) ?? '').trim();
    expect(number).not.toBe('');
    await firstRow.click();
    await page.getByRole('heading', { name: x.invoiceTitle(number) }).waitFor();
    await page.getByRole('link', { name: x.backToInvoices }).waitFor();
    await page.getByRole('button', { name: b.downloadInvoicePdf }).waitFor();
    // "Vence 28 nov 2026": the day through Intl in Spanish.
    await page.getByText(new RegExp(`^${x.invoiceDue} \\d{1,2} \\S+ \\d{4}$`)).waitFor();
    await page.getByTestId('invoice-body').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-billing-invoice-es-1280-light');

    // Make a Payment: the status, cards on file, the form and its card fields.
    await page.goto(url('/make-payment'));
    await page.getByRole('heading', { name: x.makePaymentTitle }).waitFor();
    await page.getByTestId('payment-status').getByText(x.lastInvoice, { exact: true }).waitFor();
    await page.getByText(b.sandboxNotice).waitFor();
    await page.getByRole('heading', { name: x.cardsOnFile }).waitFor();
    await expect
      .poll(() => page.getByLabel(x.address, { exact: true }).inputValue(), { timeout: 15_000 })
      .not.toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-billing-make-payment-es-1280-light');
    await page.getByLabel(x.amountDollars).fill('12.34');
    await page.getByLabel(b.cardStatusMeaning(0)).check();
    await page.getByLabel(x.cardNumber).fill('4111111111111111');
    await page.getByRole('combobox', { name: x.cardType }).selectOption('Visa');
    await page.getByLabel(x.expiration).fill('1130');
    await page.getByLabel(x.cvv).fill('321');
    await page.getByLabel(x.receiptEmail).fill('bob.spanish@example.org');
    await page.getByRole('button', { name: x.makePayment }).click();
    // Paying more than is due asks first (the review of the amount), in Spanish.
    const dialog = page.getByRole('dialog');
    const thanks = page.getByTestId('thankyou');
    await dialog.or(thanks).first().waitFor();
    if (await dialog.isVisible()) {
      await dialog.getByText(b.overpayTitle).waitFor();
      expect(await page.getByTestId('overpay-question').textContent()).toMatch(/\$12\.34.*crédito\?$/);
      await dialog.getByRole('button', { name: b.overpayCancel }).waitFor();
      await screenshot(page, 'languages-billing-overpay-es-1280-light');
      await dialog.getByRole('button', { name: b.overpayConfirm }).click();
    }
    await page.getByRole('heading', { name: b.paymentSuccessTitle }).waitFor();
    const text = (await thanks.textContent()) ?? '';
    expect(text).toContain('Gracias por su pago.');
    expect(text).toContain('Importe: $12.34.');
    expect(text).toContain('Recibo enviado a: bob.spanish@example.org.');
    const transId = /ID de transacción: (\d+)/.exec(text)?.[1] ?? '';
    expect(transId).not.toBe('');
    await screenshot(page, 'languages-billing-thankyou-es-1280-light');
    // The receipt mailed to the address typed is in bob's language too.
    const mailed = await waitForMail((m) => m.includes('To: bob.spanish@example.org'), mailDir());
    expect(mailed).toContain(`Subject: ${b.receiptSubject('12.34')}`);
    expect(mailed).toContain(b.receiptAmount('12.34'));

    // Recent Payments, then the payment's receipt. A reload asks for the screen's data before the
    // Spanish catalogues have loaded: those calls ask for Spanish too (they once asked for English).
    const asked: string[] = [];
    const askedIn = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith('/api/'))
        asked.push(`${r.url()} ${r.headers()['accept-language']}`);
    };
    page.on('request', askedIn);
    await page.goto(url('/recent-payments'));
    await page.getByRole('heading', { name: x.recentPaymentsTitle, exact: true }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(transId) });
    await row.waitFor();
    expect(await row.textContent()).toContain('$12.34');
    await page.getByRole('columnheader', { name: x.transactionId }).waitFor();
    await screenshot(page, 'languages-billing-recent-payments-es-1280-light');
    page.off('request', askedIn);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((a) => !a.endsWith(' es'))).toEqual([]);
    await row.click();
    await page.getByRole('heading', { name: x.receiptTitle }).waitFor();
    const receipt = page.getByTestId('payment-receipt');
    await receipt.getByText(`$12.34 ${x.paid}`).waitFor();
    await receipt.getByText(x.transactionId, { exact: true }).waitFor();
    await receipt.getByText(x.endingIn('1111')).waitFor();
    // The server's words in the caller's language too: what it paid for, its date through Intl.
    await receipt.getByText(b.paidForBalance, { exact: true }).waitFor();
    await receipt.getByText(/^\d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2}\s[ap]\.\s?m\. \S+$/).waitFor();
    await page.getByRole('link', { name: x.backToRecentPayments }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'languages-billing-receipt-es-1280-light');
    // Another language chosen here: the server's words are asked for again, in it.
    await page.getByTestId('language-picker').selectOption('en');
    await receipt.getByText(billingText.paidForBalance, { exact: true }).waitFor();
    await page.getByTestId('language-picker').selectOption('es');
    await receipt.getByText(b.paidForBalance, { exact: true }).waitFor();

    // Each screen on a phone (light and dark) and at 1280 dark.
    await inEveryLook(page, look, '/invoices', 'invoices', {
      heading: x.invoicesTitle,
      ready: () => page.getByTestId('invoice-status').first().waitFor(),
    });
    await inEveryLook(page, look, `/view-invoice/${encodeURIComponent(number)}`, 'invoice', {
      heading: x.invoiceTitle(number),
      action: x.backToInvoices,
      ready: () => page.getByTestId('invoice-body').waitFor(),
    });
    await inEveryLook(page, look, '/make-payment', 'make-payment', {
      heading: x.makePaymentTitle,
      ready: () => page.getByRole('button', { name: x.makePayment }).waitFor(),
    });
    await inEveryLook(page, look, '/edit-cc', 'edit-cc', {
      heading: x.editCardTitle,
      action: x.addCard,
      ready: () => page.getByRole('form', { name: x.addACard }).getByLabel(x.cardNumber).waitFor(),
    });
    await inEveryLook(page, look, `/payment-receipt/${transId}`, 'receipt', {
      heading: x.receiptTitle,
      action: x.backToRecentPayments,
      ready: () => page.getByTestId('payment-receipt').waitFor(),
    });
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
  });
});

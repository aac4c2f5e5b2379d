import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations as axeViolations } from './axe.ts';
import {
  chooseOption,
  launch,
  login,
  newPage,
  payDeclinedAsBob,
  screenshot,
  signedInLooks,
  url,
  workOn,
} from './browser.ts';
import { demoInvoice } from './demo-days.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

const errorsOf = (page: Page) => (page as Page & { errors: string[] }).errors;

/**
 * Serious axe violations of the billing content. The shell's banner (p[role="status"], not part
 * of these screens) is left out: its colours belong to the shell and are checked by its tests.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .map((v) => v.replace(/p\[role="status"\](, )?/, '').replace(/ \(\)$/, ''))
    .filter((v) => !v.endsWith('thresholds'));
}

describe('billing', () => {
  it('adds a card, pays with it, sees the thank-you and the payment in Recent Payments', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/edit-cc'));
    await page.getByTestId('sandbox-notice').waitFor();
    await page.getByLabel('Card number').waitFor();
    // The form starts from the billing address.
    await expect
      .poll(() => page.getByLabel('Address').inputValue(), { timeout: 15_000 })
      .toBe('48 Elm Avenue');
    await page.getByLabel('Card number').fill('6011 0000 0000 0012');
    await page.getByRole('combobox', { name: 'Card type' }).selectOption('Discover');
    await page.getByLabel('Expiration (MMYY)').fill('1130');
    await page.getByLabel('CVV').fill('321');
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByText('The Card has been added').waitFor();
    await page.getByText('Discover ending 0012').waitFor();

    await page.goto(url('/make-payment'));
    await page.getByTestId('payment-status').getByText('Last invoice', { exact: true }).waitFor();
    await chooseOption(page, 'Pay with', /Discover ending 0012/);
    await page.getByLabel('Amount ($)').fill('12.34');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('Receipt email').fill('bob.baker@example.org');
    // A double click submits once: the form is pending after the first.
    await page.getByRole('button', { name: 'Make Payment' }).dblclick();
    // Nothing is due on bob's account: the payment is a credit, which the form asks about first.
    await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
    await page.getByTestId('thankyou').waitFor();
    await page.getByRole('heading', { name: 'Successful Payment' }).waitFor();
    const text = (await page.getByTestId('thankyou').textContent()) ?? '';
    expect(text).toContain('Amount: $12.34');
    expect(text).toContain('Receipt sent to: bob.baker@example.org');
    const transId = /Transaction ID: (\d+)/.exec(text)?.[1];
    expect(transId).toBeTruthy();

    await page.goto(url('/recent-payments'));
    const row = page.getByRole('row', { name: new RegExp(transId as string) });
    await row.waitFor();
    expect(await row.textContent()).toContain('$12.34');
    expect(await row.textContent()).toContain('…0012');
    expect(await page.getByRole('row', { name: /\$12\.34/ }).count()).toBe(1);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('shows an invoice whose markup contains a script without running it', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    await page.goto(url('/invoices'));
    await page.getByRole('row', { name: new RegExp(demoInvoice('20261001-5002')) }).waitFor();
    await page.goto(url(`/view-invoice/${demoInvoice('20261001-5002')}`));
    await page.getByTestId('invoice-body').getByText('Invoice for Bob Baker').waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => Reflect.get(window, 'invoiceScriptRan'))).toBe(undefined);
    expect(await page.title()).not.toBe('invoice-script-ran');
    expect(await page.getByTestId('invoice-body').locator('script, [onerror]').count()).toBe(0);
    await page.context().close();
  });

  it('tells a Secondary account it has no access to billing; invoices have their own text', async () => {
    const page = await newPage(browser);
    await login(page, 'carol');
    await page.goto(url('/make-payment'));
    await page.getByText("Secondary accounts don't have access to billing information").waitFor();
    await page.goto(url('/edit-cc'));
    await page.getByText("Secondary accounts don't have access to billing information").waitFor();
    await page.goto(url('/invoices'));
    await page.getByText('Invoices only visible to the primary account holder').waitFor();
    await page.context().close();
  });

  it('edits and deletes a card: the confirmation, the list reloading, the messages', async () => {
    const page = await newPage(browser);
    await login(page, 'alice');
    await page.goto(url('/edit-cc'));
    await page.getByLabel('Card number').waitFor();
    await expect.poll(() => page.getByLabel('Address').inputValue(), { timeout: 15_000 }).toBe('PO Box 311');
    // A card of this test's own: alice's demo cards (which later files read) stay as they are.
    await page.getByLabel('Card number').fill('2223 0000 1030 9703');
    await page.getByRole('combobox', { name: 'Card type' }).selectOption('M/C');
    await page.getByLabel('Expiration (MMYY)').fill('1130');
    await page.getByLabel('CVV').fill('321');
    await page.getByLabel('No').check();
    await page.getByRole('button', { name: 'Add Card' }).click();
    await page.getByText('The Card has been added').waitFor();
    const choice = page.locator('[data-testid^="card-choice-"]').filter({ hasText: 'M/C ending 9703' });
    await expect.poll(() => choice.textContent()).toContain('(exp 11/30)');

    // Edit: the expiry changes; the list reloads and the selection goes back to New Card.
    await choice.click();
    await page.getByRole('heading', { name: 'M/C ending 9703' }).waitFor();
    await page.getByLabel('Expiration (MMYY)').fill('12/31');
    await page.getByRole('button', { name: 'Update Card' }).click();
    await page.getByTestId('notice').getByText('Your card has been updated').first().waitFor();
    await page.getByLabel('Card number').waitFor();
    await expect.poll(() => choice.textContent()).toContain('(exp 12/31)');
    await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).click();

    // Delete: asked first; Cancel keeps it, Delete removes it and the list reloads.
    await choice.click();
    await page.getByRole('button', { name: 'Delete Card' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Do you really want to delete this card?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await choice.count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Card' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByTestId('notice').getByText('Card has been deleted').first().waitFor();
    await page.getByLabel('Card number').waitFor();
    await choice.waitFor({ state: 'detached' });
    await page.getByText('Visa ending 1111').waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('Make Payment without a card-status choice says Required on the choice; a saved card offers no "save the card"', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /single-payment|saved-card-payment|tokenize/.test(r.url()))
        posts.push(r.url());
    });
    await page.goto(url('/make-payment'));
    const status = page.getByTestId('payment-status');
    await status.getByText('Last invoice', { exact: true }).waitFor();
    // The summary's wording: what was paid since the last invoice, and a credit as a credit.
    await status.getByText('Paid since the last invoice').waitFor();
    expect(await status.textContent()).not.toMatch(/-\$\d/);
    await page.getByLabel('Amount ($)').fill('2.00');
    await page.getByLabel('Card number').fill('4111111111111111');
    await page.getByLabel('Expiration (MMYY)').fill('1130');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    // Every other field is filled: the one 'Required' is the card-status choice's.
    await page.getByText('Required', { exact: true }).waitFor();
    expect(await page.getByText('Required', { exact: true }).count()).toBe(1);
    expect(posts).toEqual([]);
    // A field's refusal goes once the field is changed (as it did with Mantine's useForm).
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByText('Required', { exact: true }).waitFor({ state: 'detached' });

    // A saved card: no "save the card".
    await chooseOption(page, 'Pay with', /ending/);
    await page.getByLabel('Single payment, do not save the card').waitFor();
    expect(await page.getByLabel('Single payment and save the card').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('shows a declined payment as No Payment made, saves no card, and lets the next submit pay', async () => {
    const page = await newPage(browser);
    await login(page, 'bob');
    // Card status 1 would keep the card, and does not when the payment fails.
    await payDeclinedAsBob(page, 'Single payment and save the card');
    const modal = page.getByRole('dialog').filter({ hasText: 'No Payment made' });
    await modal.getByText('This transaction has been declined.').waitFor();
    await screenshot(page, 'billing-payment-declined-light');
    await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
    await modal.waitFor({ state: 'hidden' });

    // A decline is a known outcome: the next submit is a new payment, not the declined one again.
    await page.getByLabel('Amount ($)').fill('1.00');
    await page.getByLabel('Single payment, do not save the card').check();
    await page.getByLabel('CVV').fill('321');
    await page.getByRole('button', { name: 'Make Payment' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay anyway' }).click();
    await page.getByTestId('thankyou').getByText('Amount: $1.00').waitFor();

    await page.goto(url('/edit-cc'));
    await page.getByText('M/C ending 0015').waitFor();
    expect(await page.getByText('Visa ending 0027').count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('goes home when staff change the current user on the Make Payments page', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'bob');
    await page.goto(url('/make-payment'));
    await page.getByRole('heading', { name: 'Account bob' }).waitFor();
    await workOn(page, 'alice');
    await page.waitForURL(/\/portal\/?$/);
    await page.context().close();
  });

  it('goes home when staff change the current user on the card page; an unknown invoice says so', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'bob');
    await page.goto(url('/edit-cc'));
    await page.getByText('M/C ending 0015').waitFor();
    await workOn(page, 'alice');
    await page.waitForURL(/\/portal\/?$/);
    await page.goto(url('/view-invoice/no-such-invoice'));
    await page.getByRole('dialog').getByText("Can't find no-such-invoice").waitFor();
    await page.context().close();
  });
});

describe('billing screens: accessibility and looks', () => {
  const screens: Array<[string, string, string]> = [
    ['edit-cc', '/edit-cc', 'Visa ending 1111'],
    ['make-payment', '/make-payment', 'Cards on file'],
    ['invoices', '/invoices', demoInvoice('20261101-5001')],
    ['view-invoice', `/view-invoice/${demoInvoice('20261101-5001')}`, 'Invoice for Anderson Design LLC'],
    ['recent-payments', '/recent-payments', '60012345001'],
  ];
  // One page, signed in once, for the four looks.
  const lookAs = signedInLooks(() => browser, 'alice');
  for (const dark of [false, true]) {
    const mode = dark ? 'dark' : 'light';
    it(`billing screens have no serious axe violations (${mode}, desktop and phone)`, async () => {
      for (const width of [1280, 360]) {
        const page = await lookAs({ dark, width, height: width === 360 ? 740 : 860 });
        for (const [name, path, marker] of screens) {
          await page.goto(url(path));
          await page.getByText(marker).first().waitFor();
          await page.waitForTimeout(200);
          expect(await seriousViolations(page), `${name} ${mode} ${width}`).toEqual([]);
          await screenshot(page, `billing-${name}-${mode}${width === 360 ? '-phone' : ''}`);
        }
        // Leave alice's stored display mode as it was (the toggle may sit in the phone menu).
        if (dark) {
          await page.evaluate(() =>
            fetch('/api/set-mode', {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${localStorage.getItem('id_token')}`,
              },
              body: JSON.stringify({ logname: 'alice', mode: 'light' }),
            }),
          );
        }
      }
    }, 300_000);
  }

  it('coworking products: staff see the name field, the total and the read-only pay form', async () => {
    const page = await newPage(browser);
    await login(page, 'staff');
    await workOn(page, 'bob');
    await page.goto(url('/coworking-prods'));
    await page.getByRole('radio', { name: 'Day pass' }).check();
    await page.getByLabel('Quantity').fill('3');
    await expect(page.getByTestId('cowork-total').textContent()).resolves.toBe('$75.00');
    await page.getByLabel('Member discount').check();
    await page.getByText('$45.00').first().waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByText('A reservation name is required').waitFor();
    await screenshot(page, 'billing-coworking-prods-light');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Name', { exact: true }).fill('Bob Baker');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/cowork-pay-form$/);
    await expect(page.getByLabel('Amount ($)').inputValue()).resolves.toBe('45.00');
    expect(await page.getByLabel('Amount ($)').getAttribute('readonly')).not.toBeNull();
    await screenshot(page, 'billing-cowork-pay-form-light');
    await page.context().close();
  }, 180_000);
});

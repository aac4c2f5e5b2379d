import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { billingText as B } from '@portal/contract/billing/messages';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment as cardPayment } from '../../../test/support/card-bodies.ts';
import { type Account, factories } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accounts, invoices, outbox, payments } from '../../db/schema.ts';
import { fileTransport } from '../../integrations/mailer.ts';
import { mailCustomer } from '../../lib/notify.ts';
import { markupBlocks } from './invoice-markup.ts';
import { printable } from './pdf.ts';

/**
 * Invoices and receipts as PDF documents (docs/decisions/056-papers-as-pdf.md): the text read back
 * from the PDF is the invoice screen's lines, totals and status; a receipt mail carries its PDF; a
 * customer cannot download another's paper.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
/** alice's address is in Maine (Eastern time); bob is another customer; staff may see any invoice. */
let alice: Account;
let bob: Account;
let staff: Account;
beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  alice = await f.makeAccount();
  await f.makeAddress({ owner: alice, state: 'ME' });
  bob = await f.makeAccount();
  staff = await f.makeAccount({ role: 'staff' });
  await t.drainJobs();
});
afterAll(() => t.close());

/** The text of a PDF, its lines joined by spaces. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A download call, answered as bytes (the helper reads answers as JSON). */
async function download(as: Account, url: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(as.logname, as.password)}` },
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, bytes: new Uint8Array(res.rawPayload), res };
}

const day = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const INVOICE = 'T-PDF-1';
const LINES = [
  ['Business Pro hosting', '$71.45'],
  ['Static IP & rDNS', '$20.00'],
  ['Café coworking day', '$12.50'],
];
const TOTAL = '103.95';

describe('the invoice PDF', () => {
  beforeAll(async () => {
    const today = t.clock.now();
    await t.db.insert(invoices).values({
      invoice: INVOICE,
      owner: alice.logname,
      invdate: day(new Date(today.getTime() + 86_400_000)),
      duedate: day(new Date(today.getTime() + 21 * 86_400_000)),
      amountCents: 10_395,
      body: `<h2>Invoice for Anderson Design LLC</h2><p>Period: this month</p><table><tr><th>Item</th><th>Amount</th></tr>${LINES.map(
        ([item, amount]) => `<tr><td>${item?.replace('&', '&amp;')}</td><td>${amount}</td></tr>`,
      ).join('')}</table><script>alert(1)</script><p><strong>Total: $${TOTAL}</strong></p>`,
    });
    // What the account owes is this invoice: it is unpaid, all of it owed.
    await t.db.update(accounts).set({ balanceCents: 10_395 }).where(eq(accounts.logname, alice.logname));
  });

  it('an unpaid invoice: the screen’s lines, total and status, as a download with its file name', async () => {
    const shown = await f.as(alice).post('/api/get-invoice', { logname: alice.logname, invoice: INVOICE });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ status: 'unpaid', amount: 103.95, owed: 103.95 });

    const res = await download(alice, '/api/invoice-pdf', { logname: alice.logname, invoice: INVOICE });
    expect(res.status, res.res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${INVOICE}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = await textOf(res.bytes);
    expect(text).toContain(`Invoice ${INVOICE}`);
    expect(text).toContain('Invoice for Anderson Design LLC');
    for (const [item, amount] of LINES) {
      expect(text).toContain(item);
      expect(text).toContain(amount);
    }
    expect(text).toContain(B.pdfTotal(TOTAL));
    expect(text).toContain(B.pdfOwed(TOTAL));
    expect(text).toContain(B.pdfStatus(B.invoiceStatus(shown.body.data)));
    expect(text).toContain('Status: Unpaid');
    expect(text).not.toContain('alert');
    expect(text).not.toContain('Paid on');
  });

  it('a paid invoice says paid, with the date and the card ending; the receipt mail carries its PDF', async () => {
    const before = t.sent.length;
    // The app's clock an hour behind the database's (hosts' clocks differ): the payment and the
    // invoice's paid mark are both dated by the app's clock, so the paid line finds the payment.
    t.clock.set(new Date(Date.now() - 3_600_000));
    const paid = await f
      .as(alice)
      .post(
        '/api/single-payment',
        cardPayment({ account: alice.logname, email: alice.email, amount: TOTAL }),
      );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const transId: string = paid.body.data.trans_id;
    const shown = await f.as(alice).post('/api/get-invoice', { logname: alice.logname, invoice: INVOICE });
    expect(shown.body.data, JSON.stringify(shown.body)).toMatchObject({ status: 'paid', owed: 0 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.invoice, INVOICE));
    if (!row?.paidAt) throw new Error('the invoice was not marked paid');
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' }).format(
      row.paidAt,
    );

    const res = await download(alice, '/api/invoice-pdf', { logname: alice.logname, invoice: INVOICE });
    expect(res.status).toBe(200);
    const text = await textOf(res.bytes);
    expect(text).toContain('Status: Paid');
    expect(text).toContain(B.pdfPaidOn(when, '1111'));
    expect(text).toContain(B.pdfTotal(TOTAL));
    expect(text).not.toContain('Still owed');
    for (const [item] of LINES) expect(text).toContain(item);

    // The receipt to the account's own address, with the receipt PDF made at delivery.
    await t.drainJobs();
    const [mail] = t.sent.slice(before).filter((m) => m.to === alice.email);
    expect(mail?.subject).toBe(`Payment receipt: $${TOTAL}`);
    expect(mail?.attachments).toHaveLength(1);
    const [file] = mail?.attachments ?? [];
    expect(file).toMatchObject({ filename: `receipt-${transId}.pdf`, contentType: 'application/pdf' });
    const receipt = await textOf(file?.content ?? new Uint8Array());
    expect(receipt).toContain('Payment receipt');
    expect(receipt).toContain(`Transaction ID: ${transId}`);
    expect(receipt).toContain(`Amount: $${TOTAL}`);
    expect(receipt).toContain('Card: ending in 1111');
    expect(receipt).toContain(B.pdfThanks);
    // The database keeps a reference, never the document.
    const [queued] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, mail?.id ?? 0));
    expect(queued?.attachments).toEqual([
      { kind: 'receipt-pdf', owner: alice.logname, transId, private: true },
    ]);

    // The same receipt from Recent Payments.
    const again = await download(alice, '/api/receipt-pdf', { account: alice.logname, trans_id: transId });
    expect(again.status).toBe(200);
    expect(again.headers['content-disposition']).toBe(`attachment; filename="receipt-${transId}.pdf"`);
    const text2 = await textOf(again.bytes);
    expect(text2).toContain(`Transaction ID: ${transId}`);
    expect(text2).toContain(`Amount: $${TOTAL}`);
  });

  it('a customer cannot download another’s invoice or receipt, whatever account the call names', async () => {
    const [mine] = await t.db.select().from(payments).where(eq(payments.owner, alice.logname)).limit(1);
    if (!mine) throw new Error('alice has no payment');
    const attempts = [
      ['/api/invoice-pdf', { logname: alice.logname, invoice: INVOICE }],
      ['/api/invoice-pdf', { logname: bob.logname, invoice: INVOICE }],
      ['/api/receipt-pdf', { account: alice.logname, trans_id: mine.transId }],
      ['/api/receipt-pdf', { account: bob.logname, trans_id: mine.transId }],
    ] as const;
    for (const [url, body] of attempts) {
      const res = await download(bob, url, body);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.res.body).not.toContain('%PDF');
    }
    // Staff may, as they may see the invoice screen.
    const byStaff = await download(staff, '/api/invoice-pdf', { logname: alice.logname, invoice: INVOICE });
    expect(byStaff.status).toBe(200);
    expect(Buffer.from(byStaff.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('a customer mail may carry the invoice PDF, made when it is delivered (the new-invoice mail)', async () => {
    const before = t.sent.length;
    const queued = await t.db.transaction((tx) =>
      mailCustomer(t.app.deps.outbox, tx, {
        account: alice.logname,
        category: 'billing',
        kind: 'notices.invoice-new',
        write: () => ({ subject: `New invoice ${INVOICE}`, body: 'Your invoice is attached.' }),
        attachments: [{ kind: 'invoice-pdf', owner: alice.logname, invoice: INVOICE }],
      }),
    );
    expect(queued).toBe(1);
    await t.drainJobs();
    const [mail] = t.sent.slice(before).filter((m) => m.subject === `New invoice ${INVOICE}`);
    const [file] = mail?.attachments ?? [];
    expect(file).toMatchObject({ filename: `invoice-${INVOICE}.pdf`, contentType: 'application/pdf' });
    const text = await textOf(file?.content ?? new Uint8Array());
    expect(text).toContain(`Invoice ${INVOICE}`);
    expect(text).toContain(B.pdfTotal(TOTAL));
    for (const [item] of LINES) expect(text).toContain(item);
  });

  it('a receipt PDF to another address carries no customer-written text', async () => {
    const before = t.sent.length;
    const lure = 'Your account is locked: verify at http://phish.example/login';
    const paid = await f
      .as(alice)
      .post(
        '/api/single-payment',
        cardPayment({ account: alice.logname, amount: '5.00', email: 'victim@example.org', comments: lure }),
      );
    expect(paid.status).toBe(200);
    await t.drainJobs();
    const [mail] = t.sent.slice(before).filter((m) => m.to === 'victim@example.org');
    const [file] = mail?.attachments ?? [];
    const text = await textOf(file?.content ?? new Uint8Array());
    expect(text).toContain(`Transaction ID: ${paid.body.data.trans_id}`);
    expect(text).not.toContain('phish');
    // The account's own download has the comments, as the receipt screen.
    const own = await download(alice, '/api/receipt-pdf', {
      account: alice.logname,
      trans_id: paid.body.data.trans_id,
    });
    expect(await textOf(own.bytes)).toContain('phish.example');
  });

  it('a missing invoice is refused with the text of the invoice screen', async () => {
    const res = await f.as(staff).post('/api/invoice-pdf', { logname: alice.logname, invoice: 'NO-SUCH' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(B.invoiceNotFound('NO-SUCH'));
  });
});

describe('papers in mail and in text', () => {
  it('the file transport writes the attachment into the .eml', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-papers-'));
    try {
      const pdf = new TextEncoder().encode('%PDF-1.7 test');
      await fileTransport(dir).deliver(7, {
        to: 'a@example.org',
        from: 'portal@example.net',
        subject: 'Receipt',
        body: 'Thank you.',
        attachments: [{ filename: 'receipt-1.pdf', contentType: 'application/pdf', content: pdf }],
      });
      const eml = await readFile(join(dir, '00000007.eml'), 'utf8');
      expect(eml).toContain('Content-Type: application/pdf; name=receipt-1.pdf');
      expect(eml).toContain('Content-Disposition: attachment; filename=receipt-1.pdf');
      expect(eml).toContain(Buffer.from(pdf).toString('base64'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads an invoice’s markup as headings, text and table rows, without scripts', () => {
    expect(
      markupBlocks(
        '<h2>Invoice</h2><p>Period: <b>May</b></p><table><tr><th>Item</th><th>$</th></tr><tr><td>A &amp; B</td><td>$1.00</td></tr></table><style>p{}</style><script>x()</script><p><strong>Total: $1.00</strong></p>',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Invoice' },
      { kind: 'text', text: 'Period: May', bold: false },
      { kind: 'row', cells: ['Item', '$'], header: true },
      { kind: 'row', cells: ['A & B', '$1.00'], header: false },
      { kind: 'text', text: 'Total: $1.00', bold: true },
    ]);
  });

  it('prints what the standard fonts can: accents kept in Latin-1, others plain or "?"', () => {
    expect(printable('Café – “ok” €5')).toBe('Café – “ok” €5');
    expect(printable('Łódź 東')).toBe('?ódz ?');
  });
});

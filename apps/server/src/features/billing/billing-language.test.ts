import { billingText } from '@portal/contract/billing/messages';
import { billingTextEs } from '@portal/contract/billing/messages.es';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment as cardPayment } from '../../../test/support/card-bodies.ts';
import { type Account, factories, inDays } from '../../../test/support/factories.ts';
import { build, type TestApp } from '../../../test/support/helper.ts';
import { accounts, invoices, payments } from '../../db/schema.ts';
import { dateInWords } from './receipt.ts';
import { runAutoBilling } from './workers.ts';

/**
 * The billing texts the server writes, in Spanish (docs/languages.md): the receipt row of Recent
 * Payments and the PDF downloads in the caller's language; the receipt mail, its PDF and the
 * auto-billing mail in the account's (docs/decisions/117-mails-in-the-account-language.md). Mail
 * to accounting stays English, and amounts stay `$` amounts.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
/** Spanish-speaking customers: ana lives in Maine (Eastern time); eva and iker have no address (UTC). */
let ana: Account;
let eva: Account;
let iker: Account;

const ES = { 'accept-language': 'es-US,es;q=0.9' };

async function speaksSpanish(who: Account): Promise<void> {
  await t.db.update(accounts).set({ language: 'es' }).where(eq(accounts.logname, who.logname));
}

beforeAll(async () => {
  t = await build({ demo: false });
  f = factories(t);
  ana = await f.makeAccount();
  await f.makeAddress({ owner: ana, state: 'ME' });
  eva = await f.makeAccount();
  iker = await f.makeAccount();
  for (const who of [ana, eva, iker]) await speaksSpanish(who);
  await t.drainJobs();
});
afterAll(() => t.close());

/** The text of a PDF, its lines joined by spaces. */
async function textOf(pdf: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** A download call as `as`, in `headers`' language, read as text. */
async function downloadText(as: Account, url: string, body: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await t.token(as.logname, as.password)}`, ...headers },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return textOf(new Uint8Array(res.rawPayload));
}

const paymentRow = async (transId: string) => {
  const [row] = await t.db.select().from(payments).where(eq(payments.transId, transId));
  if (!row) throw new Error(`no payment ${transId}`);
  return row;
};

describe('a receipt in Spanish', () => {
  let transId: string;

  it('the receipt mail and its PDF are in the account’s language; accounting’s copy stays English', async () => {
    const before = t.sent.length;
    const res = await f.as(ana).post(
      '/api/single-payment',
      cardPayment({
        account: ana.logname,
        email: ana.email,
        amount: '12.00',
        comments: 'Para la factura de noviembre',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    transId = res.body.data.trans_id;
    await t.drainJobs();
    const row = await paymentRow(transId);
    const words = dateInWords(row.date, 'America/New_York', 'es');
    // Intl's Spanish: "27 de noviembre de 2026 a las 9:30 p.m. EST".
    expect(words).toMatch(/^\d{1,2} de [a-z]+ de \d{4} a las \d{1,2}:\d{2}\s[ap]\.\s?m\. E[SD]T$/u);

    const mails = t.sent.slice(before);
    const [own] = mails.filter((m) => m.to === ana.email);
    if (!own) throw new Error('no receipt to the account’s address');
    expect(own.subject).toBe('Recibo de pago: $12.00');
    expect(own.body.split('\n')).toEqual([
      'Gracias por su pago.',
      '',
      `Cuenta: ${ana.logname}`,
      'Importe: $12.00',
      `Fecha: ${words}`,
      'Tarjeta: terminada en 1111',
      'Pagado: El saldo de su cuenta',
      `ID de transacción: ${transId}`,
      'Comentarios: Para la factura de noviembre',
      '',
    ]);

    // Its PDF, made when the mail is delivered, in the same language.
    const [file] = own.attachments ?? [];
    expect(file?.filename).toBe(`receipt-${transId}.pdf`);
    const paper = await textOf(file?.content ?? new Uint8Array());
    for (const line of [
      billingTextEs.pdfReceiptTitle,
      `Cuenta: ${ana.logname}`,
      'Importe: $12.00',
      `Fecha: ${words}`,
      'Pagado: El saldo de su cuenta',
      `ID de transacción: ${transId}`,
      'Total: $12.00',
      'Gracias por su pago.',
    ])
      expect(paper).toContain(line);
    expect(paper).not.toContain(billingText.pdfReceiptTitle);

    // Accounting and the NOC read the staff's English.
    const internal = mails.filter((m) => m.to !== ana.email);
    expect(internal.length).toBe(2);
    for (const m of internal) {
      expect(m.body).toContain(`Date: ${dateInWords(row.date, 'America/New_York', 'en')}`);
      expect(m.body).toContain('Paid: Your account balance');
    }
  });

  it('Recent Payments words a receipt in the caller’s language, not the account’s', async () => {
    const row = await paymentRow(transId);
    const url = `/api/recent-payments/${ana.logname}`;
    const token = await t.token(ana.logname, ana.password);
    const spanish = await t.request('GET', url, { token, headers: ES });
    expect(spanish.status, JSON.stringify(spanish.body)).toBe(200);
    const shown = spanish.body.data.payments.find((p: { trans_id: string }) => p.trans_id === transId);
    expect(shown).toMatchObject({
      paid_for: 'El saldo de su cuenta',
      date_words: dateInWords(row.date, 'America/New_York', 'es'),
    });
    // A caller asking for no language reads English, though the account speaks Spanish.
    const english = await t.request('GET', url, { token });
    const same = english.body.data.payments.find((p: { trans_id: string }) => p.trans_id === transId);
    expect(same).toMatchObject({
      paid_for: 'Your account balance',
      date_words: dateInWords(row.date, 'America/New_York', 'en'),
    });
  });

  it('the receipt PDF download is in the caller’s language', async () => {
    const body = { account: ana.logname, trans_id: transId };
    const spanish = await downloadText(ana, '/api/receipt-pdf', body, ES);
    expect(spanish).toContain(`${billingTextEs.pdfReceiptTitle} `);
    expect(spanish).toContain('Tarjeta: terminada en 1111');
    const english = await downloadText(ana, '/api/receipt-pdf', body);
    expect(english).toContain(billingText.pdfReceiptTitle);
    expect(english).toContain('Card: ending in 1111');
    expect(english).toContain('Paid: Your account balance');
  });
});

describe('an invoice PDF in Spanish', () => {
  it('names its facts in the caller’s language, its days through Intl and its money in dollars', async () => {
    const inv = await f.makeInvoice({ owner: eva, amount: 49.95 });
    await t.db.update(accounts).set({ balanceCents: 4995 }).where(eq(accounts.logname, eva.logname));
    const body = { logname: eva.logname, invoice: inv.invoice };
    const medium = (day: string) =>
      new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${day}T00:00:00Z`),
      );
    const spanish = await downloadText(eva, '/api/invoice-pdf', body, ES);
    for (const line of [
      `Factura ${inv.invoice}`,
      `Cuenta: ${eva.logname}`,
      `Fecha de la factura: ${medium(inv.date)}`,
      `Fecha de vencimiento: ${medium(inv.due)}`,
      'Estado: Pendiente',
      'Total: $49.95',
      'Saldo pendiente: $49.95',
    ])
      expect(spanish).toContain(line);
    expect(spanish).not.toContain('Invoice date');

    const english = await downloadText(eva, '/api/invoice-pdf', body);
    for (const line of [
      `Invoice ${inv.invoice}`,
      `Invoice date: ${inv.date}`,
      `Due date: ${inv.due}`,
      'Status: Unpaid',
      'Still owed: $49.95',
    ])
      expect(english).toContain(line);
  });
});

describe('auto-billing in the account’s language', () => {
  it('a declined charge and an approved one: the decline mail, the receipt and the paid invoice in Spanish', async () => {
    await f.makeCard({ owner: iker, autoBilling: true });
    // The sandbox declines a charge of exactly $0.02 and approves the other.
    const declined = await f.makeInvoice({
      owner: iker,
      amount: 0.02,
      date: inDays(t.clock, -5),
      due: inDays(t.clock, 0),
    });
    const approved = await f.makeInvoice({
      owner: iker,
      amount: 30,
      date: inDays(t.clock, -5),
      due: inDays(t.clock, 0),
    });
    await t.db.update(accounts).set({ balanceCents: 3002 }).where(eq(accounts.logname, iker.logname));
    const before = t.sent.length;
    expect(await runAutoBilling(t.app)).toBe(2);
    await t.drainJobs();

    const toIker = t.sent.slice(before).filter((m) => m.to === iker.email);
    const [refused] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.invoice, declined.invoice), eq(payments.status, 'declined')));
    if (!refused) throw new Error('the $0.02 charge was not declined');
    const decline = toIker.find((m) => m.subject === billingTextEs.autobillDeclinedSubject(declined.invoice));
    expect(decline?.body).toContain(
      billingTextEs.autobillDeclined(declined.invoice, '0.02', '1111', refused.message),
    );
    expect(decline?.body).toContain('Se volverá a intentar automáticamente el ');

    const receipt = toIker.find((m) => m.subject === 'Recibo de pago: $30.00');
    expect(receipt?.body).toContain(`Pagado: Factura ${approved.invoice} (pago automático)`);

    // The paid invoice's PDF says when and with which card, in Spanish words.
    const [paid] = await t.db.select().from(invoices).where(eq(invoices.invoice, approved.invoice));
    if (!paid?.paidAt) throw new Error('the approved invoice was not marked paid');
    const when = new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(paid.paidAt);
    const text = await downloadText(
      iker,
      '/api/invoice-pdf',
      { logname: iker.logname, invoice: approved.invoice },
      ES,
    );
    expect(text).toContain('Estado: Pagada');
    expect(text).toContain(`Pagada el ${when} con la tarjeta terminada en 1111`);
  });
});

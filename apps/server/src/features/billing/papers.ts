import { dateFormat } from '@portal/contract/i18n/formats';
import { readFile } from 'node:fs/promises';
import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { localeOf, type TextLanguage } from '@portal/contract/i18n/languages';
import { PDF_MEDIA } from '@portal/contract/http';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { MailAttachmentRef } from '../../db/schema.ts';
import type { MailAttachment } from '../../integrations/mailer.ts';
import { logoType } from '../../lib/config-check.ts';
import { dayStart, parseDay } from '../../lib/days.ts';
import { languageOf } from '../../lib/notify.ts';
import type { Issuer, Paper } from './pdf.ts';
import { customerZone, receiptLines } from './receipt.ts';
import {
  type InvoiceRow,
  money,
  ownInvoice,
  ownPayment,
  type PaymentRow,
  paymentOfInvoice,
  standingOf,
} from './repository.ts';

/**
 * The papers of the billing area — an invoice and a payment receipt as PDF documents — for the
 * download calls and for mail attachments made at delivery time (docs/decisions/056-papers-as-pdf.md).
 * The figures are the billing repository's (standingOf: the invoice screen's reckoning), the
 * receipt's lines receiptLines' (the receipt mail's). A paper is written in a language: a download
 * in the caller's, an attachment in the account's (its mail's); amounts stay `$` amounts in each
 * (docs/decisions/112-billing-money-in-spanish.md).
 */

export const PDF_TYPE = PDF_MEDIA;

/** The issuer of the papers, from the configuration; the logo is read (and checked) each time. */
export async function issuerOf(config: Config): Promise<Issuer> {
  let logo: Issuer['logo'] = null;
  if (config.PORTAL_ISP_LOGO) {
    const bytes = new Uint8Array(await readFile(config.PORTAL_ISP_LOGO));
    const type = logoType(bytes);
    if (!type) throw new Error('PORTAL_ISP_LOGO is neither a PNG nor a JPEG file');
    logo = { type, bytes };
  }
  return {
    name: config.PORTAL_ISP_NAME ?? config.PORTAL_TITLE,
    address: config.PORTAL_ISP_ADDRESS.split(';')
      .map((l) => l.trim())
      .filter(Boolean),
    logo,
  };
}

/**
 * An invoice's day as the invoice screen shows it: YYYYMMDD → YYYY-MM-DD in English (other text
 * unchanged), Intl's medium day in another language ("28 nov 2026"), where a text that is no day
 * stays as English shows it.
 */
function invoiceDay(value: string, language: TextLanguage): string {
  const iso = /^\d{8}$/.test(value)
    ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`
    : value;
  const day = parseDay(value);
  if (language === 'en' || !day) return iso;
  return dateFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(dayStart(day));
}

/** "November 21, 2026" in the customer's zone, in `language` ("21 de noviembre de 2026"). */
const dayInWords = (at: Date, zone: string, language: TextLanguage) =>
  dateFormat(localeOf(language), { dateStyle: 'long', timeZone: zone }).format(at);

/** The invoice paper: its markup's lines, its total and where it stands today; undefined when not the owner's. */
export async function invoicePaper(
  db: Db,
  owner: string,
  invoice: string,
  today: Date,
  language: TextLanguage,
): Promise<Paper | undefined> {
  const B = inLanguage(billingText, language);
  const row = await ownInvoice(db, owner, invoice);
  if (!row) return undefined;
  const standing = (await standingOf(db, owner, today)).invoices.find(
    (s) => s.row.invoice === row.invoice,
  ) ?? {
    row,
    owedCents: 0,
    status: 'paid' as const,
    daysOverdue: 0,
  };
  const status = B.invoiceStatus({ status: standing.status, days_overdue: standing.daysOverdue });
  const facts = [
    B.pdfAccount(owner),
    B.pdfInvoiceDate(invoiceDay(row.invdate, language)),
    B.pdfDueDate(invoiceDay(row.duedate, language)),
  ];
  facts.push(B.pdfStatus(status));
  if (standing.status === 'paid') facts.push(await paidLine(db, row, language));
  const { markupBlocks } = await import('./invoice-markup.ts');
  const totals = [B.pdfTotal(money(row.amountCents))];
  if (standing.status !== 'paid') totals.push(B.pdfOwed(money(standing.owedCents)));
  return { title: B.pdfInvoiceTitle(row.invoice), facts, blocks: markupBlocks(row.body), totals };
}

/** "Paid on November 21, 2026 with the card ending 1111": when it was marked paid, and the card that paid it. */
async function paidLine(db: Db, row: InvoiceRow, language: TextLanguage): Promise<string> {
  const payment = await paymentOfInvoice(db, row);
  const zone = await customerZone(db, row.owner);
  const when = row.paidAt ?? payment?.date ?? null;
  return inLanguage(billingText, language).pdfPaidOn(
    when ? dayInWords(when, zone, language) : null,
    payment?.ccn4 || null,
  );
}

/**
 * The receipt paper of an approved payment; `own`: the account's own copy (what the payer wrote and
 * who entered it, as on the receipt to the account's billing address).
 */
export async function receiptPaper(
  db: Db,
  p: PaymentRow,
  own: boolean,
  language: TextLanguage,
): Promise<Paper> {
  const B = inLanguage(billingText, language);
  const zone = await customerZone(db, p.owner);
  const lines = receiptLines(p, zone, { comments: own, operator: own }, language);
  return {
    title: B.pdfReceiptTitle,
    // The account is the first of the lines.
    facts: [],
    blocks: lines.map((text) => ({ kind: 'text', text, bold: false })),
    totals: [B.pdfTotal(money(p.amountCents))],
    footer: B.pdfThanks,
  };
}

/** The receipt paper of `owner`'s approved payment `transId`; undefined when not the owner's. */
export async function ownReceiptPaper(
  db: Db,
  owner: string,
  transId: string,
  language: TextLanguage,
): Promise<Paper | undefined> {
  const p = await ownPayment(db, owner, transId);
  return p ? receiptPaper(db, p, true, language) : undefined;
}

export async function pdfOf(config: Config, paper: Paper): Promise<Uint8Array> {
  const { renderPaper } = await import('./pdf.ts');
  return renderPaper(await issuerOf(config), paper);
}

/**
 * Makes the documents an outbox message names (MailAttachmentRef), when it is delivered. A document
 * that is no longer there (an invoice removed) fails the delivery, which is retried and then shows
 * on the outbox row: never a mail that says it carries a paper without it. A paper is in the
 * language of its account, as the mail it goes with (lib/notify.ts languageOf).
 */
export async function paperAttachments(
  config: Config,
  db: Db,
  refs: readonly MailAttachmentRef[],
  today: Date,
): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const ref of refs) {
    if (ref.kind === 'invoice-pdf') {
      const paper = await invoicePaper(db, ref.owner, ref.invoice, today, await languageOf(db, ref.owner));
      if (!paper) throw new Error(`invoice ${ref.invoice} of ${ref.owner} is not there to attach`);
      out.push({
        filename: billingText.invoiceFileName(ref.invoice),
        contentType: PDF_TYPE,
        content: await pdfOf(config, paper),
      });
    } else {
      const p = await ownPayment(db, ref.owner, ref.transId);
      if (!p) throw new Error(`payment ${ref.transId} of ${ref.owner} is not there to attach`);
      const paper = await receiptPaper(db, p, ref.private, await languageOf(db, ref.owner));
      out.push({
        filename: billingText.receiptFileName(ref.transId),
        contentType: PDF_TYPE,
        content: await pdfOf(config, paper),
      });
    }
  }
  return out;
}

import { dateFormat } from '@portal/contract/i18n/formats';
import { billingText } from '@portal/contract/billing/messages';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { localeOf, type TextLanguage } from '@portal/contract/i18n/languages';
import type { Db } from '../../db/index.ts';
import type { PaymentRow } from './repository.ts';
import { billEmailOf, money, zoneAddressesOf } from './repository.ts';

/**
 * The customer's time zone, from the state of the account's address (or its billing address):
 * docs/decisions/037-customer-time-zone.md. A state that spans two zones takes the zone where most
 * of its people live; an address outside the US, or none, gives UTC, named as such in the text.
 */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  GU: 'Pacific/Guam',
  VI: 'America/St_Thomas',
};

/** The IANA zone of a US state's two-letter code and country; UTC for anything else. */
export function zoneOfAddress(state: string, country: string): string {
  if (country.trim().toUpperCase() !== 'US' && country.trim() !== '') return 'UTC';
  return STATE_ZONES[state.trim().toUpperCase()] ?? 'UTC';
}

/** The account's time zone: its own address first, then its billing address. */
export async function customerZone(db: Db, owner: string): Promise<string> {
  const rows = await zoneAddressesOf(db, owner);
  const pick = rows.find((r) => r.kind === 'account' && r.state) ?? rows.find((r) => r.state);
  return pick ? zoneOfAddress(pick.state, pick.country) : 'UTC';
}

/**
 * "November 28, 2026 at 1:39 AM EST" in `zone`, in `language` through Intl (Spanish: "28 de
 * noviembre de 2026 a las 1:39 a.m. EST"); the zone's short name follows, as Intl names it there.
 */
export function dateInWords(at: Date, zone: string, language: TextLanguage = 'en'): string {
  return dateFormat(localeOf(language), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: zone,
  })
    .format(at)
    .concat(` ${zoneName(at, zone, language)}`);
}

function zoneName(at: Date, zone: string, language: TextLanguage): string {
  const part = dateFormat(localeOf(language), { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** What a payment paid, in words, in `language`. */
export function paidFor(p: Pick<PaymentRow, 'invoice' | 'purpose'>, language: TextLanguage): string {
  const text = inLanguage(billingText, language);
  if (p.invoice) return text.paidForInvoice(p.invoice);
  if (p.purpose === 'coworking') return text.paidForCoworking;
  return text.paidForBalance;
}

/**
 * Whether `address` is the account's own billing address (case-insensitive). Only a receipt to it
 * carries what the customer wrote: any other address gets the portal's own facts alone.
 */
export async function isOwnAddress(db: Db, owner: string, address: string): Promise<boolean> {
  const wanted = address.trim().toLowerCase();
  if (!wanted) return false;
  const billEmail = await billEmailOf(db, owner);
  return billEmail !== undefined && billEmail.trim().toLowerCase() === wanted;
}

/** The lines of a receipt in `language`, the same facts as the receipt screen. */
export function receiptLines(
  p: PaymentRow,
  zone: string,
  opts: { comments: boolean; operator: boolean },
  language: TextLanguage,
): string[] {
  const text = inLanguage(billingText, language);
  return [
    text.pdfAccount(p.owner),
    text.receiptAmount(money(p.amountCents)),
    text.receiptDate(dateInWords(p.date, zone, language)),
    text.receiptCard(p.ccn4),
    text.receiptPaid(paidFor(p, language)),
    text.receiptTransId(p.transId),
    ...(opts.comments && p.comments ? [text.receiptComments(p.comments)] : []),
    ...(opts.operator && p.operator && p.operator !== p.owner ? [text.receiptEnteredBy(p.operator)] : []),
  ];
}

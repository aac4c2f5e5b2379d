import { demoOffsetDays, shiftDay, shiftInvoiceNumber } from '../apps/server/src/lib/demo-dates.ts';

/**
 * The portal of the browser tests loads the demo relative to the day it starts
 * (docs/decisions/048-demo-relative-to-today.md): a day or invoice number of the demo file, as it is
 * on today's portal.
 */
export const demoDay = (day: string) => shiftDay(day, demoOffsetDays(new Date()));
export const demoInvoice = (invoice: string) => shiftInvoiceNumber(invoice, demoOffsetDays(new Date()));

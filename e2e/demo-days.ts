import { inject } from 'vitest';
import { demoOffsetDays, shiftDay, shiftInvoiceNumber } from '../apps/server/src/lib/demo-dates.ts';

/**
 * A portal of the browser tests loads the demo relative to the day it starts
 * (docs/decisions/048-demo-relative-to-today.md): a day or invoice number of the demo file, as it is
 * on that portal. `loadedOn` is when the portal started (startPortal's `demoLoadedOn`); by default the
 * shared portal's, never the clock's now: a run that crosses midnight would move the expected dates by
 * a day that the portal's data did not move.
 */
export const demoDay = (day: string, loadedOn = inject('demoLoadedOn')) =>
  shiftDay(day, demoOffsetDays(new Date(loadedOn)));
export const demoInvoice = (invoice: string, loadedOn = inject('demoLoadedOn')) =>
  shiftInvoiceNumber(invoice, demoOffsetDays(new Date(loadedOn)));

import { compactDay, isoDay, parseDay } from './days.ts';

/**
 * The day apps/server/demo/demo-data.json describes: its dates are what the portal shows when the demo
 * is loaded on this day. Loaded on another day, every date moves by the days between the two, so the
 * demo stays a living account (docs/decisions/048-demo-relative-to-today.md).
 */
export const DEMO_ANCHOR = '2026-11-28';

const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Whole days from the anchor to `today`'s UTC day (negative before it). */
export function demoOffsetDays(today: Date): number {
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((day - Date.parse(`${DEMO_ANCHOR}T00:00:00Z`)) / DAY_MS);
}

/** A day (`YYYY-MM-DD` or `YYYYMMDD`, kept in its form) moved by `days`; any other text as it is. */
export function shiftDay(value: string, days: number): string {
  const d = parseDay(value);
  if (!d) return value;
  const moved = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  const out = { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
  return value.length === 8 ? compactDay(out) : isoDay(out);
}

/** An ISO date-time moved by `days`, in the file's form (`2026-11-21T09:00:00Z`). */
export function shiftDateTime(value: string, days: number): string {
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(t)) return value;
  return new Date(t + days * DAY_MS).toISOString().replace('.000Z', 'Z');
}

/** A card's `MMYY` expiry moved by `days` from the end of its month. */
function shiftExpiry(value: string, days: number): string {
  if (!/^\d{4}$/.test(value)) return value;
  const month = Number(value.slice(0, 2));
  const year = 2000 + Number(value.slice(2));
  const end = new Date(Date.UTC(year, month, 0) + days * DAY_MS);
  return `${String(end.getUTCMonth() + 1).padStart(2, '0')}${String(end.getUTCFullYear() % 100).padStart(2, '0')}`;
}

/** An invoice number `YYYYMMDD-uid`: its day moved, its uid kept. */
export function shiftInvoiceNumber(value: string, days: number): string {
  const [, day, uid] = /^(\d{8})(-.*)$/.exec(value) ?? [];
  return day && uid ? `${shiftDay(day, days)}${uid}` : value;
}

type Row = Record<string, unknown>;
type Shift = (value: string, days: number) => string;

/** Every dated field of the demo file, by entity, with how it moves. */
const FIELDS: Record<string, Record<string, Shift>> = {
  domains: { expiration_date: shiftDay },
  temp_emails: { expires: shiftDateTime },
  devsites: { setup_date: shiftDay },
  invoices: {
    invoice: shiftInvoiceNumber,
    invdate: shiftDay,
    duedate: shiftDay,
    auto_bill_attempted_at: shiftDateTime,
    paid_at: shiftDateTime,
  },
  payments: { date: shiftDateTime, invoice: shiftInvoiceNumber },
  cards: { expdate: shiftExpiry },
  circuits: { active_date: shiftDay },
  network_status: { modified: shiftDateTime },
  error_logs: {
    // log lines begin with their time: `[2026-11-21 08:00:00] …`
    msg: (msg, days) =>
      msg.replace(/^\[(\d{4}-\d{2}-\d{2}) /, (_all, day: string) => `[${shiftDay(day, days)} `),
  },
};

/**
 * The demo document as it is on `today`: every date of FIELDS moved by the days since DEMO_ANCHOR,
 * an invoice's "Period: <month> <year>" following its moved invoice date. Nothing else changes; on
 * the anchor day the document is returned as it is.
 */
export function demoAsOf(doc: Record<string, unknown>, today: Date): Record<string, unknown> {
  const days = demoOffsetDays(today);
  if (days === 0) return doc;
  const out: Record<string, unknown> = { ...doc };
  for (const [entity, fields] of Object.entries(FIELDS)) {
    const rows = doc[entity];
    if (!Array.isArray(rows)) continue;
    out[entity] = (rows as Row[]).map((row) => {
      const moved: Row = { ...row };
      for (const [field, shift] of Object.entries(fields))
        if (typeof row[field] === 'string') moved[field] = shift(row[field] as string, days);
      if (entity === 'invoices') moved.body = withPeriod(moved.body, moved.invdate);
      return moved;
    });
  }
  return out;
}

function withPeriod(body: unknown, invdate: unknown): unknown {
  const d = typeof invdate === 'string' ? parseDay(invdate) : null;
  if (typeof body !== 'string' || !d) return body;
  return body.replace(/Period: [A-Z][a-z]+ \d{4}/, `Period: ${MONTHS[d.month - 1]} ${d.year}`);
}

import { must } from '../../test/support/must.ts';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains, invoices, payments } from '../db/schema.ts';
import { build, type TestApp } from '../../test/support/helper.ts';
import { DEMO_ANCHOR, demoAsOf, demoOffsetDays, shiftDay } from './demo-dates.ts';
import { DEMO_FILE } from './demo.ts';
import { importDocument } from './import.ts';

type Doc = Record<string, Array<Record<string, unknown>>>;
const file = JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as Doc;
const DAY = 86_400_000;
const dayOf = (text: string) =>
  Date.parse(`${shiftDay(text, 0).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3')}T00:00:00Z`);

let t: TestApp;
beforeAll(async () => {
  t = await build({ demo: false });
});
afterAll(() => t.close());

describe('the demo, loaded relative to the day it is loaded', () => {
  const anchorDay = new Date(`${DEMO_ANCHOR}T08:30:00Z`);
  const later = new Date('2029-03-04T22:10:00Z');

  it('is the file itself on the anchor day', () => {
    expect(demoOffsetDays(anchorDay)).toBe(0);
    expect(demoAsOf(file, anchorDay)).toEqual(file);
  });

  it('moves every date by the same days on another day, so their relations stay', () => {
    const days = demoOffsetDays(later);
    expect(days).toBe(827);
    const moved = demoAsOf(file, later) as Doc;
    for (const [i, row] of must(file.domains, 'file.domains').entries()) {
      if (row.expiration_date === null) {
        expect(must(must(moved.domains, 'moved.domains')[i], 'moved.domains[i]').expiration_date).toBeNull();
        continue;
      }
      const before = dayOf(String(row.expiration_date));
      const after = dayOf(
        String(must(must(moved.domains, 'moved.domains')[i], 'moved.domains[i]').expiration_date),
      );
      expect((after - before) / DAY, String(row.domain)).toBe(days);
      // a domain alive on the anchor day is alive, by as many days, on the later one
      expect(after - dayOf('2029-03-04')).toBe(before - dayOf(DEMO_ANCHOR));
    }
    const first = must(must(moved.invoices, 'moved.invoices')[0], 'first');
    expect(first.invoice).toBe('20290205-5001');
    expect(first.invdate).toBe('20290205');
    expect(first.duedate).toBe('20290225');
    expect(first.auto_bill_attempted_at).toBe('2029-02-25T09:00:00Z');
    expect(String(first.body)).toContain('Period: February 2029');
    // the declined payment still names its (moved) invoice
    expect(must(moved.payments, 'moved.payments').find((p) => p.status === 'declined')?.invoice).toBe(
      '20290205-5001',
    );
    expect(must(moved.temp_emails, 'moved.temp_emails').map((e) => e.expires)).toEqual(
      must(file.temp_emails, 'file.temp_emails').map((e) =>
        new Date(Date.parse(String(e.expires)) + days * DAY).toISOString().replace('.000Z', 'Z'),
      ),
    );
    expect(String(must(must(moved.error_logs, 'moved.error_logs')[0], 'moved.error_logs[0]').msg)).toMatch(
      /^\[2029-02-25 08:00:00\] \[php:error\]/,
    );
    // a card's expiry moves from the end of its month: 03/27 (2027-03-31) to 2029-07-05, 07/29
    expect(must(moved.cards, 'moved.cards').map((c) => c.expdate)).toEqual(['0131', '0729', '0430']);
    // identifiers, names and amounts are the file's
    expect(must(moved.domains, 'moved.domains').map((d) => d.domain)).toEqual(
      must(file.domains, 'file.domains').map((d) => d.domain),
    );
    expect(must(moved.invoices, 'moved.invoices').map((i) => i.amount)).toEqual(
      must(file.invoices, 'file.invoices').map((i) => i.amount),
    );
  });

  it('imports loaded on two different days, each with its own dates', async () => {
    for (const today of [anchorDay, later]) {
      await importDocument(t.db, demoAsOf(file, today));
      const days = demoOffsetDays(today);
      const row = must(
        (await t.db.select().from(domains).where(eq(domains.domain, 'andersonphoto.net')))[0],
        'row',
      );
      expect(row.expirationDate).toBe(shiftDay('2026-12-16', days));
      const due = await t.db
        .select({ duedate: invoices.duedate })
        .from(invoices)
        .where(eq(invoices.invoice, `${shiftDay('20261101', days)}-5001`));
      expect(due).toEqual([{ duedate: shiftDay('20261121', days) }]);
      const declined = await t.db.select().from(payments).where(eq(payments.transId, '60012345004'));
      expect(declined[0]?.invoice).toBe(`${shiftDay('20261101', days)}-5001`);
    }
  });
});

import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS, SandboxGateway } from './sandbox.ts';
import type { BillingInput, CardNumberInput } from './types.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

function card(over: Partial<CardNumberInput & BillingInput> = {}): CardNumberInput & BillingInput {
  return {
    number: '4111111111111111',
    expdate: '1230',
    cvv: '123',
    name: 'Alice Anderson',
    address: 'PO Box 311',
    city: 'Portland',
    state: 'ME',
    zipcode: '04112',
    country: 'US',
    ...over,
  };
}

let n = 0;
const key = () => `test-key-${++n}`;

describe('sandbox gateway: one-off charges', () => {
  const gw = new SandboxGateway({ now: () => NOW });

  it('approves every documented test card', async () => {
    const ids = new Set<string>();
    for (const [number, type] of Object.entries(SANDBOX_TEST_CARDS)) {
      const cvv = type === 'AmExp' ? '1234' : '123';
      const r = await gw.chargeCard({
        idempotencyKey: key(),
        amountCents: 4995,
        card: card({ number, cvv }),
      });
      expect(r).toMatchObject({ outcome: 'approved', ccn4: number.slice(-4) });
      if (r.outcome === 'approved') {
        expect(r.transId).toMatch(/^\d{12}$/);
        expect(r.authCode).toMatch(/^[A-Z0-9]{6}$/);
        ids.add(r.transId);
      }
    }
    expect(ids.size).toBe(Object.keys(SANDBOX_TEST_CARDS).length);
    expect(gw.isSandbox).toBe(true);
    expect(gw.name).toBe('sandbox');
  });

  it('accepts numbers typed with spaces or dashes', async () => {
    const r = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: '4111 1111-1111 1111' }),
    });
    expect(r.outcome).toBe('approved');
  });

  it('declines billing ZIP 46282, card 4222222222222, CVV 901 and $0.02', async () => {
    const zip = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ zipcode: '46282' }),
    });
    expect(zip).toMatchObject({ outcome: 'declined', message: 'This transaction has been declined.' });
    expect(zip.outcome === 'declined' && zip.transId).toMatch(/^\d{12}$/);
    const decl = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: '4222222222222' }),
    });
    expect(decl.outcome).toBe('declined');
    const cvv = await gw.chargeCard({ idempotencyKey: key(), amountCents: 100, card: card({ cvv: '901' }) });
    expect(cvv).toMatchObject({ outcome: 'declined', message: expect.stringContaining('card code') });
    const cents = await gw.chargeCard({ idempotencyKey: key(), amountCents: 2, card: card() });
    expect(cents.outcome).toBe('declined');
  });

  it('answers $0.01 with a processing error', async () => {
    const r = await gw.chargeCard({ idempotencyKey: key(), amountCents: 1, card: card() });
    expect(r).toEqual({
      outcome: 'error',
      message: 'An error occurred during processing. Please try again.',
    });
  });

  it('loses the answer for $0.03, and reconciles it as approved', async () => {
    const k = key();
    const r = await gw.chargeCard({ idempotencyKey: k, amountCents: 3, card: card() });
    expect(r.outcome).toBe('unknown');
    const found = await gw.findCharge(k);
    expect(found).toMatchObject({ outcome: 'approved', ccn4: '1111' });
    const retry = await gw.chargeCard({ idempotencyKey: k, amountCents: 3, card: card() });
    expect(retry).toEqual(found);
  });

  it('refuses numbers that are not test cards, invalid numbers, bad dates, CVVs and amounts', async () => {
    const real = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: '4242424242424242' }),
    });
    expect(real).toMatchObject({ outcome: 'error', message: expect.stringContaining('test card') });
    const luhn = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: '4111111111111112' }),
    });
    expect(luhn).toEqual({ outcome: 'error', message: 'The credit card number is invalid.' });
    const jcb = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ number: '3088000000000017' }),
    });
    expect(jcb.outcome).toBe('error');
    const expired = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ expdate: '1026' }),
    });
    expect(expired).toEqual({ outcome: 'error', message: 'The credit card has expired.' });
    const thisMonth = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ expdate: '11/26' }),
    });
    expect(thisMonth.outcome).toBe('approved');
    const badDate = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ expdate: '1330' }),
    });
    expect(badDate.outcome).toBe('error');
    const badCvv = await gw.chargeCard({
      idempotencyKey: key(),
      amountCents: 100,
      card: card({ cvv: '12a' }),
    });
    expect(badCvv.outcome).toBe('error');
    for (const amountCents of [0, -5, 12.5, Number.NaN]) {
      const r = await gw.chargeCard({ idempotencyKey: key(), amountCents, card: card() });
      expect(r).toEqual({ outcome: 'error', message: 'The amount is invalid.' });
    }
    const noKey = await gw.chargeCard({ idempotencyKey: '', amountCents: 100, card: card() });
    expect(noKey.outcome).toBe('error');
  });

  it('never charges twice for one idempotency key', async () => {
    const k = key();
    const first = await gw.chargeCard({ idempotencyKey: k, amountCents: 2500, card: card() });
    const second = await gw.chargeCard({ idempotencyKey: k, amountCents: 2500, card: card() });
    expect(first.outcome).toBe('approved');
    expect(second).toEqual(first);
    expect(await gw.findCharge(k)).toEqual(first);
    // A declined first answer stays the answer for that key.
    const d = key();
    const declined = await gw.chargeCard({
      idempotencyKey: d,
      amountCents: 2500,
      card: card({ zipcode: '46282' }),
    });
    expect(await gw.chargeCard({ idempotencyKey: d, amountCents: 2500, card: card() })).toEqual(declined);
    // The same key for a different charge is refused, not charged.
    const other = await gw.chargeCard({ idempotencyKey: k, amountCents: 9900, card: card() });
    expect(other).toMatchObject({ outcome: 'error', message: expect.stringContaining('idempotency key') });
  });

  it('knows nothing of a key it never saw', async () => {
    expect(await gw.findCharge('never-seen')).toBeNull();
  });

  it('never puts the card number or CVV in a message', async () => {
    const results = [
      await gw.chargeCard({
        idempotencyKey: key(),
        amountCents: 100,
        card: card({ number: '4111111111111112', cvv: '777' }),
      }),
      await gw.chargeCard({
        idempotencyKey: key(),
        amountCents: 100,
        card: card({ number: '4242424242424242', cvv: '777' }),
      }),
      await gw.storeCard({ account: 'alice', card: card({ number: '4111111111111112', cvv: '777' }) }),
    ];
    const text = JSON.stringify(results);
    expect(text).not.toMatch(/4111111111111112|4242424242424242|777/);
  });
});

describe('sandbox gateway: stored cards', () => {
  it('stores tokens, never the number or CVV', async () => {
    const gw = new SandboxGateway({ now: () => NOW });
    const r = await gw.storeCard({
      account: 'alice',
      email: 'alice@example.net',
      card: card({ cvv: '456' }),
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.card.customerProfileId).toMatch(/^sbx-cust-[0-9a-f]{12}$/);
    expect(r.card.paymentProfileId).toMatch(/^sbx-pp-visa-1111-[0-9a-f]{12}$/);
    expect(r.card).toMatchObject({ ccn4: '1111', cardType: 'Visa' });
    const state = inspect(gw, { depth: 10, showHidden: true });
    expect(state).not.toContain('4111111111111111');
    expect(state).not.toContain('456');

    const second = await gw.storeCard({
      account: 'alice',
      existingCustomerProfileId: r.card.customerProfileId,
      card: card({ number: '370000000000002', cvv: '1234' }),
    });
    expect(second).toMatchObject({
      ok: true,
      card: { customerProfileId: r.card.customerProfileId, cardType: 'AmExp', ccn4: '0002' },
    });
  });

  it('does not store a card that would decline, or a non-test card', async () => {
    const gw = new SandboxGateway({ now: () => NOW });
    expect(await gw.storeCard({ account: 'a', card: card({ zipcode: '46282' }) })).toEqual({
      ok: false,
      message: 'This transaction has been declined.',
    });
    expect((await gw.storeCard({ account: 'a', card: card({ number: '4222222222222' }) })).ok).toBe(false);
    expect((await gw.storeCard({ account: 'a', card: card({ cvv: '901' }) })).ok).toBe(false);
    expect((await gw.storeCard({ account: 'a', card: card({ number: '4242424242424242' }) })).ok).toBe(false);
    expect((await gw.storeCard({ account: 'a', card: card({ expdate: '0120' }) })).ok).toBe(false);
  });

  it('charges, updates and deletes a stored card', async () => {
    let now = NOW;
    const gw = new SandboxGateway({ now: () => now });
    const r = await gw.storeCard({
      account: 'bob',
      card: card({ number: '5424000000000015', expdate: '1226' }),
    });
    if (!r.ok) throw new Error(r.message);
    const ids = { customerProfileId: r.card.customerProfileId, paymentProfileId: r.card.paymentProfileId };

    const paid = await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 4995, ...ids });
    expect(paid).toMatchObject({ outcome: 'approved', ccn4: '0015' });
    expect((await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 2, ...ids })).outcome).toBe(
      'declined',
    );
    expect((await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 1, ...ids })).outcome).toBe(
      'error',
    );

    // The stored expiry counts: after December 2026 the card is expired until updated.
    now = new Date('2027-01-05T00:00:00Z');
    expect(await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 100, ...ids })).toEqual({
      outcome: 'error',
      message: 'The credit card has expired.',
    });
    expect(await gw.updateCard({ ...ids, expdate: '1326' })).toMatchObject({ ok: false });
    expect(await gw.updateCard({ ...ids, expdate: '1226' })).toEqual({
      ok: false,
      message: 'The credit card has expired.',
    });
    expect(await gw.updateCard({ ...ids, expdate: '0130', billTo: { zipcode: '05401' } })).toEqual({
      ok: true,
    });
    expect((await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 100, ...ids })).outcome).toBe(
      'approved',
    );

    // A card belongs to its customer profile.
    const wrongOwner = await gw.chargeStoredCard({
      idempotencyKey: key(),
      amountCents: 100,
      customerProfileId: 'sbx-cust-other',
      paymentProfileId: ids.paymentProfileId,
    });
    expect(wrongOwner.outcome).toBe('error');

    expect(await gw.deleteCard(ids)).toEqual({ ok: true });
    expect(await gw.deleteCard(ids)).toEqual({ ok: true });
    expect(await gw.chargeStoredCard({ idempotencyKey: key(), amountCents: 100, ...ids })).toEqual({
      outcome: 'error',
      message: 'The record cannot be found.',
    });
    expect(await gw.updateCard({ ...ids, expdate: '0130' })).toEqual({
      ok: false,
      message: 'The record cannot be found.',
    });
  });

  it('accepts the tokens of an earlier run (the demo data cards)', async () => {
    const gw = new SandboxGateway({ now: () => NOW });
    const r = await gw.chargeStoredCard({
      idempotencyKey: key(),
      amountCents: 4995,
      customerProfileId: 'sbx-cust-alice',
      paymentProfileId: 'sbx-pp-visa-1111',
    });
    expect(r).toMatchObject({ outcome: 'approved', ccn4: '1111' });
    const bad = await gw.chargeStoredCard({
      idempotencyKey: key(),
      amountCents: 4995,
      customerProfileId: '123456',
      paymentProfileId: '654321',
    });
    expect(bad).toEqual({ outcome: 'error', message: 'The record cannot be found.' });
    expect(
      await gw.updateCard({
        customerProfileId: 'sbx-cust-bob',
        paymentProfileId: 'sbx-pp-mc-0015',
        expdate: '1228',
      }),
    ).toEqual({
      ok: true,
    });
  });

  it('retries a stored-card charge safely', async () => {
    const gw = new SandboxGateway({ now: () => NOW });
    const ids = { customerProfileId: 'sbx-cust-alice', paymentProfileId: 'sbx-pp-amex-0002' };
    const k = key();
    const lost = await gw.chargeStoredCard({ idempotencyKey: k, amountCents: 3, ...ids });
    expect(lost.outcome).toBe('unknown');
    const again = await gw.chargeStoredCard({ idempotencyKey: k, amountCents: 3, ...ids });
    expect(again).toMatchObject({ outcome: 'approved', ccn4: '0002' });
    expect(await gw.findCharge(k)).toEqual(again);
  });
});

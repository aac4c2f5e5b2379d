import { billingText } from '@portal/contract/billing/messages';
import { commonText } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  addCardFailure,
  type CallFailure,
  cardStatuses,
  formErrors,
  paymentFailure,
  renewsPaymentKey,
} from './outcome.ts';

/** Shaped like the server's answers: each carries its envelope's code ('' without an envelope). */
const refused = (_httpStatus: number, message: string, code: CallFailure['code']): CallFailure => ({
  kind: 'refused',
  message,
  code,
});
const failed = (_httpStatus: number, message: string, code: CallFailure['code']): CallFailure => ({
  kind: 'failed',
  message,
  code,
});

describe('the pay form renews its idempotency key only when nothing was charged', () => {
  it.each([
    ['a decline (422)', refused(422, 'This transaction has been declined.', 'refused')],
    [
      'a card the gateway would not store (422)',
      refused(422, billingText.unableToAddCard('The card code is invalid.'), 'card_not_stored'),
    ],
    [
      'a gateway error (503 not_charged)',
      failed(
        503,
        billingText.gatewayError('An error occurred during processing. Please try again.'),
        'not_charged',
      ),
    ],
    [
      'the key already used for another amount or card (409)',
      refused(409, billingText.keyReused, 'payment_key_reused'),
    ],
  ])('renews after %s', (_, failure) => {
    expect(renewsPaymentKey(failure)).toBe(true);
  });

  it.each([
    // The gateway approved, then writing the outcome failed: the payment is pending until reconciled.
    ['500 Internal error', failed(500, commonText.internalError, 'internal')],
    ['409 already being processed', refused(409, billingText.paymentInProgress, 'payment_in_progress')],
    // The database went down, possibly after the charge.
    ['a 503 of a database outage', failed(503, commonText.unavailable, 'unavailable')],
    // A message that reads like the gateway's but without the code: only the code counts.
    ['a 503 whose text opens like not_charged', failed(503, billingText.gatewayError('x'), 'unavailable')],
    ["a proxy's 503 without the envelope", failed(503, 'Server failure: 503', '')],
    ["a proxy's 502", failed(502, 'Server failure: 502', '')],
    ['a 504 time-out', failed(504, 'Server failure: 504', '')],
    ['a lost connection', failed(0, 'Network error - please check your connection', '')],
    ['a validation refusal (400: nothing reserved)', refused(400, 'amount: Required', 'invalid')],
    [
      'an expired session',
      {
        kind: 'expired',
        message: commonText.sessionExpired,
        code: 'unauthenticated',
      } as CallFailure,
    ],
    ['an error that is no API answer', null],
  ])('keeps it after %s', (_, failure) => {
    expect(renewsPaymentKey(failure)).toBe(false);
  });
});

describe('failure modals', () => {
  it('pay form: No Payment made, Unable to add this card, API Payment failure, being confirmed', () => {
    expect(paymentFailure(refused(422, 'This transaction has been declined.', 'refused'), '')).toEqual({
      title: billingText.noPaymentTitle,
      lines: ['This transaction has been declined.', billingText.declinedNext],
      alert: 'warning',
    });
    expect(paymentFailure(refused(422, billingText.unableToAddCard('x'), 'card_not_stored'), '').title).toBe(
      billingText.unableToAddThisCard,
    );
    expect(
      paymentFailure(failed(500, commonText.internalError, 'internal'), commonText.internalError),
    ).toEqual({
      title: billingText.apiFailureTitle,
      lines: [billingText.apiFailureAdvice, commonText.internalError],
      alert: 'serious',
    });
    expect(paymentFailure(refused(409, billingText.paymentInProgress, 'payment_in_progress'), '').title).toBe(
      billingText.paymentPendingTitle,
    );
  });

  it("add card: 'Failed' with the server's message, or 'Unable to add this card {error}'", () => {
    // The server answered: its message as it is, not wrapped in a second 'Unable to add this card'.
    expect(addCardFailure(refused(400, 'ccnumber: Invalid credit card', 'invalid'), '')).toEqual({
      title: 'Failed',
      lines: ['ccnumber: Invalid credit card'],
      alert: 'warning',
    });
    expect(
      addCardFailure(
        refused(422, 'Unable to add this card This transaction has been declined.', 'card_not_stored'),
        '',
      ),
    ).toEqual({
      title: 'Failed',
      lines: ['Unable to add this card This transaction has been declined.'],
      alert: 'warning',
    });
    // The call failed: no server message to show.
    const lost = 'Network error - please check your connection';
    expect(addCardFailure(failed(0, lost, ''), lost)).toEqual({
      title: 'Failed',
      lines: [`Unable to add this card ${lost}`],
      alert: 'serious',
    });
    expect(addCardFailure(null, 'boom').lines).toEqual(['Unable to add this card boom']);
  });
});

describe('the card-status choice of the pay form', () => {
  it("shows the payload's save_status error on the form's card_status field", () => {
    expect(formErrors({ save_status: commonText.required, amount: commonText.required })).toEqual({
      card_status: commonText.required,
      amount: commonText.required,
    });
    expect(formErrors({ amount: commonText.required })).toEqual({ amount: commonText.required });
  });

  it('offers "save the card" for a new card only, auto-billing for a saved card not already on it', () => {
    expect(cardStatuses(undefined)).toEqual([0, 1, 2]);
    expect(cardStatuses({ on_auto_billing: false })).toEqual([0, 2]);
    expect(cardStatuses({ on_auto_billing: true })).toEqual([0]);
  });
});

import { billingText as englishBilling } from '@portal/contract/billing/messages';
import type { FailureCode } from '@portal/contract/http';
import { t } from '../../app/language.ts';
import type { AlertKind } from '../../app/session.ts';

/**
 * What the pay and card forms make of a failed call (pure, so it is unit-tested without a
 * browser). The server's side of it is apps/server/src/features/billing/pay.ts, settle().
 */

/** The parts of a failed call that tell what became of it; an ApiError has them. */
export interface CallFailure {
  /** 'refused': the server answered status 0 (4xx); 'failed': no usable answer (network, 5xx). */
  kind: 'refused' | 'failed' | 'expired';
  message: string;
  /** The envelope's code (contract FAILURE_CODES); '' without an envelope (network, proxy). */
  code: FailureCode | '';
}

/** The failures after which the server knows this payment charged nothing (see renewsPaymentKey). */
const NOTHING_CHARGED: ReadonlySet<FailureCode | ''> = new Set<FailureCode>([
  'refused',
  'card_not_stored',
  'payment_key_reused',
  'not_charged',
]);

/**
 * Whether the next submit of the pay form is a new payment, with a new idempotency key. Only when
 * the server knows this payment charged nothing, as its code says:
 * - refused (declined) or card_not_stored (nothing sent to be charged);
 * - not_charged: the gateway refused or failed the charge;
 * - payment_key_reused: the key belongs to a payment with another amount or card, and this request
 *   did nothing — the form's values are a different payment now.
 * Every other failure keeps the key, so a retry gets the first attempt's answer instead of a second
 * charge: a 500 (the gateway may have approved and the recording failed; the payment stays pending
 * until it is reconciled), 409 'already being processed', the 503 of a database outage, a lost
 * connection, a proxy's 502 or 504, a 400 (nothing was reserved, so keeping costs nothing).
 */
export function renewsPaymentKey(failure: CallFailure | null): boolean {
  if (!failure || failure.kind === 'expired') return false;
  return NOTHING_CHARGED.has(failure.code);
}

export interface FailureModal {
  title: string;
  /** Lines of plain text, shown one under another (ui/lines.tsx). */
  lines: string[];
  alert: AlertKind;
}

/**
 * The pay form's failure: 'No Payment made' with the server's message, 'Unable to add
 * this card' when the card could not be stored, 'API Payment failure' with the advice and the error
 * when the call failed. A payment already under way is neither: it is being confirmed.
 */
export function paymentFailure(failure: CallFailure | null, error: string): FailureModal {
  const billingText = t(englishBilling);
  if (failure?.kind === 'refused') {
    if (failure.code === 'payment_in_progress') {
      return { title: billingText.paymentPendingTitle, lines: [failure.message], alert: 'warning' };
    }
    const title =
      failure.code === 'card_not_stored' ? billingText.unableToAddThisCard : billingText.noPaymentTitle;
    // A refusal says what to do next: nothing was charged, so check the card or use another.
    return { title, lines: [failure.message, billingText.declinedNext], alert: 'warning' };
  }
  return {
    title: billingText.apiFailureTitle,
    lines: [billingText.apiFailureAdvice, error],
    alert: 'serious',
  };
}

/**
 * The add-card failure: 'Failed' with the server's message when the server answered,
 * or 'Unable to add this card {error}' when the call itself failed (network, server failure).
 */
export function addCardFailure(failure: CallFailure | null, error: string): FailureModal {
  const billingText = t(englishBilling);
  if (failure?.kind === 'refused')
    return { title: billingText.cardFailedTitle, lines: [failure.message], alert: 'warning' };
  return {
    title: billingText.cardFailedTitle,
    lines: [billingText.unableToAddCard(error)],
    alert: 'serious',
  };
}

/**
 * The API's field names → the form's: the card-status choice is `save_status` in the payload and
 * `card_status` in the form, so its 'Required' shows on the radio group.
 */
export function formErrors(errors: Record<string, string>): Record<string, string> {
  const { save_status, ...rest } = errors;
  return save_status ? { ...rest, card_status: save_status } : rest;
}

/**
 * The card-status choices that make sense: all three for a new card; for a
 * saved card no "save the card" (it is saved), and no auto-billing when it is already on it.
 */
export function cardStatuses(saved: { on_auto_billing: boolean } | undefined): (0 | 1 | 2)[] {
  if (!saved) return [0, 1, 2];
  return saved.on_auto_billing ? [0] : [0, 2];
}

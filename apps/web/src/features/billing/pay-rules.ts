import * as C from '@portal/contract/billing/calls';
import { zodValidate } from '../../ui/form.ts';

/**
 * The pay form's rules and payment calls, with their schemas: this module brings zod and the
 * contract's rules, so the pay form loads it when it is first used (focus or submit) rather than
 * with Make Payment's first screen, whose main thread then has less to parse and run.
 */

/** The form's errors for a body: a new card's rules, or a stored card's. */
export const validatePayment = (newCard: boolean) =>
  zodValidate(newCard ? C.SinglePaymentForm : C.SavedCardPaymentBody);

export const { singlePayment, savedCardPayment } = C;

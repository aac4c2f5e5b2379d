import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from './api.ts';
import { type FormFailure, type FormFailureOptions, formFailure } from './failures.ts';
import { type AlertKind, session, type StatusMessage } from './session.ts';

/** A status message as a screen gives it: the type defaults to 'modal'; `at` and `path` are set when shown. */
export type StatusInput = Omit<StatusMessage, 'type' | 'at' | 'path'> & { type?: StatusMessage['type'] };

/**
 * Shows a status message by its type: modal opens the modal and hides the notice;
 * review shows the notice bar and scrolls to the top; reset hides both; thankyou and any other
 * type go to /thankyou (with `navigate`; a caller outside the router shows modals and notices only).
 */
export function showStatusMessage(msg: StatusInput, navigate?: (to: string) => void): void {
  const type = msg.type ?? 'modal';
  if (type === 'reset') {
    session.set({ status: null });
    return;
  }
  // The address now: a screen that navigates and then reports (the usual order) has its notice
  // on the screen it went to, whenever the router commits that navigation.
  session.set({ status: { ...msg, type, at: Date.now(), path: window.location.pathname } });
  if (type === 'review') window.scrollTo({ top: 0 });
  if (type !== 'modal' && type !== 'review') navigate?.('/thankyou');
}

/** showStatusMessage for a screen, with the router's navigate for the thank-you page. */
export function useStatus(): (msg: StatusInput) => void {
  const navigate = useNavigate();
  return useCallback((msg) => showStatusMessage(msg, navigate), [navigate]);
}

/** Danger for 'serious', yellow for 'warning', blue for info. */
export function alertColor(alert: StatusMessage['alert']): string {
  if (alert === 'serious') return 'red';
  if (alert === 'warning') return 'yellow';
  return 'blue';
}

/** A refusal (the server said no) is a warning; a failure (no usable answer) is serious. */
export const alertOf = (err: unknown): AlertKind =>
  err instanceof ApiError && err.kind === 'refused' ? 'warning' : 'serious';

export interface ShowFailureOptions extends FormFailureOptions {
  /** The pop-up's title, for what belongs to no field (the spec's failure titles). */
  title: string;
  /** The form's setErrors (Mantine's `form.setErrors`, or a state setter): each field's error beside it. */
  setErrors?: (errors: Record<string, string>) => void;
  /** The pop-up's colour where the spec gives one whatever the failure; else `alertOf(err)`. */
  alert?: AlertKind;
  /** The pop-up's body where the screen words it by the failure's code (hosting's siteFailure); else the form error. */
  body?: StatusInput['body'];
}

/**
 * The one way a screen shows a failed call (app/failures.ts formFailure): the fields' errors beside
 * the fields, once, and a pop-up only for what belongs to no field (a warning for a refusal, serious
 * for a failure). Returns the mapping, so the screen can switch on its `code`.
 */
export function useShowFailure(): (err: unknown, opts: ShowFailureOptions) => FormFailure {
  const showStatus = useStatus();
  return useCallback((err, opts) => showFailureWith(showStatus, err, opts), [showStatus]);
}

/** useShowFailure's work, with the function that opens the pop-up (a plain function: unit-tested without React). */
export function showFailureWith(
  showStatus: (msg: StatusInput) => void,
  err: unknown,
  { title, setErrors, alert = alertOf(err), body, ...mapping }: ShowFailureOptions,
): FormFailure {
  // Without setErrors nothing sits beside a field: every text goes in the pop-up.
  const failure = formFailure(err, setErrors ? mapping : { ...mapping, fields: [] });
  setErrors?.(failure.fieldErrors);
  if (failure.formError !== null) showStatus({ title, body: body ?? failure.formError, alert });
  return failure;
}

import { adminText } from '@portal/contract/admin/messages';
import { commonText } from '@portal/contract/messages';
import type { FailureCode } from '@portal/contract/http';
import { failureText } from '../../app/failures.ts';
import type { AlertKind } from '../../app/session.ts';
import { t } from '../../app/language.ts';

/**
 * The status messages of failed loads on the circuits and BUS accounts screens. Pure,
 * so they are unit-tested without a browser; the screens show `text` as the modal body.
 */

/** The parts of a failed call these rules read; an ApiError has them. */
export interface CallFailure {
  /** 'refused': the server answered status 0 (4xx); 'failed': no usable answer (network, 5xx). */
  kind: 'refused' | 'failed' | 'expired';
  /** The envelope's code; '' without an envelope (network, a proxy's bare answer). */
  code: FailureCode | '';
  message: string;
}

export interface LoadFailure {
  title: string;
  text: string;
  alert: AlertKind;
}

const isCallFailure = (err: unknown): err is CallFailure =>
  typeof err === 'object' && err !== null && 'kind' in err && 'code' in err;

/**
 * Circuits: the server's own failure (code `internal`, its 500) is the danger (red, 'serious') modal
 * "Server failure: 500"; any other failure — no answer, or one without a usable body such as a
 * proxy's 502/503 — the serious modal
 * "Get Circuits failed". A refusal (a Secondary's own account) is the spec's permission warning.
 */
export function circuitsFailure(err: unknown): LoadFailure {
  const text = failureText(err);
  if (isCallFailure(err) && err.kind === 'refused')
    return { title: t(commonText).permissionDenied, text, alert: 'warning' };
  if (isCallFailure(err) && err.code === 'internal')
    return { title: t(adminText).serverFailure(500), text, alert: 'serious' };
  return { title: t(adminText).getCircuitsFailed, text, alert: 'serious' };
}

/** BUS accounts: no usable answer is the serious modal "Get Bus Accounts failed"; a refusal the permission warning. */
export function busAccountsFailure(err: unknown): LoadFailure {
  const text = failureText(err);
  if (isCallFailure(err) && err.kind === 'refused')
    return { title: t(commonText).permissionDenied, text, alert: 'warning' };
  return { title: t(adminText).getBusAccountsFailed, text, alert: 'serious' };
}

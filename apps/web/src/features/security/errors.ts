import type { UseFormReturnType } from '@mantine/form';
import { ApiError, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { alertOf, type useStatus } from '../../app/status.ts';
import { securityText } from '@portal/contract/security/messages';

/**
 * A refused second-factor call: a wrong code or password is told at its field (and the field is
 * focused by the form), anything else in the status modal.
 */
export function showFailure<V extends Record<string, unknown>>(
  err: unknown,
  form: UseFormReturnType<V>,
  showStatus: ReturnType<typeof useStatus>,
): void {
  if (err instanceof ApiError && err.code === 'wrong_code' && 'code' in form.values) {
    form.setFieldError('code', err.message);
    return;
  }
  if (err instanceof ApiError && err.code === 'wrong_password' && 'password' in form.values) {
    form.setFieldError('password', err.message);
    return;
  }
  showStatus({ title: t(securityText).problems, body: failureText(err), alert: alertOf(err) });
}

import type { UseFormReturnType } from '@mantine/form';
import { securityText } from '@portal/contract/security/messages';
import { t } from '../../app/language.ts';
import { useShowFailure } from '../../app/status.ts';

/**
 * A refused second-factor call, the one way (app/status.ts useShowFailure): a wrong code or
 * password, which the refusal names by its code, is told beside its field when the form has it;
 * anything else in the status modal.
 */
export function useShowSecurityFailure<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
): (err: unknown) => void {
  const showFailure = useShowFailure();
  return (err) => {
    showFailure(err, {
      title: t(securityText).problems,
      setErrors: form.setErrors,
      fields: Object.keys(form.values),
      codeFields: { wrong_code: 'code', wrong_password: 'password' },
    });
  };
}

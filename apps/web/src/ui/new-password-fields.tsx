import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { uiText } from '@portal/contract/ui/messages';
import { t } from '../app/language.ts';

/**
 * The new password and its confirmation, as every password form asks them: "{label}" and
 * "Confirm {label}" (`uiText`), marked required, for the browser's password manager (`new-password`). The
 * fields' errors come from the form (`form.getInputProps(name)`), beside each field.
 */
export function NewPasswordFields({
  label = t(uiText).newPassword,
  password,
  confirm,
}: {
  label?: string;
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
}) {
  return (
    <>
      <PasswordInput label={label} autoComplete="new-password" withAsterisk {...password} />
      <PasswordInput
        label={t(uiText).confirmPassword(label)}
        autoComplete="new-password"
        withAsterisk
        {...confirm}
      />
    </>
  );
}

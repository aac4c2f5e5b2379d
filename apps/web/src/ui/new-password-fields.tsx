import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The new password and its confirmation, as every password form asks them: "{label}" and
 * "Confirm {label}", marked required, for the browser's password manager (`new-password`). The
 * fields' errors come from the form (`form.getInputProps(name)`), beside each field.
 */
export function NewPasswordFields({
  label = 'New Password',
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
      <PasswordInput label={`Confirm ${label}`} autoComplete="new-password" withAsterisk {...confirm} />
    </>
  );
}

import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { uiText } from '@portal/contract/ui/messages';
import { t } from '../app/language.ts';

/**
 * The caller's current password, asked where a change must be confirmed by the one who knows it
 * (a token, an app password, a recovery address, a passkey, a grant): one label, the browser's
 * `current-password` autofill, and the width that fits a form row and a phone. A form may name its
 * own label or width.
 */
export function CurrentPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label={t(uiText).currentPassword}
      autoComplete="current-password"
      w={220}
      maw="100%"
      {...props}
    />
  );
}

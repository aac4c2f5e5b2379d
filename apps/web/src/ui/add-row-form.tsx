import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { CurrentPasswordInput } from './current-password-input.tsx';

/**
 * The add form above a list with a delete column (API tokens, app passwords, recovery addresses):
 * its fields in one row that wraps on a phone, then the caller's current password where the new
 * row is lasting access, then the submit button, level with the fields' inputs.
 */
export function AddRowForm({
  onSubmit,
  password,
  submitLabel,
  pending,
  children,
}: {
  onSubmit: () => void;
  /** The current password's field; none where it is not asked (staff adding a recovery address). */
  password?: { value: string; onChange: (value: string) => void; error?: string };
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Group align="flex-start" wrap="wrap">
        {children}
        {password && (
          <CurrentPasswordInput
            value={password.value}
            onChange={(e) => password.onChange(e.currentTarget.value)}
            error={password.error}
          />
        )}
        <Button type="submit" mt={25} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}

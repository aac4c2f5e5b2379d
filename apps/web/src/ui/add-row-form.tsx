import { Button, Group } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useState } from 'react';
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

/**
 * The state of an add form whose row is a named secret made with the caller's password (an API
 * token, an app password): the name and the password, each field's error from a refusal, and the
 * secret just made, shown once until dismissed.
 */
export function useNamedSecretForm() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  return {
    name,
    password,
    errors,
    setErrors,
    made,
    /** The name field's value, change and error. */
    nameInput: {
      value: name,
      onChange: (e: ChangeEvent<HTMLInputElement>) => setName(e.currentTarget.value),
      error: errors.name,
    },
    /** AddRowForm's `password`. */
    passwordField: { value: password, onChange: setPassword, error: errors.password },
    /** The secret is made: shown once, and the form empty for the next. */
    show: (secret: { name: string; secret: string }) => {
      setMade(secret);
      setName('');
      setPassword('');
    },
    dismiss: () => setMade(null),
  };
}

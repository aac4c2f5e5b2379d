import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's buttons under its fields: the submit, busy while its call runs, then any other (Cancel). */
export function FormButtons({
  submit,
  pending,
  children,
}: {
  submit: string;
  pending: boolean;
  children?: ReactNode;
}) {
  return (
    <Group>
      <Button type="submit" loading={pending}>
        {submit}
      </Button>
      {children}
    </Group>
  );
}

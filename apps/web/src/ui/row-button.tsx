import { Button } from '@mantine/core';

/**
 * A list table's row action (Revoke, Delete, Remove, Rename): one small button whose accessible
 * name says what it acts on ("Delete bob@example.org"), red when it removes the row. The one look
 * of the lists with a delete column (API tokens, recovery contacts, passkeys).
 */
export function RowButton({
  verb,
  name,
  onClick,
  removes = false,
  loading,
}: {
  verb: string;
  /** What the row is, for the accessible name. */
  name: string;
  onClick: () => void;
  /** The action removes the row: shown in red. */
  removes?: boolean;
  loading?: boolean;
}) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      color={removes ? 'red' : undefined}
      aria-label={`${verb} ${name}`}
      loading={loading}
      onClick={onClick}
    >
      {verb}
    </Button>
  );
}

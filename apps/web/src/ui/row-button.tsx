import { Button } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';

/**
 * A list table's row action (Revoke, Delete, Remove, Rename): one small button whose accessible
 * name says what it acts on ("Delete bob@example.org"), red when it removes the row. The one look
 * of the lists with a delete column (API tokens, app passwords, recovery contacts, passkeys).
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

/**
 * A list table's last column with one row action (Revoke, Delete): its header is the verb, it does
 * not sort, and its button is busy while that row's action runs.
 */
export function rowActionColumn<Row>({
  verb,
  nameOf,
  onClick,
  busy,
}: {
  verb: string;
  nameOf: (row: Row) => string;
  onClick: (row: Row) => void;
  /** Whether this row's action is running. */
  busy?: (row: Row) => boolean;
}): ColumnDef<Row, unknown> {
  return {
    id: verb.toLowerCase(),
    header: verb,
    enableSorting: false,
    cell: ({ row }) => (
      <RowButton
        verb={verb}
        name={nameOf(row.original)}
        removes
        loading={busy?.(row.original)}
        onClick={() => onClick(row.original)}
      />
    ),
  };
}

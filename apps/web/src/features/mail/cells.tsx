import type { ColumnDef } from '@tanstack/react-table';

/** A table cell's address or list of addresses, wrapped anywhere between words on a narrow screen. */
export function Breakable({ text }: { text: string }) {
  return <span style={{ overflowWrap: 'break-word' }}>{text}</span>;
}

/** A column of addresses: the row's `key`, under `header`, wrapped on a narrow screen. */
export function addressColumn<R>(key: keyof R & string, header: string): ColumnDef<R, unknown> {
  return { accessorKey: key, header, cell: ({ getValue }) => <Breakable text={String(getValue())} /> };
}

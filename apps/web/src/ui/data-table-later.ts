import { createElement, lazy, type ReactElement } from 'react';
import type { DataTable, DataTableProps } from './data-table.tsx';

/** The table's chunk, loaded when first rendered; it hands the table to its caller, typed as it is. */
const Later = lazy(() =>
  import('./data-table.tsx').then((m) => ({
    default: ({ render }: { render: (table: typeof DataTable) => ReactElement }) => render(m.DataTable),
  })),
);

/**
 * The data table as a chunk of its own, loaded when first rendered: for a screen that renders its
 * table as its bulk (RenderLater, ui/page.tsx), so the screen's heading paints without the table's
 * code (TanStack Table, the pager and page-size inputs).
 */
export function DataTableLater<T>(props: DataTableProps<T>) {
  return createElement(Later, { render: (table) => createElement(table<T>, props) });
}

import { lazy } from 'react';
import type { DataTable } from './data-table.tsx';

/**
 * The data table as a chunk of its own, loaded when first rendered: for a screen that renders its
 * table as its bulk (RenderLater, ui/page.tsx), so the screen's heading paints without the table's
 * code (TanStack Table, the pager and page-size inputs).
 */
export const DataTableLater = lazy(() =>
  import('./data-table.tsx').then((m) => ({ default: m.DataTable })),
) as unknown as typeof DataTable;

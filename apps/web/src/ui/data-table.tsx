import { FILTER_DELAY_MS } from '@portal/contract/constants';
import { uiText } from '@portal/contract/ui/messages';
import { Anchor, Box, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  type ColumnDef,
  type ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type Cell,
  type Row,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { t, useLanguage } from '../app/language.ts';
import { Pager } from './pager.tsx';
import { PlainSelect } from './plain-select.tsx';
import './plain-table.css';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Show a filter input under this column's header. */
    filter?: boolean;
    /** A click on this cell does this instead of the row click. */
    onCellClick?: (row: TData) => void;
  }
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Rows per page; omit for no paging. */
  pageSize?: number;
  pageSizes?: readonly number[];
  initialSort?: SortingState;
  globalSearch?: boolean;
  emptyText: string;
  /** Shown when rows exist but the search or a filter matches none of them. */
  noMatchText?: string;
  /**
   * Where a row leads: its first cell becomes a link there (what assistive technology and the
   * keyboard use), and a click anywhere on the row follows it.
   */
  rowHref?: (row: T) => string | undefined;
  /**
   * What a row click does when the row leads nowhere (selects it, explains it): the row itself
   * takes the focus and Enter.
   */
  onRowClick?: (row: T) => void;
  rowStyle?: (row: T) => React.CSSProperties | undefined;
  caption?: string;
  loading?: boolean;
}

/**
 * The one data table of every list screen: paging with a pager on top, sorting, column filters
 * applied after a delay, global search, typed page numbers (integers from 1 to the last page),
 * the empty-state text, a row click and per-cell clicks.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, pageSize, pageSizes, initialSort = [], globalSearch, emptyText, rowHref } = props;
  const navigate = useNavigate();
  const onRowClick =
    props.onRowClick ??
    (rowHref
      ? (row: T) => {
          const href = rowHref(row);
          if (href) navigate(href);
        }
      : undefined);
  // Rows that arrive are rendered as a deferred, interruptible update: a page of rows is otherwise
  // one long task on a slow phone. The rows and the loading flag move together.
  const incoming = useMemo(
    () => ({ data: props.data, loading: !!props.loading }),
    [props.data, props.loading],
  );
  const { data, loading } = useDeferredValue(incoming);
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [filterInputs, setFilterInputs] = useState<Record<string, string>>({});
  const [debouncedFilters] = useDebouncedValue(filterInputs, FILTER_DELAY_MS);
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput, FILTER_DELAY_MS);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: pageSize ?? 1_000_000 });
  const [typedPage, setTypedPage] = useState('');
  const [pageError, setPageError] = useState('');

  // Memoised: a new filter array on every render would make the table reset its page each time.
  const columnFilters: ColumnFiltersState = useMemo(
    () =>
      Object.entries(debouncedFilters)
        .filter(([, v]) => v !== '')
        .map(([id, value]) => ({ id, value })),
    [debouncedFilters],
  );
  // A new filter or search starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the filters changed
  useEffect(() => {
    setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  }, [columnFilters, search]);

  const table = useReactTable({
    data,
    columns,
    state: { sorting, columnFilters, globalFilter: search, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: pageSize ? getPaginationRowModel() : undefined,
    globalFilterFn: 'includesString',
    autoResetPageIndex: false,
  });

  const pageCount = Math.max(table.getPageCount(), 1);
  useEffect(() => {
    if (pagination.pageIndex >= pageCount) setPagination((p) => ({ ...p, pageIndex: 0 }));
  }, [pageCount, pagination.pageIndex]);

  const goTo = () => {
    const n = Number(typedPage);
    if (!Number.isInteger(n) || n < 1 || n > pageCount) {
      setPageError(t(uiText).wholePageNumber(pageCount));
      return;
    }
    setPageError('');
    table.setPageIndex(n - 1);
  };

  useLanguage();
  const texts = t(uiText);
  const rows = table.getRowModel().rows;
  const hasFilters = columns.some((c) => c.meta?.filter);
  // Until the first rows come, the table's place is held (header and a page of rows) under the
  // loading text, and the table shows once it has them: filled in place, its columns would be
  // re-measured and its header and rows would move.
  const firstLoad = loading && data.length === 0;
  const heldRows = Math.min(pageSize ?? 5, 25);

  return (
    <Box>
      {(pageSize || globalSearch) && (
        <Group justify="space-between" mb="xs" gap="xs" wrap="wrap">
          {globalSearch ? (
            <TextInput
              aria-label={texts.search}
              placeholder={texts.search}
              value={searchInput}
              onChange={(e) => setSearchInput(e.currentTarget.value)}
              w={220}
            />
          ) : (
            <span />
          )}
          {pageSize && (
            <Group gap="xs" wrap="wrap">
              <Pager
                total={pageCount}
                value={pagination.pageIndex + 1}
                onChange={(p) => table.setPageIndex(p - 1)}
              />
              {/* A text box, not a number input: the number is checked on Enter or on leaving. */}
              <TextInput
                aria-label={texts.goToPage}
                placeholder={texts.page}
                size="xs"
                w={80}
                inputMode="numeric"
                value={typedPage}
                onChange={(e) => setTypedPage(e.currentTarget.value)}
                onKeyDown={(e) => e.key === 'Enter' && goTo()}
                onBlur={() => typedPage !== '' && goTo()}
                error={pageError || undefined}
              />
              {pageSizes && (
                <PlainSelect
                  aria-label={texts.rowsPerPage}
                  size="xs"
                  w={80}
                  data={pageSizes.map(String)}
                  value={String(pagination.pageSize)}
                  onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}
                />
              )}
            </Group>
          )}
        </Group>
      )}
      {firstLoad && (
        <Text c="dimmed" ta="center" py="sm" mih={`${2.7 + (hasFilters ? 3.2 : 0) + heldRows * 2.55}rem`}>
          {texts.loading}
        </Text>
      )}
      {/* A plain table in a plain scrolling box (ui/plain-table.css), not Mantine's Table. */}
      <Box className="table-scroll" style={firstLoad ? { display: 'none' } : undefined}>
        {/* Below the phone breakpoint (global.css) each row is a card of label: value lines. */}
        <table className="plain-table data-table" data-striped data-spacing="xs">
          {props.caption && <caption className="visually-hidden">{props.caption}</caption>}
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} data-sort-label={texts.sortBy}>
                {hg.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const label = flexRender(h.column.columnDef.header, h.getContext());
                  return (
                    <th
                      key={h.id}
                      aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {h.column.getCanSort() ? (
                        <UnstyledButton onClick={h.column.getToggleSortingHandler()} fw={700} fz="sm">
                          {label} {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            {hasFilters && (
              <tr>
                {table.getHeaderGroups()[0]?.headers.map((h) =>
                  // A column without a filter has an empty cell here: a data cell, since an empty
                  // header cell names nothing for assistive technology.
                  !h.column.columnDef.meta?.filter ? (
                    <td key={h.id} />
                  ) : (
                    <th key={h.id}>
                      {
                        <TextInput
                          size="xs"
                          label={texts.filterColumn(String(h.column.columnDef.header))}
                          labelProps={{ className: 'data-table-filter-label' }}
                          placeholder={texts.filter}
                          value={filterInputs[h.column.id] ?? ''}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setFilterInputs((f) => ({ ...f, [h.column.id]: value }));
                          }}
                        />
                      }
                    </th>
                  ),
                )}
              </tr>
            )}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} data-empty>
                  <Text c="dimmed" ta="center" py="sm">
                    {loading
                      ? texts.loading
                      : data.length > 0
                        ? (props.noMatchText ?? texts.nothingMatches)
                        : emptyText}
                  </Text>
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <DataRow
                  key={row.id}
                  row={row}
                  onRowClick={onRowClick}
                  href={rowHref?.(row.original)}
                  style={props.rowStyle?.(row.original)}
                />
              ))
            )}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

/** What a list screen's query says to its table: its state, and the answer the rows come from. */
export interface RowsQuery<D> {
  data: D | undefined;
  isError: boolean;
  isLoading: boolean;
}

/**
 * A DataTable's `data` and `loading` from the query of its rows (`pick` them from a larger answer):
 * no rows when the query failed (its pop-up says why), and loading until the account is `ready`
 * and the answer has come.
 */
export function rowsOf<D, T>(
  query: RowsQuery<D>,
  pick: (answer: D) => T[],
  ready = true,
): { data: T[]; loading: boolean } {
  return {
    data: query.isError || query.data === undefined ? [] : pick(query.data),
    loading: !ready || query.isLoading,
  };
}

/** rowsOf for a query whose answer is the rows. */
export const queryRows = <T,>(query: RowsQuery<T[]>, ready = true) => rowsOf(query, (rows) => rows, ready);

/** The text of a column's header, for the card layout's labels. */
function headerText<T>(cell: Cell<T, unknown>): string {
  const header = cell.column.columnDef.header;
  return typeof header === 'string' ? header : '';
}

function DataRow<T>({
  row,
  onRowClick,
  href,
  style,
}: {
  row: Row<T>;
  onRowClick?: (row: T) => void;
  href?: string;
  style?: React.CSSProperties;
}) {
  const activate = onRowClick ? () => onRowClick(row.original) : undefined;
  // A row that leads somewhere does so through a real link in its first cell, which the keyboard
  // and assistive technology reach; a row that only acts in place keeps the focus itself.
  const focusRow = !!activate && !href;
  return (
    <tr
      style={{ cursor: onRowClick ? 'pointer' : undefined, ...style }}
      data-hover={onRowClick ? true : undefined}
      onClick={activate}
      tabIndex={focusRow ? 0 : undefined}
      // Only Enter on the row itself: Enter on a control inside a cell (a button) is that
      // control's own click, and would otherwise also activate the row.
      onKeyDown={
        focusRow ? (e) => e.key === 'Enter' && e.target === e.currentTarget && activate?.() : undefined
      }
    >
      {row.getVisibleCells().map((cell, i) => {
        const onCellClick = cell.column.columnDef.meta?.onCellClick;
        let content: ReactNode = flexRender(cell.column.columnDef.cell, cell.getContext());
        if (i === 0 && href) {
          content = (
            <Anchor component={Link} to={href} fz="sm" onClick={(e) => e.stopPropagation()}>
              {content}
            </Anchor>
          );
        }
        return (
          // The cell's click is its button's (a button is what the keyboard reaches and presses;
          // its click bubbles here), so the cell needs no key handler of its own.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the control inside the cell takes the keys
          <td
            key={cell.id}
            data-label={headerText(cell)}
            onClick={
              onCellClick
                ? (e) => {
                    e.stopPropagation();
                    onCellClick(row.original);
                  }
                : undefined
            }
          >
            {content}
          </td>
        );
      })}
    </tr>
  );
}

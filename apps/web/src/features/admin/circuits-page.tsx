import type { Circuit } from '@portal/contract/admin/calls';
import { adminScreenText, adminText } from '@portal/contract/admin/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { circuitsQuery } from './api.ts';
import { circuitsFailure } from './failures.ts';
import { formatActiveDate, joinAddress } from './format.ts';
import { t } from '../../app/language.ts';

/** The list's columns, headed in the page's language. */
const columnsIn = (text: typeof adminScreenText): ColumnDef<Circuit, unknown>[] => [
  { accessorKey: 'loc_name', header: text.colLocation },
  { id: 'address', header: text.colServiceAddress, accessorFn: (c) => joinAddress(c.addr1, c.addr2) },
  { accessorKey: 'provider', header: text.colProvider },
  { accessorKey: 'speed', header: text.colSpeed },
  { id: 'active_date', header: text.colActivation, accessorFn: (c) => formatActiveDate(c.active_date) },
];

function failure(err: unknown) {
  const f = circuitsFailure(err);
  return { title: f.title, body: f.text, alert: f.alert };
}

/** Circuits: the account's circuits; on failure the list is emptied. */
export default function CircuitsPage() {
  const { account, ready } = useInfoAccount();
  const q = useQuery({ ...circuitsQuery(account), enabled: ready, meta: { failure: failure } });
  const text = t(adminText);
  const screen = t(adminScreenText);
  const columns = useMemo(() => columnsIn(screen), [screen]);
  return (
    <Page title={text.circuitsFor(account)}>
      <DataTable
        columns={columns}
        data={q.isError ? [] : (q.data ?? [])}
        initialSort={[{ id: 'loc_name', desc: false }]}
        emptyText={text.noCircuits}
        loading={!ready || q.isPending}
        caption={text.circuitsFor(account)}
      />
    </Page>
  );
}

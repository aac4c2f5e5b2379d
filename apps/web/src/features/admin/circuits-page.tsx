import type { Circuit } from '@portal/contract/admin/calls';
import { adminText } from '@portal/contract/admin/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { circuitsQuery } from './api.ts';
import { circuitsFailure } from './failures.ts';
import { formatActiveDate, joinAddress } from './format.ts';

const columns: ColumnDef<Circuit, unknown>[] = [
  { accessorKey: 'loc_name', header: 'Location' },
  { id: 'address', header: 'Service Address', accessorFn: (c) => joinAddress(c.addr1, c.addr2) },
  { accessorKey: 'provider', header: 'Provider' },
  { accessorKey: 'speed', header: 'Speed' },
  { id: 'active_date', header: 'Activation', accessorFn: (c) => formatActiveDate(c.active_date) },
];

function failure(err: unknown) {
  const f = circuitsFailure(err);
  return { title: f.title, body: f.text, alert: f.alert };
}

/** Circuits: the account's circuits; on failure the list is emptied. */
export default function CircuitsPage() {
  const { account, ready } = useInfoAccount();
  const q = useQuery({ ...circuitsQuery(account), enabled: ready, meta: { failure: failure } });
  return (
    <Page title={adminText.circuitsFor(account)}>
      <DataTable
        columns={columns}
        data={q.isError ? [] : (q.data ?? [])}
        initialSort={[{ id: 'loc_name', desc: false }]}
        emptyText={adminText.noCircuits}
        loading={!ready || q.isPending}
        caption={adminText.circuitsFor(account)}
      />
    </Page>
  );
}

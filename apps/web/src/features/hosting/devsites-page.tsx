import { failureText } from '../../app/api.ts';
import { Button, Group, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { Devsite } from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useNavigate } from 'react-router';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { devsitesQuery } from './api.ts';

const columns: ColumnDef<Devsite, unknown>[] = [
  { accessorKey: 'domain', header: 'Domain' },
  { id: 'ssl', accessorFn: (d) => (d.ssl ? 'Yes' : 'No'), header: 'SSL' },
  {
    accessorKey: 'virtname',
    header: 'Site Name',
    cell: ({ row }) => <span style={{ overflowWrap: 'break-word' }}>{row.original.virtname}</span>,
  },
  { accessorKey: 'vid', header: 'VID' },
  { accessorKey: 'setup_date', header: 'Setup Date' },
];

/**
 * Devsites: the account's development sites; a row opens its details. A dashboard admin sees its
 * primary's, with no Create a Devsite (devsite-request is the owner's).
 */
export default function DevsitesPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const list = useQuery({
    ...devsitesQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title: hostingText.problemsWithRequest,
        body: failureText(err, 'message-and-fields'),
        alert: 'serious',
      }),
    },
  });

  return (
    <Page title="Devsites">
      {readOnly ? (
        <Text size="sm" c="dimmed">
          {adminText.readOnlyNote(account)}
        </Text>
      ) : (
        <Group>
          <Button size="xs" variant="default" onClick={() => navigate(routePath('create-devsite'))}>
            Create a Devsite
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        pageSize={PAGE.devsites.size}
        pageSizes={PAGE.devsites.choices}
        initialSort={[{ id: 'domain', desc: false }]}
        emptyText={hostingText.noDomains}
        loading={!ready || list.isLoading}
        rowHref={(d) => routePath('devsite-info', { vid: d.vid })}
        caption="Devsites"
      />
    </Page>
  );
}

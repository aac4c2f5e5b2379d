import { Button, Group } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { DomainUsageRow } from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { domainUsageQuery } from './api.ts';

/** Website? column: -1 is an alias of another site. */
const websiteText = (w: number) => (w === -1 ? 'Alias' : w === 1 ? 'Yes' : 'No');

const columns: ColumnDef<DomainUsageRow, unknown>[] = [
  { accessorKey: 'domain', header: 'Domain' },
  { id: 'website', accessorFn: (d) => websiteText(d.website), header: 'Website?' },
  { accessorKey: 'docroot', header: 'Docroot or Alias' },
  { accessorKey: 'num_aliases', header: 'Number of Email Aliases' },
];

/** Domain Summary. */
export default function DomainUsagePage() {
  const { currentUser } = useSession();
  const q = useQuery({ ...domainUsageQuery(currentUser), enabled: !!currentUser });
  return (
    <Page title="Domain Summary">
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to={routePath('add-webhosting')} variant="light">
          Add Web Hosting
        </Button>
        <Button component={Link} to={routePath('email-aliases')} variant="light">
          Define Email Aliases
        </Button>
        <Button component={Link} to={routePath('websites')} variant="light">
          Edit Websites
        </Button>
      </Group>
      <DataTable
        columns={columns}
        data={q.data ?? []}
        pageSize={PAGE.domains.size}
        pageSizes={PAGE.domains.choices}
        initialSort={[{ id: 'domain', desc: false }]}
        emptyText={q.isError ? `${domainText.failed}: ${failureText(q.error)}` : domainText.noDomainsUsage}
        loading={q.isLoading}
        caption="Domain Summary"
      />
    </Page>
  );
}

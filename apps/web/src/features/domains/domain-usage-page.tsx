import { Button, Group } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { DomainUsageRow } from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { domainUsageQuery } from './api.ts';

/** Website? column: -1 is an alias of another site. */
const websiteText = (w: number, text: typeof domainText & typeof domainScreenText) =>
  w === -1 ? text.usageAlias : w === 1 ? text.yes : text.no;

/** The columns, in the language of `text`. */
const columnsIn = (
  text: typeof domainText & typeof domainScreenText,
): ColumnDef<DomainUsageRow, unknown>[] => [
  { accessorKey: 'domain', header: text.columnDomain },
  { id: 'website', accessorFn: (d) => websiteText(d.website, text), header: text.usageWebsite },
  { accessorKey: 'docroot', header: text.usageDocroot },
  { accessorKey: 'num_aliases', header: text.usageAliases },
];

/** Domain Summary. */
export default function DomainUsagePage() {
  const { currentUser } = useSession();
  const q = useQuery({ ...domainUsageQuery(currentUser), enabled: !!currentUser });
  const [listTexts, screenTexts] = [t(domainText), t(domainScreenText)];
  const text = { ...listTexts, ...screenTexts };
  const columns = useMemo(() => columnsIn({ ...listTexts, ...screenTexts }), [listTexts, screenTexts]);
  return (
    <Page title={text.usageTitle}>
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to={routePath('add-webhosting')} variant="light">
          {text.addWebHosting}
        </Button>
        <Button component={Link} to={routePath('email-aliases')} variant="light">
          {text.defineAliases}
        </Button>
        <Button component={Link} to={routePath('websites')} variant="light">
          {text.editWebsites}
        </Button>
      </Group>
      <DataTable
        columns={columns}
        data={q.data ?? []}
        pageSize={PAGE.domains.size}
        pageSizes={PAGE.domains.choices}
        initialSort={[{ id: 'domain', desc: false }]}
        emptyText={q.isError ? `${text.failed}: ${failureText(q.error)}` : text.noDomainsUsage}
        loading={q.isLoading}
        caption={text.usageTitle}
      />
    </Page>
  );
}

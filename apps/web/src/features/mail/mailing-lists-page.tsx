import { Anchor, Button, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { MailingList } from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { t } from '../../app/language.ts';
import { useInfoAccount, useUrls } from '../../app/shared-queries.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { mailingListsQuery } from './api.ts';
import { listAdminUrl, listTypeName } from './format.ts';

interface Row extends MailingList {
  list_link: string;
}

/** A failed load shows a single row. */
const FAILURE_ROW: MailingList = { listname: 'unknown', list_type: 'MM' };

/**
 * Mailing Lists of the current account, with the Mailman admin page of each Mailman list. A
 * dashboard admin sees its primary's; the admin pages leave the portal (Mailman has its own
 * sign-in), so their links stay.
 */
export default function MailingListsPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const { data: urls } = useUrls();
  const q = useQuery({ ...mailingListsQuery(account), enabled: ready });
  const host = urls?.links.list_admin_host ?? '';
  const lists = q.isError ? [FAILURE_ROW] : (q.data ?? []);
  const rows: Row[] = lists.map((l) => ({
    ...l,
    // The failure row names no list: it gets no admin link.
    list_link: l.list_type === 'MM' && host && !q.isError ? listAdminUrl(host, l.listname) : '',
  }));

  const m = t(mailScreenText);
  const columns: ColumnDef<Row, unknown>[] = [
    {
      accessorKey: 'listname',
      header: m.colListName,
      cell: ({ row }) =>
        row.original.list_link ? (
          <Button
            component="a"
            href={row.original.list_link}
            target="_blank"
            rel="noopener noreferrer"
            size="compact-sm"
            variant="light"
            aria-label={m.listAdminLink(row.original.listname)}
          >
            {row.original.listname}
          </Button>
        ) : (
          row.original.listname
        ),
    },
    {
      accessorKey: 'list_link',
      header: m.colListLink,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.list_link ? (
          <Anchor
            href={row.original.list_link}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'break-word' }}
          >
            {row.original.list_link}
          </Anchor>
        ) : (
          <Text size="sm">—</Text>
        ),
    },
    {
      id: 'list_type',
      accessorFn: (r) => listTypeName(r.list_type, t(mailText).unknownListType),
      header: m.colListType,
    },
  ];

  return (
    <Page title={m.mailingListsTitle}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      <DataTable
        columns={columns}
        data={rows}
        pageSize={PAGE.mailingLists.size}
        pageSizes={PAGE.mailingLists.choices}
        initialSort={[{ id: 'listname', desc: false }]}
        emptyText={m.noMailingLists}
        loading={!ready || q.isLoading}
        caption={m.mailingListsCaption}
      />
    </Page>
  );
}

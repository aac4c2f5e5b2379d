import { Badge, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FILTER_DELAY_MS } from '@portal/contract/constants';
import type { ActivityEvent } from '@portal/contract/security/activity';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { activityQuery, dateTime } from './api.ts';
import { securityText } from '@portal/contract/security/messages';
import { navText } from '@portal/contract/shell/nav-messages';
import { uiText } from '@portal/contract/ui/messages';
import { t, useLanguage } from '../../app/language.ts';

/** The account the event changed, when it is not the one shown (a Secondary of it). */
const columns = (account: string): ColumnDef<ActivityEvent, unknown>[] => [
  {
    accessorKey: 'time',
    header: t(securityText).when,
    enableSorting: false,
    cell: ({ row }) => dateTime(row.original.time),
  },
  {
    accessorKey: 'operator',
    header: t(securityText).who,
    enableSorting: false,
    cell: ({ row }) => (
      <Group gap={6} wrap="nowrap">
        <span>{row.original.operator}</span>
        {row.original.staff && (
          <Badge size="sm" variant="light">
            {t(securityText).staff}
          </Badge>
        )}
      </Group>
    ),
  },
  { accessorKey: 'action', header: t(securityText).what, enableSorting: false },
  {
    accessorKey: 'summary',
    header: t(securityText).details,
    enableSorting: false,
    cell: ({ row }) =>
      row.original.account === account
        ? row.original.summary
        : `${row.original.account}: ${row.original.summary}`,
  },
];

/**
 * Account → Account activity: every change made to the account by the customer, its
 * Secondaries or staff, newest first; searched and paged by the server.
 */
export default function AccountActivityPage() {
  useLanguage();
  const { currentUser } = useSession();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), FILTER_DELAY_MS);
  const [page, setPage] = useState(1);
  // A new search or another account starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or account changes
  useEffect(() => setPage(1), [q, currentUser]);
  const list = useQuery(activityQuery(currentUser, q, page));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;
  return (
    <Page title={t(navText)['Account Activity']}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(securityText).activityAbout}
        </Text>
        <TextInput
          label={t(uiText).search}
          placeholder={t(securityText).activityExample}
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ maxWidth: 420 }}
        />
        <DataTable
          columns={columns(currentUser)}
          data={list.data?.events ?? []}
          emptyText={
            list.isError
              ? t(securityText).noActivityBecause(failureText(list.error))
              : q
                ? t(securityText).nothingMatches
                : t(securityText).noActivity
          }
          loading={list.isLoading}
          caption={t(securityText).activityCaption}
        />
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            aria-label={t(securityText).activityPages}
            getControlProps={(control) => ({ 'aria-label': t(securityText).pageControl(control) })}
          />
        )}
      </Stack>
    </Page>
  );
}

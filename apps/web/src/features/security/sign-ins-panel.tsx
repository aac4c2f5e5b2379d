import { Badge, Stack, Text, Title } from '@mantine/core';
import * as S from '@portal/contract/security/session-calls';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { dateTime, signInsQuery } from './api.ts';

const columns: ColumnDef<S.SignInItem, unknown>[] = [
  { accessorKey: 'time', header: 'When', cell: ({ row }) => dateTime(row.original.time) },
  {
    accessorKey: 'result',
    header: 'Result',
    cell: ({ row }) => (
      // A refusal in dark red on the row's own background: Mantine's light red badge is 4.48:1 on its
      // tint, under WCAG AA's 4.5:1; red.9 on white is 5.5:1.
      <Badge
        color={row.original.result === 'success' ? 'green' : 'red.9'}
        variant={row.original.result === 'success' ? 'light' : 'outline'}
      >
        {S.SIGN_IN_RESULT_TEXT[row.original.result]}
      </Badge>
    ),
  },
  { accessorKey: 'method', header: 'With', cell: ({ row }) => S.SIGN_IN_METHOD_TEXT[row.original.method] },
  { accessorKey: 'device', header: 'Browser', cell: ({ row }) => row.original.device || 'Unknown browser' },
  { accessorKey: 'address', header: 'Network', cell: ({ row }) => row.original.address || 'Unknown' },
];

/** The sign-in attempts of the last 90 days (issue 18), newest first. */
export function SignInsPanel() {
  const { currentUser } = useSession();
  const list = useQuery(signInsQuery(currentUser));
  return (
    <Stack gap="xs" component="section" aria-labelledby="sign-ins-title">
      <Title order={2} size="h4" id="sign-ins-title">
        Recent sign-ins
      </Title>
      <Text size="sm" c="dimmed">
        Every attempt to sign in to your account in the last {S.SIGN_IN_RETENTION_DAYS} days.
      </Text>
      <DataTable
        columns={columns}
        data={list.data ?? []}
        pageSize={10}
        initialSort={[{ id: 'time', desc: true }]}
        emptyText={list.isError ? `No sign-ins: ${failureText(list.error)}` : 'No sign-ins.'}
        loading={list.isLoading}
        caption="Recent sign-ins"
      />
    </Stack>
  );
}

import { Badge, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import * as S from '@portal/contract/security/session-calls';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { dateTime, signInsQuery } from './api.ts';

/**
 * A sign-in's result. A success or a sign-in still waiting for its code is not alarming (green,
 * grey); a refusal is red, outlined in a red that meets WCAG AA's 4.5:1 on the page in either
 * scheme: red.9 on white is 5.5:1, and on the dark page red.3 (red.9 there is 2.8:1).
 */
function ResultBadge({ result }: { result: S.SignInResult }) {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const calm = result === 'success' || result === 'code_pending';
  return (
    <Badge
      color={result === 'success' ? 'green' : calm ? 'gray' : scheme === 'dark' ? 'red.3' : 'red.9'}
      variant={calm ? 'light' : 'outline'}
    >
      {S.SIGN_IN_RESULT_TEXT[result]}
    </Badge>
  );
}

const columns: ColumnDef<S.SignInItem, unknown>[] = [
  { accessorKey: 'time', header: 'When', cell: ({ row }) => dateTime(row.original.time) },
  {
    accessorKey: 'result',
    header: 'Result',
    cell: ({ row }) => <ResultBadge result={row.original.result} />,
  },
  { accessorKey: 'method', header: 'With', cell: ({ row }) => S.SIGN_IN_METHOD_TEXT[row.original.method] },
  { accessorKey: 'device', header: 'Browser', cell: ({ row }) => row.original.device || 'Unknown browser' },
  { accessorKey: 'address', header: 'Network', cell: ({ row }) => row.original.address || 'Unknown' },
];

/** The sign-in attempts of the last 90 days, newest first. */
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

import { Badge, Stack, Text, Title, useComputedColorScheme } from '@mantine/core';
import * as S from '@portal/contract/security/session-calls';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { dateTime, signInsQuery } from './api.ts';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * A sign-in's result. A success or a sign-in still waiting for its code is not alarming (green,
 * grey); a refusal is red, outlined in a red that meets WCAG AA's 4.5:1 on the page in either
 * scheme: red.9 on white is 5.5:1, and on the dark page red.3 (red.9 there is 2.8:1).
 */
function ResultBadge({ result }: { result: S.SignInResult }) {
  useLanguage();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const calm = result === 'success' || result === 'code_pending';
  return (
    <Badge
      color={result === 'success' ? 'green' : calm ? 'gray' : scheme === 'dark' ? 'red.3' : 'red.9'}
      variant={calm ? 'light' : 'outline'}
    >
      {t(S.SIGN_IN_RESULT_TEXT)[result]}
    </Badge>
  );
}

/** The table's columns, in the page's language (made at render time). */
const columns = (): ColumnDef<S.SignInItem, unknown>[] => [
  { accessorKey: 'time', header: t(securityText).when, cell: ({ row }) => dateTime(row.original.time) },
  {
    accessorKey: 'result',
    header: t(securityText).result,
    cell: ({ row }) => <ResultBadge result={row.original.result} />,
  },
  {
    accessorKey: 'method',
    header: t(securityText).with,
    cell: ({ row }) => t(S.SIGN_IN_METHOD_TEXT)[row.original.method],
  },
  {
    accessorKey: 'device',
    header: t(securityText).browser,
    cell: ({ row }) => row.original.device || t(securityText).unknownBrowser,
  },
  {
    accessorKey: 'address',
    header: t(securityText).network,
    cell: ({ row }) => row.original.address || t(securityText).unknown,
  },
];

/** The sign-in attempts of the last 90 days, newest first. */
export function SignInsPanel() {
  useLanguage();
  const { currentUser } = useSession();
  const list = useQuery(signInsQuery(currentUser));
  return (
    <Stack gap="xs" component="section" aria-labelledby="sign-ins-title">
      <Title order={2} size="h4" id="sign-ins-title">
        {t(securityText).signInsTitle}
      </Title>
      <Text size="sm" c="dimmed">
        {t(securityText).signInsAbout(S.SIGN_IN_RETENTION_DAYS)}
      </Text>
      <DataTable
        columns={columns()}
        data={list.data ?? []}
        pageSize={10}
        initialSort={[{ id: 'time', desc: true }]}
        emptyText={
          list.isError ? t(securityText).noSignInsBecause(failureText(list.error)) : t(securityText).noSignIns
        }
        loading={list.isLoading}
        caption={t(securityText).signInsTitle}
      />
    </Stack>
  );
}

import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import * as S from '@portal/contract/security/session-calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { dateTime, sessionsQuery, useEndOtherSessions, useEndSession } from './api.ts';

/** Sessions shown before "Show older sessions": this browser and the most recently active others. */
const FIRST_SESSIONS = 4;

/**
 * Where the account is signed in: each live session named by its browser, network and
 * when it was last active, "this browser" marked and first, then the most recently active; older
 * ones are folded under a button. End one, or every other.
 */
export function SessionsPanel() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const list = useQuery(sessionsQuery(currentUser));
  const failed = (err: unknown) =>
    showStatus({ title: 'The session was not ended', body: failureText(err), alert: 'serious' });

  const endOne = useEndSession({ onError: failed });
  const endOthers = useEndOtherSessions({
    onSuccess: (res) => {
      showStatus({ title: 'Signed out elsewhere', body: res.message, type: 'review' });
    },
    onError: failed,
  });

  const [unfolded, setUnfolded] = useState(false);
  const sessions = [...(list.data ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.last_seen.localeCompare(a.last_seen),
  );
  const others = sessions.filter((s) => !s.current).length;
  const folded = unfolded ? 0 : Math.max(0, sessions.length - FIRST_SESSIONS);
  const shown = folded ? sessions.slice(0, FIRST_SESSIONS) : sessions;
  const columns: ColumnDef<S.SessionItem, unknown>[] = [
    {
      accessorKey: 'device',
      header: 'Browser',
      cell: ({ row }) => (
        <Group gap="xs">
          <span>{row.original.device || 'Unknown browser'}</span>
          {row.original.current && (
            <Badge color="green" variant="light">
              This browser
            </Badge>
          )}
        </Group>
      ),
    },
    { accessorKey: 'address', header: 'Network', cell: ({ row }) => row.original.address || 'Unknown' },
    {
      accessorKey: 'method',
      header: 'Signed in with',
      cell: ({ row }) => S.SIGN_IN_METHOD_TEXT[row.original.method],
    },
    { accessorKey: 'created', header: 'Signed in', cell: ({ row }) => dateTime(row.original.created) },
    { accessorKey: 'last_seen', header: 'Last active', cell: ({ row }) => dateTime(row.original.last_seen) },
    {
      id: 'end',
      header: '',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.current ? null : (
          <Button
            size="xs"
            variant="default"
            loading={endOne.isPending && endOne.variables?.id === row.original.id}
            onClick={() => endOne.mutate({ logname: currentUser, id: row.original.id })}
            aria-label={`Sign out ${row.original.device || 'this session'}`}
          >
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" align="end">
        <Title order={2} size="h4" id="sessions-title">
          Where you are signed in
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate({ logname: currentUser })}
        >
          Sign out all other browsers
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        A session you do not recognise? Sign it out and change your password.
      </Text>
      <DataTable
        columns={columns}
        data={shown}
        emptyText={list.isError ? `No sessions: ${failureText(list.error)}` : 'No sessions.'}
        loading={list.isLoading}
        caption="Sessions"
      />
      {folded > 0 && (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setUnfolded(true)}>
            Show {folded} older {folded === 1 ? 'session' : 'sessions'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

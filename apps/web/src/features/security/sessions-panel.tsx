import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import * as S from '@portal/contract/security/session-calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { dateTime, sessionsQuery, useEndOtherSessions, useEndSession } from './api.ts';
import { groupSessions, type SessionGroup } from './session-groups.ts';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/**
 * Where the account is signed in (docs/decisions/018-session-list.md): each live session named by its
 * device, network and when it was last active, "this browser" marked and first. Sessions of the same
 * device and network are one row, the latest, with the older ones folded under a button of that row
 * (session-groups.ts). End one, or every other.
 */
export function SessionsPanel() {
  useLanguage();
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const list = useQuery(sessionsQuery(currentUser));
  const showFailure = useShowFailure();
  const failed = (err: unknown) => showFailure(err, { title: t(securityText).notEnded, alert: 'serious' });

  const endOne = useEndSession({ onError: failed });
  const endOthers = useEndOtherSessions({
    onSuccess: (res) => {
      showStatus({ title: t(securityText).signedOutElsewhere, body: res.message, type: 'review' });
    },
    onError: failed,
  });

  // The groups unfolded by their button, by key.
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  const sessions = list.data ?? [];
  const others = sessions.filter((s) => !s.current).length;
  const groups = groupSessions(sessions);
  const foldedUnder = new Map<string, SessionGroup>();
  const shown = groups.flatMap((g) => {
    if (unfolded.has(g.key) || g.older.length === 0) return [g.first, ...g.older];
    foldedUnder.set(g.first.id, g);
    return [g.first];
  });
  const columns: ColumnDef<S.SessionItem, unknown>[] = [
    {
      accessorKey: 'device',
      header: t(securityText).device,
      cell: ({ row }) => {
        const device = row.original.device || t(securityText).unknownBrowser;
        const group = foldedUnder.get(row.original.id);
        const n = group?.older.length ?? 0;
        return (
          <Stack gap={2} align="flex-start">
            <Group gap="xs">
              <span>{device}</span>
              {row.original.current && (
                <Badge color="green" variant="light">
                  {t(securityText).thisBrowser}
                </Badge>
              )}
            </Group>
            {group && (
              <Button
                variant="subtle"
                size="compact-sm"
                className="tap-target"
                // The label names the device, which may be long: it wraps on a phone, never cut off.
                h="auto"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                onClick={(e) => {
                  e.stopPropagation();
                  setUnfolded((u) => new Set([...u, group.key]));
                }}
              >
                {t(securityText).showOlder(n, device)}
              </Button>
            )}
          </Stack>
        );
      },
    },
    {
      accessorKey: 'address',
      header: t(securityText).network,
      cell: ({ row }) => row.original.address || t(securityText).unknown,
    },
    {
      accessorKey: 'method',
      header: t(securityText).signedInWith,
      cell: ({ row }) => t(S.SIGN_IN_METHOD_TEXT)[row.original.method],
    },
    {
      accessorKey: 'created',
      header: t(securityText).signedIn,
      cell: ({ row }) => dateTime(row.original.created),
    },
    {
      accessorKey: 'last_seen',
      header: t(securityText).lastActive,
      cell: ({ row }) => dateTime(row.original.last_seen),
    },
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
            aria-label={t(securityText).signOutThe(row.original.device || t(securityText).thisSession)}
          >
            {t(securityText).signOut}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" align="end">
        <Title order={2} size="h4" id="sessions-title">
          {t(securityText).sessionsTitle}
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate({ logname: currentUser })}
        >
          {t(securityText).signOutOthers}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t(securityText).sessionsAbout}
      </Text>
      <DataTable
        columns={columns}
        data={shown}
        emptyText={
          list.isError
            ? t(securityText).noSessionsBecause(failureText(list.error))
            : t(securityText).noSessions
        }
        loading={list.isLoading}
        caption={t(securityText).sessions}
      />
    </Stack>
  );
}

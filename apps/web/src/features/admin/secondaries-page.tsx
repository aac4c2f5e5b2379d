import { Button, Checkbox, Group, Modal, PasswordInput, Text } from '@mantine/core';
import type * as C from '@portal/contract/admin/calls';
import { accountType, adminScreenText, adminText } from '@portal/contract/admin/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { secondariesQuery, useUpdateAdmins } from './api.ts';
import { t } from '../../app/language.ts';
import { shellText } from '@portal/contract/shell/messages';

/** Secondary Accounts: the primary's secondaries, with a Dashboard Admin checkbox each. */
export default function SecondariesPage() {
  const { currentUser, staff } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const text = t(adminText);
  const screen = t(adminScreenText);
  const list = useQuery({
    ...secondariesQuery(currentUser),
    meta: {
      failure: (err) => ({
        title: alertOf(err) === 'warning' ? t(commonText).permissionDenied : t(commonText).networkFailed,
        body: failureText(err),
        alert: alertOf(err),
      }),
    },
  });
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // Dashboard admin rights are lasting access: the customer confirms with their password in the
  // confirm dialog (staff are not asked).
  const [password, setPassword] = useState('');

  useEffect(() => {
    setChecked(new Set((list.data ?? []).filter((s) => s.prime_uid).map((s) => s.uid)));
  }, [list.data]);

  const update = useUpdateAdmins({
    onSuccess: (res) => {
      setPassword('');
      showStatus({
        title: text.adminsUpdatedTitle,
        body: res.message || text.adminsUpdated(currentUser),
      });
    },
    onError: (err) => showFailure(err, { title: text.updateAdminsFailed }),
  });

  const toggle = useCallback(
    (uid: number, on: boolean) =>
      setChecked((prev) => {
        const next = new Set(prev);
        if (on) next.add(uid);
        else next.delete(uid);
        return next;
      }),
    [],
  );

  const columns = useMemo<ColumnDef<C.Secondary, unknown>[]>(
    () => [
      { accessorKey: 'logname', header: screen.colLogname },
      { accessorKey: 'uid', header: screen.colAccountId },
      { id: 'name', header: screen.colName, accessorFn: (s) => `${s.first_name} ${s.last_name}`.trim() },
      { id: 'type', header: screen.colType, accessorFn: (s) => screen.accountType(accountType(s.at_code)) },
      {
        id: 'admin',
        header: screen.colDashboardAdmin,
        enableSorting: false,
        cell: ({ row }) => (
          <Checkbox
            aria-label={screen.dashboardAdminOf(row.original.logname)}
            checked={checked.has(row.original.uid)}
            onChange={(e) => toggle(row.original.uid, e.currentTarget.checked)}
          />
        ),
      },
    ],
    [checked, toggle, screen],
  );

  return (
    <Page title={screen.ofAccount(text.secondariesTitle, currentUser)}>
      <Text size="sm" c="dimmed">
        {screen.adminsIntro(currentUser)}
      </Text>
      <DataTable
        columns={columns}
        data={list.data ?? []}
        initialSort={[{ id: 'logname', desc: false }]}
        emptyText={list.isError ? failureText(list.error) : text.noSecondaries}
        loading={list.isLoading}
        caption={text.secondariesTitle}
      />
      <Group>
        <Button
          onClick={() => setConfirming(true)}
          disabled={!list.data || list.data.length === 0}
          loading={update.isPending}
        >
          {screen.updateAdmins}
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        closeButtonProps={{ 'aria-label': t(shellText).close }}
        title={<Text fw={700}>{text.updateAdminsConfirmTitle}</Text>}
      >
        <Text>{text.updateAdminsConfirm(currentUser)}</Text>
        <Text mt="xs" fw={600} data-testid="admins-to-save">
          {(list.data ?? [])
            .filter((s) => checked.has(s.uid))
            .map((s) => s.logname)
            .join(', ') || screen.none}
        </Text>
        {!staff && (
          <PasswordInput
            mt="md"
            label={screen.currentPassword}
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {screen.cancel}
          </Button>
          <Button
            disabled={!staff && !password}
            onClick={() => {
              setConfirming(false);
              update.mutate({
                logname: currentUser,
                admins: [...checked].join(','),
                ...(staff ? {} : { password }),
              });
            }}
          >
            {screen.confirm}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

import { Button, Group, Text, TextInput } from '@mantine/core';
import type { RecoveryEmail } from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { CurrentPasswordInput } from '../../ui/current-password-input.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { recoveryQuery, useAddRecoveryEmail, useDeleteRecoveryEmail } from './api.ts';

/** Recovery Contacts: the addresses a password reset may be sent to. */
export default function RecoveryContactsPage() {
  const { currentUser, staff } = useSession();
  const showStatus = useStatus();
  const list = useQuery({
    ...recoveryQuery(currentUser),
    meta: {
      failure: (err) => ({
        title: mailText.failed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
    },
  });
  const [email, setEmail] = useState('');
  // A new recovery address is lasting access: the customer confirms with their password (staff are not asked).
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  const add = useAddRecoveryEmail({
    onSuccess: (res) => {
      setEmail('');
      setPassword('');
      showStatus({
        title: mailText.added(res.data.contact_info),
        body: res.message,
        type: 'review',
      });
    },
    onError: (err) => {
      setError(failureText(err, 'fields'));
      showStatus({
        title: mailText.addFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      });
    },
  });
  const remove = useDeleteRecoveryEmail({
    onSuccess: (_res, body) => {
      const r = list.data?.find((x) => x.id === body.id);
      showStatus({ title: mailText.deleted, body: r?.contact_info, type: 'review' });
    },
    onError: (err) =>
      showStatus({
        title: mailText.deletionFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
  });

  const columns: ColumnDef<RecoveryEmail, unknown>[] = [
    { accessorKey: 'id', header: 'ID' },
    { accessorKey: 'uid', header: 'UID' },
    {
      accessorKey: 'contact_info',
      header: 'Recovery Address',
      cell: ({ row }) => <span style={{ overflowWrap: 'break-word' }}>{row.original.contact_info}</span>,
    },
    {
      // A new address receives resets only once it has followed the link mailed to it.
      id: 'confirmed',
      header: 'Confirmed',
      enableSorting: false,
      cell: ({ row }) => {
        const state = row.original.confirmed ? 'Yes' : mailText.recoveryPending;
        // An address staff added waits out its cooling-off period: removing it cancels it.
        const after = row.original.usable_after;
        if (!after || new Date(after).getTime() <= Date.now()) return state;
        return `${state}; ${mailText.recoveryCoolingOff(new Date(after).toLocaleDateString())}`;
      },
    },
    rowActionColumn({
      verb: 'Delete',
      nameOf: (address) => address.contact_info,
      onClick: (address) => remove.mutate({ account: currentUser, id: address.id }),
    }),
  ];

  return (
    <Page title="Recovery Contacts" width={760}>
      <Text size="sm">
        A password reset link can be sent to any of these addresses. Use addresses outside this account, so
        that you can still receive the link when you cannot sign in to your mail.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError('');
          add.mutate({ logname: currentUser, email, ...(staff ? {} : { password }) });
        }}
        noValidate
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Recovery email"
            type="email"
            w={320}
            maw="100%"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error || undefined}
          />
          {!staff && (
            <CurrentPasswordInput value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          )}
          <Button type="submit" mt={25} loading={add.isPending}>
            Add Email
          </Button>
        </Group>
      </form>
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        initialSort={[{ id: 'contact_info', desc: false }]}
        emptyText={mailText.noRecovery}
        loading={list.isLoading}
        caption="Recovery addresses"
      />
    </Page>
  );
}

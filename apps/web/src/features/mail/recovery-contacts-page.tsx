import { Text, TextInput } from '@mantine/core';
import type { RecoveryEmail } from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { AddRowForm } from '../../ui/add-row-form.tsx';
import { DataTable, queryRows } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { addressColumn } from './cells.tsx';
import { recoveryQuery, useAddRecoveryEmail, useDeleteRecoveryEmail } from './api.ts';

/** Recovery Contacts: the addresses a password reset may be sent to. */
export default function RecoveryContactsPage() {
  const { currentUser, staff } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const language = useLanguage();
  const m = t(mailScreenText);
  const mt = t(mailText);
  const list = useQuery({
    ...recoveryQuery(currentUser),
    meta: {
      failure: (err) => ({
        title: mt.failed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
    },
  });
  const [email, setEmail] = useState('');
  // A new recovery address is lasting access: the customer confirms with their password (staff are not asked).
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const add = useAddRecoveryEmail({
    onSuccess: (res) => {
      setEmail('');
      setPassword('');
      showStatus({
        title: mt.added(res.data.contact_info),
        body: res.message,
        type: 'review',
      });
    },
    onError: (err) =>
      showFailure(err, { title: mt.addFailed, alert: 'serious', setErrors, fields: ['email', 'password'] }),
  });
  const remove = useDeleteRecoveryEmail({
    onSuccess: (_res, body) => {
      const r = list.data?.find((x) => x.id === body.id);
      showStatus({ title: mt.deleted, body: r?.contact_info, type: 'review' });
    },
    onError: (err) => showFailure(err, { title: mt.deletionFailed, alert: 'serious' }),
  });

  const columns: ColumnDef<RecoveryEmail, unknown>[] = [
    { accessorKey: 'id', header: m.colId },
    { accessorKey: 'uid', header: m.colUid },
    addressColumn<RecoveryEmail>('contact_info', m.colRecoveryAddress),
    {
      // A new address receives resets only once it has followed the link mailed to it.
      id: 'confirmed',
      header: m.colConfirmed,
      enableSorting: false,
      cell: ({ row }) => {
        const state = row.original.confirmed ? m.yes : mt.recoveryPending;
        // An address staff added waits out its cooling-off period: removing it cancels it.
        const after = row.original.usable_after;
        if (!after || new Date(after).getTime() <= Date.now()) return state;
        return `${state}; ${mt.recoveryCoolingOff(new Date(after).toLocaleDateString(language))}`;
      },
    },
    rowActionColumn({
      verb: m.delete,
      nameOf: (address) => address.contact_info,
      onClick: (address) => remove.mutate({ account: currentUser, id: address.id }),
    }),
  ];

  return (
    <Page title={m.recoveryTitle} width={760}>
      <Text size="sm">{m.recoveryIntro}</Text>
      <AddRowForm
        onSubmit={() => {
          setErrors({});
          add.mutate({ logname: currentUser, email, ...(staff ? {} : { password }) });
        }}
        password={staff ? undefined : { value: password, onChange: setPassword, error: errors.password }}
        submitLabel={m.addEmail}
        pending={add.isPending}
      >
        <TextInput
          label={m.recoveryEmail}
          type="email"
          w={320}
          maw="100%"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
      </AddRowForm>
      <DataTable
        columns={columns}
        {...queryRows(list)}
        initialSort={[{ id: 'contact_info', desc: false }]}
        emptyText={mt.noRecovery}
        caption={m.recoveryCaption}
      />
    </Page>
  );
}

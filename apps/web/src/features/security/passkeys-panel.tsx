import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { passkeyText } from '@portal/contract/security/passkey-messages';
import * as P from '@portal/contract/security/passkeys';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useState } from 'react';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { CurrentPasswordInput } from '../../ui/current-password-input.tsx';
import { RowButton } from '../../ui/row-button.tsx';
import { DataTable, queryRows } from '../../ui/data-table.tsx';
import { hasWebAuthn } from '../../ui/webauthn.ts';
import { dateTime } from './api.ts';
import { securityText } from '@portal/contract/security/messages';
import { uiText } from '@portal/contract/ui/messages';
import { t, useLanguage } from '../../app/language.ts';
import { passkeysQuery, useAddPasskey, useDeletePasskey, useRenamePasskey } from './passkey-api.ts';

const when = (iso: string | null) => (iso ? dateTime(iso) : t(passkeyText).never);

/**
 * The Passkeys panel of the Security screen: the account's passkeys, and — for the account's own
 * person only (staff see the list, read-only) — add one, rename or remove it. A passkey is a
 * lasting way in, so adding and removing one asks for the current password.
 */
export function PasskeysPanel() {
  useLanguage();
  const { currentUser, operator } = useSession();
  const own = operator === currentUser;
  const supported = hasWebAuthn();
  const list = useQuery(passkeysQuery(currentUser));
  const showStatus = useStatus();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [renaming, setRenaming] = useState<P.Passkey | null>(null);
  const [removing, setRemoving] = useState<P.Passkey | null>(null);
  const showFailure = useShowFailure();
  const fail = (title: string) => (err: unknown) => showFailure(err, { title });

  const add = useAddPasskey({
    onSuccess: (res) => {
      setName('');
      setPassword('');
      showStatus({ title: res.message, body: res.data.name, type: 'review' });
    },
    onError: fail(t(passkeyText).addFailed),
  });

  const rename = useRenamePasskey({
    onSuccess: (res) => {
      setRenaming(null);
      showStatus({ title: res.message, body: res.data.name, type: 'review' });
    },
    onError: fail(t(passkeyText).renameFailed),
  });

  const remove = useDeletePasskey({
    onSuccess: (res) => {
      const removed = removing?.name ?? '';
      setRemoving(null);
      showStatus({ title: res.message, body: removed, type: 'review' });
    },
    onError: fail(t(passkeyText).removeFailed),
  });

  const columns: ColumnDef<P.Passkey, unknown>[] = [
    {
      accessorKey: 'name',
      header: t(securityText).name,
      cell: ({ row }) => <span style={{ overflowWrap: 'anywhere' }}>{row.original.name}</span>,
    },
    { accessorKey: 'created', header: t(securityText).added, cell: ({ row }) => when(row.original.created) },
    {
      accessorKey: 'last_used',
      header: t(securityText).lastUsed,
      cell: ({ row }) => when(row.original.last_used),
    },
    {
      id: 'kind',
      header: t(securityText).kind,
      enableSorting: false,
      cell: ({ row }) => (row.original.backed_up ? t(passkeyText).synced : t(passkeyText).deviceOnly),
    },
    ...(own
      ? [
          {
            id: 'actions',
            header: t(securityText).actions,
            enableSorting: false,
            cell: ({ row }) => (
              <Group gap="xs" wrap="nowrap">
                <RowButton
                  verb={t(securityText).rename}
                  name={row.original.name}
                  onClick={() => setRenaming(row.original)}
                />
                <RowButton
                  verb={t(securityText).remove}
                  name={row.original.name}
                  removes
                  onClick={() => setRemoving(row.original)}
                />
              </Group>
            ),
          } satisfies ColumnDef<P.Passkey, unknown>,
        ]
      : []),
  ];

  return (
    <Card withBorder component="section" aria-labelledby="passkeys-title" data-testid="passkeys-panel">
      <Stack gap="sm">
        <Title order={3} id="passkeys-title">
          {t(passkeyText).panelTitle}
        </Title>
        <Text size="sm">{t(passkeyText).panelIntro}</Text>
        {!supported && (
          <Alert color="yellow" title={t(securityText).passkeysUnavailable}>
            {t(passkeyText).unsupported}
          </Alert>
        )}
        {!own && (
          <Text size="sm" c="dimmed">
            {t(passkeyText).staffReadOnly}
          </Text>
        )}
        {own && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate({ logname: currentUser, name, password });
            }}
            noValidate
          >
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t(securityText).passkeyName}
                description={t(securityText).passkeyNameHint}
                placeholder={t(passkeyText).defaultName}
                maxLength={P.PASSKEY_NAME_MAX}
                w={260}
                maw="100%"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <CurrentPasswordInput value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              <Button type="submit" loading={add.isPending} disabled={!supported}>
                {t(passkeyText).addButton}
              </Button>
            </Group>
          </form>
        )}
        <DataTable
          columns={columns}
          {...queryRows(list)}
          initialSort={[{ id: 'created', desc: false }]}
          emptyText={t(passkeyText).none}
          caption={t(passkeyText).panelTitle}
        />
      </Stack>
      <RenameModal
        passkey={renaming}
        pending={rename.isPending}
        onClose={() => setRenaming(null)}
        onSave={(v) => rename.mutate({ logname: currentUser, ...v })}
      />
      <RemoveModal
        passkey={removing}
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onRemove={(v) => remove.mutate({ logname: currentUser, ...v })}
      />
    </Card>
  );
}

/**
 * A passkey's dialog (rename, remove): its fields in a form whose submit button does the change,
 * with Cancel beside it; `onOpen` sets the fields afresh each time it opens.
 */
function PasskeyDialog(props: {
  opened: boolean;
  title: string;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: () => void;
  submit: { label: string; color?: string; pending: boolean };
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={<Text fw={700}>{props.title}</Text>}
      transitionProps={{ onEnter: props.onOpen }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
        noValidate
      >
        <Stack>
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t(securityText).cancel}
            </Button>
            <Button type="submit" color={props.submit.color} loading={props.submit.pending}>
              {props.submit.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RenameModal(props: {
  passkey: P.Passkey | null;
  pending: boolean;
  onClose: () => void;
  onSave: (v: { id: number; name: string }) => void;
}) {
  useLanguage();
  const { passkey } = props;
  const [name, setName] = useState('');
  return (
    <PasskeyDialog
      opened={!!passkey}
      title={t(securityText).renamePasskey}
      // The field starts with the passkey's name each time the dialog opens.
      onOpen={() => setName(passkey?.name ?? '')}
      onClose={props.onClose}
      onSubmit={() => {
        if (passkey) props.onSave({ id: passkey.id, name });
      }}
      submit={{ label: t(securityText).save, pending: props.pending }}
    >
      <TextInput
        label={t(securityText).passkeyName}
        data-autofocus
        maxLength={P.PASSKEY_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
    </PasskeyDialog>
  );
}

function RemoveModal(props: {
  passkey: P.Passkey | null;
  pending: boolean;
  onClose: () => void;
  onRemove: (v: { id: number; password: string }) => void;
}) {
  useLanguage();
  const { passkey } = props;
  const [password, setPassword] = useState('');
  return (
    <PasskeyDialog
      opened={!!passkey}
      title={t(securityText).removePasskey}
      onOpen={() => setPassword('')}
      onClose={props.onClose}
      onSubmit={() => {
        if (passkey) props.onRemove({ id: passkey.id, password });
      }}
      submit={{ label: t(securityText).remove, color: 'red', pending: props.pending }}
    >
      <Text size="sm">{t(passkeyText).removeConfirm(passkey?.name ?? '')}</Text>
      <PasswordInput
        label={t(uiText).currentPassword}
        autoComplete="current-password"
        data-autofocus
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
    </PasskeyDialog>
  );
}

import { Button, Group, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { MailAppPassword, MailAppPasswordScope } from '@portal/contract/mail-app-passwords/calls';
import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ApiError, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { CurrentPasswordInput } from '../../ui/current-password-input.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { ShownOnceSecret } from '../../ui/shown-once.tsx';
import {
  mailAppPasswordsQuery,
  useCreateMailAppPassword,
  useRequireMailAppPasswords,
  useRevokeMailAppPassword,
} from './api.ts';

const SCOPE_LABELS: Record<MailAppPasswordScope, string> = {
  all: 'IMAP/POP3 and SMTP',
  imap: 'IMAP/POP3',
  smtp: 'SMTP',
};
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');
const when = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The field errors of a refused call (400), else none. */
const fieldErrorsOf = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.errors : {});

/**
 * Mail passwords: app passwords for mail programs (docs/mail-servers-passwords.md). The account
 * makes one per device or app (with its password); the portal generates it and shows it once, here.
 * With the second factor on, the account may require them for IMAP, POP3 and SMTP.
 */
export default function MailAppPasswordsPage() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const list = useQuery(mailAppPasswordsQuery(currentUser));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<MailAppPasswordScope>('all');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);
  const [requirePassword, setRequirePassword] = useState('');

  const create = useCreateMailAppPassword({
    onSuccess: (res) => {
      setMade({ name: res.data.name, secret: res.data.app_password });
      setName('');
      setPassword('');
    },
    onError: (err) => {
      setErrors(fieldErrorsOf(err));
      showStatus({ title: 'App password not created', body: failureText(err), alert: 'serious' });
    },
  });
  const revoke = useRevokeMailAppPassword({
    onSuccess: (_res, body) => {
      const row = list.data?.app_passwords.find((p) => p.id === body.id);
      showStatus({ title: mailAppPasswordText.revoked, body: row?.name, type: 'review' });
    },
    onError: (err) =>
      showStatus({ title: 'App password not revoked', body: failureText(err), alert: 'serious' }),
  });
  const requirement = useRequireMailAppPasswords({
    onSuccess: (res) => {
      setRequirePassword('');
      showStatus({ title: 'Setting saved', body: res.message, type: 'review' });
    },
    onError: (err) => showStatus({ title: 'Setting not changed', body: failureText(err), alert: 'serious' }),
  });

  const columns: ColumnDef<MailAppPassword, unknown>[] = [
    { accessorKey: 'name', header: 'Name' },
    { accessorKey: 'scope', header: 'For', cell: ({ row }) => SCOPE_LABELS[row.original.scope] },
    { accessorKey: 'created', header: 'Created', cell: ({ row }) => day(row.original.created) },
    { accessorKey: 'last_used', header: 'Last used', cell: ({ row }) => day(row.original.last_used) },
    rowActionColumn({
      verb: 'Revoke',
      nameOf: (appPassword) => appPassword.name,
      busy: (appPassword) => revoke.isPending && revoke.variables?.id === appPassword.id,
      onClick: (appPassword) => revoke.mutate({ logname: currentUser, id: appPassword.id }),
    }),
  ];

  const req = list.data?.requirement;
  const wanted = req ? (req.pending ? req.pending.required : req.required) : false;

  return (
    <Page title="Mail Passwords" width={860}>
      <Text size="sm">
        An app password lets one mail program or device read (IMAP, POP3) or send (SMTP) mail as this account,
        instead of your email password. Make one per device, so that you can revoke a lost phone's without
        changing anything else. The portal makes the password; you cannot choose it.
      </Text>
      {made && (
        <ShownOnceSecret
          title={`${mailAppPasswordText.created}: ${made.name}`}
          warning={mailAppPasswordText.shownOnce}
          secret={made.secret}
          testId="new-mail-app-password"
          dismissLabel="Dismiss the new app password"
          onClose={() => setMade(null)}
        />
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          create.mutate({ logname: currentUser, name, scope, password });
        }}
        noValidate
      >
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Name"
            placeholder="Phone"
            w={200}
            maw="100%"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Stack gap={4} maw="100%">
            <Text size="sm" fw={500} component="label" id="mail-app-password-scope">
              For
            </Text>
            <SegmentedControl
              aria-labelledby="mail-app-password-scope"
              value={scope}
              onChange={(v) => setScope(v === 'imap' || v === 'smtp' ? v : 'all')}
              data={[
                { value: 'all', label: 'Both' },
                { value: 'imap', label: 'IMAP/POP3' },
                { value: 'smtp', label: 'SMTP' },
              ]}
            />
          </Stack>
          <CurrentPasswordInput
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            Create App Password
          </Button>
        </Group>
      </form>
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data?.app_passwords ?? [])}
        initialSort={[{ id: 'created', desc: true }]}
        emptyText="No app passwords"
        loading={list.isLoading}
        caption="App passwords for mail"
      />
      {req && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Require app passwords
          </Title>
          <Text size="sm">
            When on, your email password no longer works in mail programs (IMAP, POP3, SMTP): only app
            passwords do, so a stolen email password cannot read your mail. Changes take about ten minutes to
            reach the mail servers.
          </Text>
          {!req.can_require && !req.required && (
            <Text size="sm" c="dimmed">
              {mailAppPasswordText.secondFactorNeeded}.
            </Text>
          )}
          {req.pending && (
            <Text size="sm" data-testid="mail-requirement-pending">
              {req.pending.required ? 'Turning on' : 'Turning off'} at about {when(req.pending.apply_at)}.
            </Text>
          )}
          <Group align="flex-end" wrap="wrap">
            <Switch
              label="Mail programs must use app passwords"
              checked={wanted}
              disabled={(!req.can_require && !wanted) || requirement.isPending}
              onChange={(e) =>
                requirement.mutate({
                  logname: currentUser,
                  required: e.currentTarget.checked,
                  password: requirePassword,
                })
              }
            />
            <CurrentPasswordInput
              label="Your current password (to change this)"
              w={260}
              disabled={!req.can_require && !wanted}
              value={requirePassword}
              onChange={(e) => setRequirePassword(e.currentTarget.value)}
            />
          </Group>
        </Stack>
      )}
    </Page>
  );
}

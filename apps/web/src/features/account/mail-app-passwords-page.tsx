import { Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { MailAppPassword, MailAppPasswordScope } from '@portal/contract/mail-app-passwords/calls';
import { mailAppPasswordScreenText, mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { CurrentPasswordInput } from '../../ui/current-password-input.tsx';
import { AddRowForm, useNamedSecretForm } from '../../ui/add-row-form.tsx';
import { LabelledChoice } from '../../ui/labelled-choice.tsx';
import { DataTable, rowsOf } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { ShownOnceSecret } from '../../ui/shown-once.tsx';
import {
  mailAppPasswordsQuery,
  useCreateMailAppPassword,
  useRequireMailAppPasswords,
  useRevokeMailAppPassword,
} from './api.ts';

/** What an app password is for, in the page's language (read at render time); protocol names stay. */
const scopeLabel = (scope: MailAppPasswordScope): string =>
  scope === 'all' ? t(mailAppPasswordScreenText).scopeAll : scope === 'imap' ? 'IMAP/POP3' : 'SMTP';
/** A date and a time of day in the page's language (Intl). */
const day = (iso: string | null, language: string) =>
  iso ? new Date(iso).toLocaleDateString(language) : t(mailAppPasswordScreenText).never;
const when = (iso: string, language: string) =>
  new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/**
 * Mail passwords: app passwords for mail programs (docs/mail-servers-passwords.md). The account
 * makes one per device or app (with its password); the portal generates it and shows it once, here.
 * With the second factor on, the account may require them for IMAP, POP3 and SMTP.
 */
export default function MailAppPasswordsPage() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const language = useLanguage();
  const s = t(mailAppPasswordScreenText);
  const list = useQuery(mailAppPasswordsQuery(currentUser));
  const [scope, setScope] = useState<MailAppPasswordScope>('all');
  const form = useNamedSecretForm();
  const [requirePassword, setRequirePassword] = useState('');

  const create = useCreateMailAppPassword({
    onSuccess: (res) => {
      form.show({ name: res.data.name, secret: res.data.app_password });
    },
    onError: (err) =>
      showFailure(err, {
        title: t(mailAppPasswordScreenText).notCreated,
        alert: 'serious',
        setErrors: form.setErrors,
        fields: ['name', 'password'],
      }),
  });
  const revoke = useRevokeMailAppPassword({
    onSuccess: (_res, body) => {
      const row = list.data?.app_passwords.find((p) => p.id === body.id);
      showStatus({ title: t(mailAppPasswordText).revoked, body: row?.name, type: 'review' });
    },
    onError: (err) => showFailure(err, { title: t(mailAppPasswordScreenText).notRevoked, alert: 'serious' }),
  });
  const requirement = useRequireMailAppPasswords({
    onSuccess: (res) => {
      setRequirePassword('');
      showStatus({ title: t(mailAppPasswordScreenText).settingSaved, body: res.message, type: 'review' });
    },
    onError: (err) =>
      showFailure(err, { title: t(mailAppPasswordScreenText).settingNotChanged, alert: 'serious' }),
  });

  const columns: ColumnDef<MailAppPassword, unknown>[] = [
    { accessorKey: 'name', header: s.name },
    { accessorKey: 'scope', header: s.for, cell: ({ row }) => scopeLabel(row.original.scope) },
    { accessorKey: 'created', header: s.created, cell: ({ row }) => day(row.original.created, language) },
    {
      accessorKey: 'last_used',
      header: s.lastUsed,
      cell: ({ row }) => day(row.original.last_used, language),
    },
    rowActionColumn({
      verb: s.revoke,
      nameOf: (appPassword) => appPassword.name,
      busy: (appPassword) => revoke.isPending && revoke.variables?.id === appPassword.id,
      onClick: (appPassword) => revoke.mutate({ logname: currentUser, id: appPassword.id }),
    }),
  ];

  const req = list.data?.requirement;
  const wanted = req ? (req.pending ? req.pending.required : req.required) : false;

  return (
    <Page title={s.title} width={860}>
      <Text size="sm">{s.intro}</Text>
      {form.made && (
        <ShownOnceSecret
          title={`${t(mailAppPasswordText).created}: ${form.made.name}`}
          warning={t(mailAppPasswordText).shownOnce}
          secret={form.made.secret}
          testId="new-mail-app-password"
          dismissLabel={s.dismiss}
          onClose={form.dismiss}
        />
      )}
      <AddRowForm
        onSubmit={() => {
          form.setErrors({});
          create.mutate({ logname: currentUser, name: form.name, scope, password: form.password });
        }}
        password={form.passwordField}
        submitLabel={s.create}
        pending={create.isPending}
      >
        <TextInput label={s.name} placeholder={s.namePlaceholder} w={200} maw="100%" {...form.nameInput} />
        <LabelledChoice
          id="mail-app-password-scope"
          label={s.for}
          value={scope}
          onChange={setScope}
          data={[
            { value: 'all', label: s.scopeBoth },
            { value: 'imap', label: 'IMAP/POP3' },
            { value: 'smtp', label: 'SMTP' },
          ]}
        />
      </AddRowForm>
      <DataTable
        columns={columns}
        {...rowsOf(list, (answer) => answer.app_passwords)}
        initialSort={[{ id: 'created', desc: true }]}
        emptyText={s.empty}
        caption={s.caption}
      />
      {req && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {s.requireTitle}
          </Title>
          <Text size="sm">{s.requireHelp}</Text>
          {!req.can_require && !req.required && (
            <Text size="sm" c="dimmed">
              {t(mailAppPasswordText).secondFactorNeeded}.
            </Text>
          )}
          {req.pending && (
            <Text size="sm" data-testid="mail-requirement-pending">
              {s.pendingAt(req.pending.required, when(req.pending.apply_at, language))}
            </Text>
          )}
          <Group align="flex-end" wrap="wrap">
            <Switch
              label={s.requireSwitch}
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
              label={s.currentPassword}
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

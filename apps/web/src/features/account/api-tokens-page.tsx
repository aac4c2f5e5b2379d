import { Anchor, Code, Select, Text, TextInput } from '@mantine/core';
import type { ApiToken, ApiTokenScope } from '@portal/contract/api-tokens/calls';
import * as T from '@portal/contract/api-tokens/calls';
import { apiTokenScreenText, apiTokenText } from '@portal/contract/api-tokens/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { AddRowForm, useNamedSecretForm } from '../../ui/add-row-form.tsx';
import { LabelledChoice } from '../../ui/labelled-choice.tsx';
import { DataTable, queryRows } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { ShownOnceSecret } from '../../ui/shown-once.tsx';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from './api.ts';

const DAY_MS = 86_400_000;
/** The lifetimes offered, named in the page's language (read at render time). */
const lifetimeOptions = () => {
  const s = t(apiTokenScreenText);
  return T.API_TOKEN_LIFETIMES.map((days) => ({
    value: String(days),
    label: days === 365 ? s.oneYear : s.days(days),
  }));
};

/** A date in the page's language (Intl). */
const day = (iso: string | null, language: string) =>
  iso ? new Date(iso).toLocaleDateString(language) : t(apiTokenScreenText).never;
const expired = (token: ApiToken) => new Date(token.expires).getTime() <= Date.now();

/**
 * API tokens: personal access tokens for scripts. The account makes them itself (with
 * its password); the token is shown once, here, and never again. Staff working on an account see
 * and revoke its tokens but do not make them.
 */
export default function ApiTokensPage() {
  const { currentUser, staff } = useSession();
  const showStatus = useStatus();
  const language = useLanguage();
  const s = t(apiTokenScreenText);
  const showFailure = useShowFailure();
  const list = useQuery(apiTokensQuery(currentUser));
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState('90');
  const form = useNamedSecretForm();

  const create = useCreateApiToken({
    onSuccess: (res) => {
      form.show({ name: res.data.name, secret: res.data.token });
    },
    onError: (err) =>
      showFailure(err, { title: t(apiTokenScreenText).notCreated, setErrors: form.setErrors }),
  });
  const revoke = useRevokeApiToken({
    onSuccess: (_res, body) => {
      const token = list.data?.find((t) => t.id === body.id);
      showStatus({ title: t(apiTokenText).revoked, body: token?.name, type: 'review' });
    },
    onError: (err) => showFailure(err, { title: t(apiTokenScreenText).notRevoked, alert: 'serious' }),
  });

  const columns: ColumnDef<ApiToken, unknown>[] = [
    { accessorKey: 'name', header: s.name },
    {
      accessorKey: 'scope',
      header: s.access,
      cell: ({ row }) => (row.original.scope === 'full' ? s.full : s.readOnly),
    },
    { accessorKey: 'created', header: s.created, cell: ({ row }) => day(row.original.created, language) },
    {
      accessorKey: 'last_used',
      header: s.lastUsed,
      cell: ({ row }) => day(row.original.last_used, language),
    },
    {
      accessorKey: 'expires',
      header: s.expires,
      cell: ({ row }) => (expired(row.original) ? s.expired : day(row.original.expires, language)),
    },
    rowActionColumn({
      verb: s.revoke,
      nameOf: (token) => token.name,
      busy: (token) => revoke.isPending && revoke.variables?.id === token.id,
      onClick: (token) => revoke.mutate({ logname: currentUser, id: token.id }),
    }),
  ];

  return (
    <Page title={s.title} width={860}>
      <Text size="sm">
        {s.introBefore} <Code>Authorization: Bearer …</Code>
        {s.introAfter}{' '}
        <Anchor component={Link} to={routePath('api-reference')} underline="always">
          {s.apiReference}
        </Anchor>
        .
      </Text>
      {form.made && (
        <ShownOnceSecret
          title={`${t(apiTokenText).created}: ${form.made.name}`}
          warning={t(apiTokenText).shownOnce}
          secret={form.made.secret}
          testId="new-api-token"
          dismissLabel={s.dismiss}
          onClose={form.dismiss}
        />
      )}
      {staff ? (
        <Text size="sm" c="dimmed">
          {s.staffNote}
        </Text>
      ) : (
        <AddRowForm
          onSubmit={() => {
            form.setErrors({});
            create.mutate({
              logname: currentUser,
              name: form.name,
              scope,
              expires: new Date(Date.now() + Number(days) * DAY_MS).toISOString(),
              password: form.password,
            });
          }}
          password={form.passwordField}
          submitLabel={s.create}
          pending={create.isPending}
        >
          <TextInput label={s.name} placeholder={s.namePlaceholder} w={240} maw="100%" {...form.nameInput} />
          <LabelledChoice
            id="api-token-scope"
            label={s.access}
            value={scope}
            onChange={setScope}
            data={[
              { value: 'read', label: s.readOnly },
              { value: 'full', label: s.full },
            ]}
          />
          <Select
            label={s.expiresIn}
            w={130}
            data={lifetimeOptions()}
            value={days}
            onChange={(v) => setDays(v ?? '90')}
            allowDeselect={false}
            error={form.errors.expires}
          />
        </AddRowForm>
      )}
      <DataTable
        columns={columns}
        {...queryRows(list)}
        initialSort={[{ id: 'created', desc: true }]}
        emptyText={s.empty}
        caption={s.caption}
      />
    </Page>
  );
}

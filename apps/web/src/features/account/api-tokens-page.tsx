import { Anchor, Button, Code, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ApiToken, ApiTokenScope } from '@portal/contract/api-tokens/calls';
import * as T from '@portal/contract/api-tokens/calls';
import { apiTokenText } from '@portal/contract/api-tokens/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { CurrentPasswordInput } from '../../ui/current-password-input.tsx';
import { rowActionColumn } from '../../ui/row-button.tsx';
import { ShownOnceSecret } from '../../ui/shown-once.tsx';
import { apiTokensQuery, useCreateApiToken, useRevokeApiToken } from './api.ts';

const DAY_MS = 86_400_000;
const LIFETIME_OPTIONS = T.API_TOKEN_LIFETIMES.map((days) => ({
  value: String(days),
  label: days === 365 ? '1 year' : `${days} days`,
}));

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');
const expired = (token: ApiToken) => new Date(token.expires).getTime() <= Date.now();

/**
 * API tokens: personal access tokens for scripts. The account makes them itself (with
 * its password); the token is shown once, here, and never again. Staff working on an account see
 * and revoke its tokens but do not make them.
 */
export default function ApiTokensPage() {
  const { currentUser, staff } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const list = useQuery(apiTokensQuery(currentUser));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [days, setDays] = useState('90');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);

  const create = useCreateApiToken({
    onSuccess: (res) => {
      setMade({ name: res.data.name, token: res.data.token });
      setName('');
      setPassword('');
    },
    onError: (err) => showFailure(err, { title: 'Token not created', setErrors }),
  });
  const revoke = useRevokeApiToken({
    onSuccess: (_res, body) => {
      const token = list.data?.find((t) => t.id === body.id);
      showStatus({ title: apiTokenText.revoked, body: token?.name, type: 'review' });
    },
    onError: (err) => showStatus({ title: 'Token not revoked', body: failureText(err), alert: 'serious' }),
  });

  const columns: ColumnDef<ApiToken, unknown>[] = [
    { accessorKey: 'name', header: 'Name' },
    {
      accessorKey: 'scope',
      header: 'Access',
      cell: ({ row }) => (row.original.scope === 'full' ? 'Full' : 'Read only'),
    },
    { accessorKey: 'created', header: 'Created', cell: ({ row }) => day(row.original.created) },
    { accessorKey: 'last_used', header: 'Last used', cell: ({ row }) => day(row.original.last_used) },
    {
      accessorKey: 'expires',
      header: 'Expires',
      cell: ({ row }) => (expired(row.original) ? 'Expired' : day(row.original.expires)),
    },
    rowActionColumn({
      verb: 'Revoke',
      nameOf: (token) => token.name,
      busy: (token) => revoke.isPending && revoke.variables?.id === token.id,
      onClick: (token) => revoke.mutate({ logname: currentUser, id: token.id }),
    }),
  ];

  return (
    <Page title="API Tokens" width={860}>
      <Text size="sm">
        A personal access token lets a script use the portal's API as this account, without a password: send
        it as <Code>Authorization: Bearer …</Code>. A read-only token makes GET calls only. No token can make
        tokens, change passwords or hand access to anyone, and none carries staff power. Every call, with its
        parameters, answers and failures, is in the{' '}
        <Anchor component={Link} to={routePath('api-reference')} underline="always">
          API Reference
        </Anchor>
        .
      </Text>
      {made && (
        <ShownOnceSecret
          title={`${apiTokenText.created}: ${made.name}`}
          warning={apiTokenText.shownOnce}
          secret={made.token}
          testId="new-api-token"
          dismissLabel="Dismiss the new token"
          onClose={() => setMade(null)}
        />
      )}
      {staff ? (
        <Text size="sm" c="dimmed">
          Only the account itself can create tokens. You can see and revoke this account's tokens.
        </Text>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setErrors({});
            create.mutate({
              logname: currentUser,
              name,
              scope,
              expires: new Date(Date.now() + Number(days) * DAY_MS).toISOString(),
              password,
            });
          }}
          noValidate
        >
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              placeholder="Nightly invoice export"
              w={240}
              maw="100%"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} component="label" id="api-token-scope">
                Access
              </Text>
              <SegmentedControl
                aria-labelledby="api-token-scope"
                value={scope}
                onChange={(v) => setScope(v === 'full' ? 'full' : 'read')}
                data={[
                  { value: 'read', label: 'Read only' },
                  { value: 'full', label: 'Full' },
                ]}
              />
            </Stack>
            <Select
              label="Expires in"
              w={130}
              data={LIFETIME_OPTIONS}
              value={days}
              onChange={(v) => setDays(v ?? '90')}
              allowDeselect={false}
              error={errors.expires}
            />
            <CurrentPasswordInput
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
            />
            <Button type="submit" mt={25} loading={create.isPending}>
              Create Token
            </Button>
          </Group>
        </form>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        initialSort={[{ id: 'created', desc: true }]}
        emptyText="No API tokens"
        loading={list.isLoading}
        caption="API tokens"
      />
    </Page>
  );
}

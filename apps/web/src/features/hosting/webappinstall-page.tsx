import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminText } from '@portal/contract/admin/messages';
import type { Installation } from '@portal/contract/hosting/calls';
import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { appListQuery, nondevWebsitesQuery, pendingInstallsQuery, useInstallApp } from './api.ts';

interface Values {
  webappid: number;
  appname: string;
  vid: string;
  subdir: string;
  email: string;
}

/** The pending installs' columns, in the language of `text`. */
const pendingColumnsIn = (text: typeof hostingText): ColumnDef<Installation, unknown>[] => [
  { accessorKey: 'appname', header: text.columnApplication },
  {
    accessorKey: 'appurl',
    header: text.columnUrl,
    cell: ({ row }) => <span style={{ overflowWrap: 'break-word' }}>{row.original.appurl}</span>,
  },
  { accessorKey: 'state', header: text.columnState },
];

/** A failed load of the app list or the sites: the install cannot be made. */
const fail = (err: unknown) => ({
  title: t(hostingText).installFailed,
  body: failureText(err, 'message-and-fields'),
  alert: 'serious' as const,
});

/**
 * Web App Install: pending installs, and a form to install an application into a website. A
 * dashboard admin sees its primary's pending installs only (installapp is the owner's).
 */
export default function WebAppInstallPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const apps = useQuery({ ...appListQuery, enabled: ready && !readOnly, meta: { failure: fail } });
  const sites = useQuery({
    ...nondevWebsitesQuery(account),
    enabled: ready && !readOnly,
    meta: { failure: fail },
  });
  const pending = useQuery({ ...pendingInstallsQuery(account), enabled: ready, refetchInterval: 15_000 });
  const form = useForm<Values>({
    initialValues: { webappid: -1, appname: '', vid: '', subdir: '', email: '' },
    validate: zodValidate(C.InstallBody),
  });

  const install = useInstallApp(account, {
    onSuccess: (res) => {
      form.reset();
      showStatus({ title: t(hostingText).installing, body: res.data.url });
    },
    onError: (err) => showFailure(err, { ...fail(err), alert: 'warning' }),
  });

  const noWebsite = sites.isSuccess && sites.data.length === 0;
  const chooseApp = (value: string | null) => {
    const index = value === null ? -1 : Number(value);
    const app = apps.data?.[index];
    form.setValues({ webappid: index, appname: app?.appname ?? '', subdir: app?.urlext ?? '' });
  };

  const text = t(hostingText);
  const pendingColumns = useMemo(() => pendingColumnsIn(text), [text]);
  return (
    <Page title={text.webAppInstall} width={760}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      <DataTable
        columns={pendingColumns}
        data={pending.data ?? []}
        emptyText={text.noPendingInstalls}
        loading={!ready || pending.isLoading}
        caption={text.pendingInstallations}
      />
      {readOnly ? null : noWebsite ? (
        <Alert color="yellow" data-testid="no-website">
          {text.noWebsiteForInstall}
        </Alert>
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) => {
            const app = apps.data?.[v.webappid];
            install.mutate({
              ...v,
              vid: Number(v.vid),
              nsuphp: app?.needs_suphp ?? 0,
              wfv: app?.wf_versions ?? '',
            });
          })}
        >
          <Stack gap="sm" maw={480}>
            <Select
              label={text.application}
              placeholder={text.chooseApplication}
              data={(apps.data ?? []).map((a, i) => ({
                value: String(i),
                label: `${a.appname} ${a.version}`,
              }))}
              value={form.values.webappid >= 0 ? String(form.values.webappid) : null}
              onChange={chooseApp}
              error={form.errors.webappid ?? form.errors.appname}
            />
            <Select
              label={text.website}
              placeholder={text.chooseWebsite}
              data={(sites.data ?? []).map((s) => ({ value: String(s.vid), label: s.virtname }))}
              {...form.getInputProps('vid')}
            />
            <TextInput
              label={text.subdirectory}
              description={text.subdirectoryHelp}
              {...form.getInputProps('subdir')}
            />
            <TextInput
              label={text.email}
              type="email"
              description={text.emailHelp}
              {...form.getInputProps('email')}
            />
            <Group>
              <Button type="submit" loading={install.isPending}>
                {text.install}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Language } from '@portal/contract/i18n/languages';
import type { TempEmailRow } from '@portal/contract/mail/calls';
import * as C from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { addressColumn } from './cells.tsx';
import { expListQuery, tempEmailsQuery, useAddTempEmail } from './api.ts';
import { expiryLabel, formatWhen } from './dates.ts';

/** The list's columns in `language`. */
const columnsIn = (language: Language): ColumnDef<TempEmailRow, unknown>[] => {
  const m = t(mailScreenText);
  return [
    { accessorKey: 'name', header: m.colAlias },
    addressColumn<TempEmailRow>('forwards_to', m.forwardsTo),
    {
      accessorKey: 'expires',
      header: m.colExpires,
      cell: ({ row }) => (
        <span>
          {formatWhen(row.original.expires, language)}
          {row.original.expired && (
            <Text span size="xs" fw={700} ml={6}>
              {m.expired}
            </Text>
          )}
        </span>
      ),
    },
    {
      accessorKey: 'goes_toedash',
      header: m.colFades,
      cell: ({ row }) => formatWhen(row.original.goes_toedash, language),
    },
    { accessorKey: 'notes', header: m.notes },
  ];
};

interface Values {
  name: string;
  forwards_to: string;
  expires: string | null;
  notes: string;
}

/** Temporary Email: the add form and the account's aliases; a row opens the edit screen. */
/** The fields of the add form; an error of another field is told in the pop-up. */
const TEMP_FIELDS = ['name', 'forwards_to', 'expires', 'notes'];

export default function TempEmailPage() {
  const { currentUser, replyTo } = useSession();
  const { data: urls } = useUrls();
  const domain = urls?.temp_email_domain ?? '';
  const showStatus = useStatus();
  const language = useLanguage();
  const m = t(mailScreenText);
  const mt = t(mailText);
  const showFailure = useShowFailure();
  const list = useQuery({
    ...tempEmailsQuery(currentUser),
    meta: {
      failure: (err) => ({
        title: mt.failed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
    },
  });
  const options = useQuery(expListQuery());
  const form = useForm<Values>({
    initialValues: { name: '', forwards_to: replyTo, expires: null, notes: '' },
  });

  // The default expiry is the one the server selects.
  useEffect(() => {
    if (options.data && !form.values.expires) form.setFieldValue('expires', options.data.selected_date);
  }, [options.data, form]);

  const add = useAddTempEmail({
    onSuccess: (res) => {
      form.setValues({ name: '', notes: '' });
      showStatus({ title: mt.success, body: res.message, type: 'review' });
    },
    // A field's error beside the field, once; the pop-up only for what belongs to no field.
    onError: (err) => showFailure(err, { title: mt.failed, setErrors: form.setErrors, fields: TEMP_FIELDS }),
  });

  const rows = list.isError ? [] : (list.data ?? []);
  const active = rows.filter((r) => !r.expired).length;

  return (
    <Page title={m.tempTitle}>
      <Text size="sm">
        {m.tempIntro}{' '}
        <Anchor component={Link} to={routePath('temp-email-faq')} size="sm" underline="always">
          {m.tempFaqLink}
        </Anchor>
      </Text>
      <form
        onSubmit={form.onSubmit((v) =>
          add.mutate({
            logname: currentUser,
            name: v.name,
            forwards_to: v.forwards_to,
            expires: v.expires ?? '',
            notes: v.notes,
          }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={m.colAlias}
              withAsterisk
              autoCapitalize="none"
              rightSection={
                <Text size="sm" pr="xs" c="var(--mantine-color-text)">
                  @{domain}
                </Text>
              }
              rightSectionWidth={domain.length * 8 + 30}
              {...form.getInputProps('name')}
            />
            <TextInput
              label={m.forwardsTo}
              type="email"
              withAsterisk
              {...form.getInputProps('forwards_to')}
            />
            <Select
              label={m.expiresAt}
              withAsterisk
              data={(options.data?.list ?? []).map((o) => ({
                value: o.date,
                label: expiryLabel(o, language),
              }))}
              allowDeselect={false}
              {...form.getInputProps('expires')}
            />
            <TextInput label={m.notes} {...form.getInputProps('notes')} />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={add.isPending}>
              {m.addNewAlias}
            </Button>
            <Text size="sm" data-testid="temp-active-count">
              {m.activeCount(active, C.TEMP_EMAIL_MAX_ACTIVE)}
            </Text>
          </Group>
        </Stack>
      </form>
      <Title order={3} fz="h4">
        {m.yourTempAliases}
      </Title>
      <DataTable
        columns={columnsIn(language)}
        data={rows}
        emptyText={mt.noTempEmails}
        loading={list.isLoading}
        rowHref={(r) => routePath('edit-temp-email', { alias: r.name })}
        rowStyle={(r) => (r.expired ? { backgroundColor: 'var(--mantine-color-red-light)' } : undefined)}
        caption={m.tempCaption}
      />
    </Page>
  );
}

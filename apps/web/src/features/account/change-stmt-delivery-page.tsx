import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useAccountRole, useUrls } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { statementQuery, useChangeStatementDelivery } from './api.ts';

/** The delivery methods and their names in the page's language (read at render time). */
const methods = (): Array<[C.StatementMethod, string]> => {
  const s = t(accountScreenText);
  return [
    ['n', s.methodStandard],
    ['e', s.methodEmail],
    ['p', s.methodPaper],
    ['ep', s.methodBoth],
  ];
};

/** Change Billing Method (/change-stmt-delivery): how statements are delivered; Primary accounts only. */
export default function ChangeStmtDeliveryPage() {
  const { currentUser } = useSession();
  const role = useAccountRole();
  const urls = useUrls();
  const secondary = role.data?.account_role === 'Secondary';
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
  const query = statementQuery(currentUser);
  const q = useQuery({ ...query, enabled: !!currentUser && !!role.data && !secondary });
  const form = useForm({
    initialValues: { logname: currentUser, method: 'n' as C.StatementMethod, nozero: 0, email: '' },
    validate: zodValidate(C.StatementDeliveryBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when new data arrives
  useEffect(() => {
    if (!q.data) return;
    form.setValues({ logname: currentUser, ...q.data });
    form.resetDirty();
  }, [q.data]);

  const save = useChangeStatementDelivery({
    onSuccess: () => {
      showStatus({ title: t(accountText).thanks, body: t(accountText).statementSaved, alert: 'info' });
    },
    onError: (err) => {
      const contact = urls.data
        ? t(accountScreenText).contactHelpDesk(urls.data.helpdesk_phone, urls.data.helpdesk_email)
        : '';
      showFailure(err, {
        title: t(accountText).somethingFailed,
        body: (
          <>
            {failureText(err)}
            <br />
            {contact}
          </>
        ),
        alert: 'serious',
      });
    },
  });

  return (
    <Page title={s.statementTitle(currentUser)} width={640}>
      {secondary && (
        <Alert color="yellow" title={t(commonText).permissionDenied}>
          {t(commonText).secondaryNoStatement}
        </Alert>
      )}
      {q.isError && (
        <Alert color="red" title={t(accountText).somethingFailed}>
          {failureText(q.error)}
        </Alert>
      )}
      {q.isLoading && <Loader size="sm" aria-label={s.loading} />}
      {q.data && (
        <form
          onSubmit={form.onSubmit((v) => {
            if (!save.isPending) save.mutate(v);
          })}
          noValidate
        >
          <Stack>
            <Radio.Group label={s.deliveryMethod} {...form.getInputProps('method')}>
              <Stack gap="xs" mt="xs">
                {methods().map(([value, title]) => (
                  <Radio key={value} value={value} label={title} />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox
              label={s.onlyWhenOwed}
              checked={form.values.nozero === 1}
              onChange={(e) => form.setFieldValue('nozero', e.currentTarget.checked ? 1 : 0)}
            />
            <Text size="sm">{s.statementEmailHelp}</Text>
            <TextInput
              label={s.statementEmail}
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <Text size="sm">{s.standardHelp}</Text>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {s.saveDeliveryMethod}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

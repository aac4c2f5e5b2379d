import { Alert, Button, Checkbox, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useAccountRole, useUrls } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { statementQuery, useChangeStatementDelivery } from './api.ts';

const METHODS: Array<[C.StatementMethod, string]> = [
  ['n', 'Standard'],
  ['e', 'Email only'],
  ['p', 'Paper only'],
  ['ep', 'Both email and paper'],
];

/** Change Billing Method (/change-stmt-delivery): how statements are delivered; Primary accounts only. */
export default function ChangeStmtDeliveryPage() {
  const { currentUser } = useSession();
  const role = useAccountRole();
  const urls = useUrls();
  const secondary = role.data?.account_role === 'Secondary';
  const showStatus = useStatus();
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
      showStatus({ title: accountText.thanks, body: accountText.statementSaved, alert: 'info' });
    },
    onError: (err) => {
      const contact = urls.data
        ? ` Please contact the help desk at ${urls.data.helpdesk_phone} or ${urls.data.helpdesk_email}.`
        : '';
      showStatus({
        title: accountText.somethingFailed,
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
    <Page title={`Statement Delivery for ${currentUser}`} width={640}>
      {secondary && (
        <Alert color="yellow" title={commonText.permissionDenied}>
          {commonText.secondaryNoStatement}
        </Alert>
      )}
      {q.isError && (
        <Alert color="red" title={accountText.somethingFailed}>
          {failureText(q.error)}
        </Alert>
      )}
      {q.isLoading && <Loader size="sm" aria-label="Loading" />}
      {q.data && (
        <form
          onSubmit={form.onSubmit((v) => {
            if (!save.isPending) save.mutate(v);
          })}
          noValidate
        >
          <Stack>
            <Radio.Group label="Delivery method" {...form.getInputProps('method')}>
              <Stack gap="xs" mt="xs">
                {METHODS.map(([value, title]) => (
                  <Radio key={value} value={value} label={title} />
                ))}
              </Stack>
            </Radio.Group>
            <Checkbox
              label="Send a statement only when money is owed"
              checked={form.values.nozero === 1}
              onChange={(e) => form.setFieldValue('nozero', e.currentTarget.checked ? 1 : 0)}
            />
            <Text size="sm">Statement email: leave it blank to use the billing email of the account.</Text>
            <TextInput
              label="Statement email"
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <Text size="sm">Standard delivery follows the account's billing plan.</Text>
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Delivery Method
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

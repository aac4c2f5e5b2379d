import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { failureBody } from './failure-body.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';

/** Change Email/Unix Password (/change-email-password): needs the panel password; applied in about ten minutes. */
export default function ChangeEmailPasswordPage() {
  const { currentUser, operator } = useSession();
  const showStatus = useStatus();
  const form = useForm({
    initialValues: { logname: currentUser, panel_password: '', new: '', confirm: '' },
    validate: zodValidate(C.ChangeUnixPasswordBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for another account
  useEffect(
    () => form.setValues({ logname: currentUser, panel_password: '', new: '', confirm: '' }),
    [currentUser],
  );

  const change = useMutation({
    mutationFn: (values: typeof form.values) => call(C.changeUnixPassword, { body: values }),
    onSuccess: () => {
      form.setValues({ panel_password: '', new: '', confirm: '' });
      showStatus({ title: accountText.thankYou, body: accountText.propagate, alert: 'info' });
    },
    onError: (err) =>
      showStatus({ title: accountText.problems, body: failureBody(err), alert: alertOf(err) }),
  });

  return (
    <Page title={`Change Email/Unix Password for ${currentUser}`} width={560}>
      <Text size="sm">
        This is the password for reading mail (IMAP/POP), sending mail and logging in to the shell. It is
        separate from the members panel password. {accountText.propagate}.
      </Text>
      <form
        onSubmit={form.onSubmit((v) => {
          if (!change.isPending) change.mutate(v);
        })}
        noValidate
      >
        <Stack>
          <Text size="sm">
            {operator !== currentUser
              ? `Panel Password: your own (${operator}) members panel password.`
              : 'Panel Password: the password you logged in with.'}
          </Text>
          <PasswordInput
            label="Panel Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('panel_password')}
          />
          <NewPasswordFields
            label="New Email Password"
            password={form.getInputProps('new')}
            confirm={form.getInputProps('confirm')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change Email Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

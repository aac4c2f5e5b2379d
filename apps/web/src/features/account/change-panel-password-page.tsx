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

const EMPTY = { old_password: '', new_password: '', conf_password: '' };

/** Change Members Panel Password (/change-panel-password): an empty answer message means success. */
export default function ChangePanelPasswordPage() {
  const { currentUser, operator } = useSession();
  const showStatus = useStatus();
  const form = useForm({
    initialValues: { username: currentUser, ...EMPTY },
    validate: zodValidate(C.UserChangePasswordBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for another account
  useEffect(() => form.setValues({ username: currentUser, ...EMPTY }), [currentUser]);

  const change = useMutation({
    mutationFn: (values: typeof form.values) => call(C.userChangePassword, { body: values }),
    onSuccess: (res) => {
      form.setValues(EMPTY);
      if (res.message)
        showStatus({
          title: accountText.problems,
          body: (
            <>
              {res.message}
              <br />
              {accountText.contactHelp}
            </>
          ),
          alert: 'warning',
        });
      else
        showStatus({
          title: accountText.passwordChanged,
          body: `The members panel password of ${currentUser} has been changed.`,
          alert: 'info',
        });
    },
    onError: (err) =>
      showStatus({ title: accountText.problems, body: failureBody(err), alert: alertOf(err) }),
  });

  return (
    <Page title={`Change Members Panel Password for ${currentUser}`} width={560}>
      <Text size="sm">
        The members panel password is the one you use to log in here. It takes effect at once.
      </Text>
      <form
        onSubmit={form.onSubmit((v) => {
          if (!change.isPending) change.mutate(v);
        })}
        noValidate
      >
        <Stack>
          {operator !== currentUser && (
            <Text size="sm">Old Password: your own ({operator}) members panel password.</Text>
          )}
          <PasswordInput
            label="Old Password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('old_password')}
          />
          <NewPasswordFields
            password={form.getInputProps('new_password')}
            confirm={form.getInputProps('conf_password')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change Panel Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

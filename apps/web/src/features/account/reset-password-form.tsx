import { Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { call } from '../../app/api.ts';
import { useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { failureBody } from './failure-body.tsx';

/** Reset Panel / Email Password (public, token from the mailed link): new password and its confirmation. */
export function ResetPasswordForm({ kind }: { kind: 'panel' | 'email' }) {
  const { token = '' } = useParams();
  const showStatus = useStatus();
  const label = kind === 'panel' ? 'Members Panel' : 'Email';
  const form = useForm({
    initialValues: { reset_token: token, new_password: '', conf_password: '' },
    validate: zodValidate(C.ResetPasswordBody),
  });
  const reset = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const body = { ...values, reset_token: token };
      if (kind === 'panel') return (await call(C.userResetPassword, { body })).message;
      await call(C.resetUnixPassword, { body });
      return '';
    },
    onSuccess: (message) => {
      form.reset();
      if (message) {
        showStatus({
          title: accountText.resetFailed,
          body: (
            <>
              {message}
              <br />
              {accountText.contactHelp}
            </>
          ),
          alert: 'warning',
        });
        return;
      }
      showStatus({
        title: accountText.passwordChanged,
        body: kind === 'panel' ? 'You can now log in with your new password.' : accountText.propagate,
        type: 'thankyou',
        alert: 'info',
        menu: [{ name: kind === 'panel' ? 'Login' : 'Home', url: '/' }],
      });
    },
    onError: (err) =>
      showStatus({ title: accountText.resetFailed, body: failureBody(err), alert: 'serious' }),
  });

  return (
    <Card
      withBorder
      shadow="sm"
      maw={480}
      mx="auto"
      mt="lg"
      p="lg"
      component="section"
      aria-labelledby="reset-title"
    >
      <form
        onSubmit={form.onSubmit((v) => {
          if (!reset.isPending) reset.mutate(v);
        })}
        noValidate
      >
        <Stack>
          <Title order={2} id="reset-title">
            Reset {label} Password
          </Title>
          <Text size="sm">
            Choose a new password of at least 8 characters. The link works once and for 30 minutes.
          </Text>
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('conf_password')}
          />
          <Group>
            <Button type="submit" loading={reset.isPending}>
              Reset Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

import { PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { FormButtons } from '../../ui/form-buttons.tsx';
import { sendOnce, zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { failureBody } from './failure-body.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';

/** Change Email/Unix Password (/change-email-password): needs the panel password; applied in about ten minutes. */
export default function ChangeEmailPasswordPage() {
  const { currentUser, operator } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
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
      showStatus({ title: t(accountText).thankYou, body: t(accountText).propagate, alert: 'info' });
    },
    onError: (err) => showFailure(err, { title: t(accountText).problems, body: failureBody(err) }),
  });

  return (
    <Page title={s.emailPasswordTitle(currentUser)} width={560}>
      <Text size="sm">
        {s.emailPasswordHelp} {t(accountText).propagate}.
      </Text>
      <form onSubmit={form.onSubmit(sendOnce(change))} noValidate>
        <Stack>
          <Text size="sm">
            {operator !== currentUser ? s.panelPasswordOfOperator(operator) : s.panelPasswordOwn}
          </Text>
          <PasswordInput
            label={s.panelPassword}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('panel_password')}
          />
          <NewPasswordFields
            label={s.newEmailPassword}
            password={form.getInputProps('new')}
            confirm={form.getInputProps('confirm')}
          />
          <FormButtons submit={s.changeEmailPassword} pending={change.isPending} />
        </Stack>
      </form>
    </Page>
  );
}

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
import { failureBody, withContactHelp } from './failure-body.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';

const EMPTY = { old_password: '', new_password: '', conf_password: '' };

/** Change Members Panel Password (/change-panel-password): an empty answer message means success. */
export default function ChangePanelPasswordPage() {
  const { currentUser, operator } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
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
          title: t(accountText).problems,
          body: withContactHelp(res.message),
          alert: 'warning',
        });
      else
        showStatus({
          title: t(accountText).passwordChanged,
          body: t(accountScreenText).panelPasswordChanged(currentUser),
          alert: 'info',
        });
    },
    onError: (err) => showFailure(err, { title: t(accountText).problems, body: failureBody(err) }),
  });

  return (
    <Page title={s.panelPasswordTitle(currentUser)} width={560}>
      <Text size="sm">{s.panelPasswordHelp}</Text>
      <form onSubmit={form.onSubmit(sendOnce(change))} noValidate>
        <Stack>
          {operator !== currentUser && <Text size="sm">{s.oldPasswordOfOperator(operator)}</Text>}
          <PasswordInput
            label={s.oldPassword}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('old_password')}
          />
          <NewPasswordFields
            password={form.getInputProps('new_password')}
            confirm={form.getInputProps('conf_password')}
          />
          <FormButtons submit={s.changePanelPassword} pending={change.isPending} />
        </Stack>
      </form>
    </Page>
  );
}

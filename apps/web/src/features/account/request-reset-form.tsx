import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { FormButtons } from '../../ui/form-buttons.tsx';
import { sendOnce, zodValidate } from '../../ui/form.ts';
import { failureBody } from './failure-body.tsx';
import { PublicFormCard } from './public-form-card.tsx';

/**
 * Request Panel / Email Password Reset (public): account and a recovery address. The answer is
 * the same whether or not they matched, so the screen always says to check the mailbox.
 */
export function RequestResetForm({ kind }: { kind: 'panel' | 'email' }) {
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
  const form = useForm({
    initialValues: { account: '', email: '', burn_it: 0 },
    validate: zodValidate(C.ForgotPasswordBody),
  });
  const request = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(kind === 'panel' ? C.forgotPanelPassword : C.forgotEmailPassword, { body: values }),
    onSuccess: () => {
      form.reset();
      showStatus({ title: t(accountText).resetSubmitted, body: t(accountText).checkEmail, alert: 'info' });
    },
    onError: (err) => showFailure(err, { title: t(accountText).problems, body: failureBody(err) }),
  });

  return (
    <PublicFormCard
      title={s.requestResetTitle(kind === 'panel')}
      help={s.requestResetHelp}
      onSubmit={form.onSubmit(sendOnce(request))}
    >
      <TextInput
        label={s.accountLabel}
        autoComplete="username"
        autoCapitalize="none"
        withAsterisk
        {...form.getInputProps('account')}
      />
      <TextInput
        label={s.recoveryEmail}
        type="email"
        autoComplete="email"
        withAsterisk
        {...form.getInputProps('email')}
      />
      <FormButtons submit={s.requestReset} pending={request.isPending}>
        <Button variant="default" onClick={() => navigate(-1)}>
          {s.cancel}
        </Button>
      </FormButtons>
    </PublicFormCard>
  );
}

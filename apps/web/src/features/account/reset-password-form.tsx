import { Anchor, List, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { mailAppPasswordText } from '@portal/contract/mail-app-passwords/messages';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { routePath } from '@portal/contract/routes';
import { call } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { FormButtons } from '../../ui/form-buttons.tsx';
import { sendOnce, zodValidate } from '../../ui/form.ts';
import { failureBody, withContactHelp } from './failure-body.tsx';
import { PublicFormCard } from './public-form-card.tsx';
import { NewPasswordFields } from '../../ui/new-password-fields.tsx';

/** Reset Panel / Email Password (public, token from the mailed link): new password and its confirmation. */
export function ResetPasswordForm({ kind }: { kind: 'panel' | 'email' }) {
  const { token = '' } = useParams();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
  const form = useForm({
    initialValues: { reset_token: token, new_password: '', conf_password: '' },
    validate: zodValidate(C.ResetPasswordBody),
  });
  const reset = useMutation({
    mutationFn: async (values: typeof form.values) => {
      const body = { ...values, reset_token: token };
      if (kind === 'panel') {
        const res = await call(C.userResetPassword, { body });
        return { message: res.message, remaining: res.data as C.ResetRemaining | undefined };
      }
      await call(C.resetUnixPassword, { body });
      return { message: '', remaining: undefined };
    },
    onSuccess: ({ message, remaining }) => {
      form.reset();
      if (message) {
        showStatus({
          title: t(accountText).resetFailed,
          body: withContactHelp(message),
          alert: 'warning',
        });
        return;
      }
      showStatus({
        title: t(accountText).passwordChanged,
        body:
          kind === 'panel' ? (
            <>
              {t(accountScreenText).resetDone}
              {remaining && <ResetRemainingList remaining={remaining} />}
            </>
          ) : (
            t(accountText).propagate
          ),
        type: 'thankyou',
        alert: 'info',
        menu: [{ name: kind === 'panel' ? t(accountScreenText).login : t(accountScreenText).home, url: '/' }],
      });
    },
    onError: (err) =>
      showFailure(err, { title: t(accountText).resetFailed, body: failureBody(err), alert: 'serious' }),
  });

  return (
    <PublicFormCard
      title={s.resetTitle(kind === 'panel')}
      help={s.resetHelp}
      onSubmit={form.onSubmit(sendOnce(reset))}
    >
      <NewPasswordFields
        password={form.getInputProps('new_password')}
        confirm={form.getInputProps('conf_password')}
      />
      <FormButtons submit={s.resetPassword} pending={reset.isPending} />
    </PublicFormCard>
  );
}

/**
 * What a reset by mail left: the API tokens it revoked, and the second factor and passkeys that
 * remain, each removable in the security centre (after signing in with the new password).
 */
function ResetRemainingList({ remaining }: { remaining: C.ResetRemaining }) {
  const left = [
    ...(remaining.authenticator ? [t(accountText).resetRemainingAuthenticator] : []),
    ...remaining.passkeys.map((name) => t(accountText).resetRemainingPasskey(name)),
  ];
  return (
    <Stack gap="xs" mt="sm" data-testid="reset-remaining">
      {remaining.tokens_revoked > 0 && (
        <Text size="sm">{t(accountText).resetTokensRevoked(remaining.tokens_revoked)}</Text>
      )}
      {remaining.app_passwords_revoked > 0 && (
        <Text size="sm">{t(mailAppPasswordText).resetRevoked(remaining.app_passwords_revoked)}</Text>
      )}
      {left.length === 0 ? (
        <Text size="sm">{t(accountText).resetNothingRemains}</Text>
      ) : (
        <>
          <Text size="sm">{t(accountText).resetRemainingIntro}</Text>
          <List size="sm">
            {left.map((l) => (
              <List.Item key={l}>{l}</List.Item>
            ))}
          </List>
          <Anchor component={Link} to={routePath('security')} size="sm">
            {t(accountScreenText).openSecurityCentre}
          </Anchor>
        </>
      )}
    </Stack>
  );
}

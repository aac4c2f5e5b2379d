import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ColorMode } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { mfaVerify, secondFactorText } from '@portal/contract/security/second-factor';
import { useState } from 'react';
import { ApiError, call, failureText, type SecondFactorNeeded } from '../../app/api.ts';
import { decodeToken, session } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { SignInCard } from './sign-in-card.tsx';

type Kind = 'totp' | 'recovery_code';

const LABEL: Record<Kind, string> = {
  totp: 'Code from your authenticator app',
  recovery_code: 'Recovery code',
};

/**
 * The sign-in's second step (issue 18): after the right password of an account with a second
 * factor, a code from the authenticator app, or one of the recovery codes instead. The answer is
 * the login's own: the session starts as after a password-only sign-in.
 */
export default function CodeStep({
  challenge,
  onSignedIn,
  onStartOver,
}: {
  challenge: SecondFactorNeeded;
  onSignedIn: (username: string, mode: ColorMode) => void;
  onStartOver: () => void;
}) {
  const showStatus = useStatus();
  const [kind, setKind] = useState<Kind>('totp');
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (v) => (v.trim() ? null : secondFactorText.codeRequired) },
  });
  const other: Kind = kind === 'totp' ? 'recovery_code' : 'totp';
  const can = (k: Kind) => challenge.methods.includes(k);

  const submit = form.onSubmit(async ({ code }) => {
    setPending(true);
    try {
      const res = await call(mfaVerify, { body: { mfa_token: challenge.mfaToken, code } });
      const claims = decodeToken(res.data.id_token);
      session.login(res.data.id_token, res.data.bill_email, res.data.color_mode);
      if (claims) onSignedIn(claims.username, res.data.color_mode);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'mfa_expired') {
        showStatus({ title: commonText.loginFailedTitle, body: err.message, alert: 'warning' });
        onStartOver();
        return;
      }
      form.setFieldValue('code', '');
      form.setFieldError('code', failureText(err));
    } finally {
      setPending(false);
    }
  });

  return (
    <SignInCard titleId="code-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} id="code-title">
            Two-step sign-in
          </Title>
          <Text size="sm">
            {kind === 'totp'
              ? challenge.message || secondFactorText.mfaRequired
              : 'Enter one of the recovery codes you kept when you set up the app. Each works once.'}
          </Text>
          <TextInput
            key={kind}
            label={LABEL[kind]}
            autoComplete="one-time-code"
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="none"
            // The field is the only thing on this step: the person came here to type into it.
            autoFocus
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={pending}>
            Verify
          </Button>
          <Group gap="md" justify="center" wrap="wrap">
            {can(other) && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  form.reset();
                  setKind(other);
                }}
              >
                {other === 'recovery_code'
                  ? 'Use a recovery code instead'
                  : 'Use the authenticator app instead'}
              </Anchor>
            )}
            {/* Passkeys (issue 18, passkey part): "Use a passkey instead" goes here, when can('passkey'). */}
            <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
              Start over
            </Anchor>
          </Group>
        </Stack>
      </form>
    </SignInCard>
  );
}

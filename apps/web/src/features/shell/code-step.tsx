import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ColorMode } from '@portal/contract/constants';
import { commonText } from '@portal/contract/messages';
import { mfaPasskeyOptions, mfaVerify, secondFactorText } from '@portal/contract/security/second-factor';
import type { LoginData } from '@portal/contract/session/calls';
import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, call, failureText, type SecondFactorNeeded } from '../../app/api.ts';
import { decodeToken, session } from '../../app/session.ts';
import { t } from '../../app/language.ts';
import { useStatus } from '../../app/status.ts';
import { hasWebAuthn, signWithPasskey, wasCancelled } from '../../ui/webauthn.ts';
import { SignInCard } from './sign-in-card.tsx';

type Kind = 'totp' | 'recovery_code';

const label = (kind: Kind) =>
  kind === 'totp' ? t(secondFactorText).codeLabel : t(secondFactorText).recoveryCodeLabel;

/**
 * The sign-in's second step: after the right password of an account with a second
 * factor, a code from the authenticator app, one of the recovery codes, or a passkey of the account
 * instead (when it has one). The answer is the login's own: the session starts as after a
 * password-only sign-in.
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
    validate: { code: (v) => (v.trim() ? null : t(secondFactorText).codeRequired) },
  });
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Why the last passkey attempt failed; the code field stays as it was, usable.
  const [passkeyProblem, setPasskeyProblem] = useState('');
  const other: Kind = kind === 'totp' ? 'recovery_code' : 'totp';
  const can = (k: Kind | 'passkey') => challenge.methods.includes(k);

  const signIn = (data: z.infer<typeof LoginData>) => {
    const claims = decodeToken(data.id_token);
    session.login(data.id_token, data.bill_email, data.color_mode);
    if (claims) onSignedIn(claims.username, data.color_mode);
  };

  /** The sign-in is over (expired, used): say so and go back to the password. */
  const expired = (err: unknown) => {
    if (!(err instanceof ApiError && err.code === 'mfa_expired')) return false;
    showStatus({ title: t(commonText).loginFailedTitle, body: err.message, alert: 'warning' });
    onStartOver();
    return true;
  };

  const submit = form.onSubmit(async ({ code }) => {
    setPending(true);
    try {
      const res = await call(mfaVerify, { body: { mfa_token: challenge.mfaToken, code } });
      signIn(res.data);
    } catch (err) {
      if (expired(err)) return;
      form.setFieldValue('code', '');
      form.setFieldError('code', failureText(err));
    } finally {
      setPending(false);
    }
  });

  // Options bound to this sign-in's account, the browser's passkey ceremony, then the same
  // mfa-verify a code goes to, with the passkey's answer instead.
  const usePasskey = async () => {
    setPasskeyProblem('');
    if (!hasWebAuthn()) {
      setPasskeyProblem(t(secondFactorText).passkeyUnsupported);
      return;
    }
    setPasskeyPending(true);
    try {
      const options = await call(mfaPasskeyOptions, { body: { mfa_token: challenge.mfaToken } });
      const passkey = await signWithPasskey(options.data);
      const res = await call(mfaVerify, { body: { mfa_token: challenge.mfaToken, passkey } });
      signIn(res.data);
    } catch (err) {
      if (expired(err)) return;
      setPasskeyProblem(passkeyFailureText(err));
    } finally {
      setPasskeyPending(false);
    }
  };

  return (
    <SignInCard titleId="code-title">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} id="code-title">
            {t(secondFactorText).stepTitle}
          </Title>
          <Text size="sm">
            {kind === 'totp'
              ? challenge.message || t(secondFactorText).mfaRequired
              : t(secondFactorText).recoveryCodePrompt}
          </Text>
          <TextInput
            key={kind}
            label={label(kind)}
            autoComplete="one-time-code"
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="none"
            // Most come here to type a code; the passkey button is one Tab away.
            autoFocus
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={pending} disabled={passkeyPending}>
            {t(secondFactorText).verify}
          </Button>
          {can('passkey') && (
            <Button
              type="button"
              variant="default"
              loading={passkeyPending}
              disabled={pending}
              onClick={usePasskey}
            >
              {t(secondFactorText).usePasskey}
            </Button>
          )}
          {passkeyProblem && (
            <Alert color="red" variant="light" title={t(secondFactorText).passkeyFailedTitle} role="alert">
              {passkeyProblem}
            </Alert>
          )}
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
                  ? t(secondFactorText).useRecoveryCode
                  : t(secondFactorText).useAuthenticator}
              </Anchor>
            )}
            <Anchor component="button" type="button" size="sm" onClick={onStartOver}>
              {t(secondFactorText).startOver}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </SignInCard>
  );
}

/** The words for a passkey attempt that failed: the server's refusal, or what the browser ended. */
function passkeyFailureText(err: unknown): string {
  if (err instanceof ApiError) return failureText(err);
  if (wasCancelled(err)) return t(secondFactorText).passkeyCancelled;
  return t(secondFactorText).passkeyFailed;
}

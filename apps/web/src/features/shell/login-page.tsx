import {
  Alert,
  Anchor,
  Button,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { commonText } from '@portal/contract/messages';
import { loginText } from '@portal/contract/shell/messages';
import { t } from '../../app/language.ts';
import { LanguagePicker } from '../../app/language-picker.tsx';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, call, failureText, SecondFactorNeeded } from '../../app/api.ts';
import { decodeToken, mantineScheme, session } from '../../app/session.ts';
import { markModeKnown } from '../../app/shell-parts.tsx';
import { alertColor, alertOf } from '../../app/status.ts';
import { SignInCard } from './sign-in-card.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { DirectorySignIn } from './directory-sign-in.tsx';

/** Why the last sign-in was refused (the spec's title and text), and whether a reset is the next step. */
interface SignInProblem {
  title: string;
  body: string;
  color: string;
  reset?: boolean;
}

/** The form's two fields, each with its value and the refusal shown under it. */
type Field = 'username' | 'password';

/** The second step, after `mfa_required`: loaded only by the accounts that have one. */
const CodeStep = lazy(() => import('./code-step.tsx'));

/** Login: account name (lower-cased), password with show/hide, links to resets and quick references. */
export function LoginPage() {
  const [failures, setFailures] = useState(0);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorNeeded | null>(null);
  // A refused sign-in, told beside the form (where the eye is), with its next step; not a pop-up.
  const [problem, setProblem] = useState<SignInProblem | null>(null);
  const { setColorScheme } = useMantineColorScheme();
  // Two fields kept in state, not Mantine's useForm: the form library is 4.5 KB gzip of the login
  // screen's first load, over its budget (docs/performance.md "Languages"); the screens after
  // sign-in load it with their own code.
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const input = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      // As useForm does: a field's refusal goes once it is edited.
      setErrors((v) => ({ ...v, [name]: undefined }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = {
      ...(values.username.trim() ? {} : { username: t(commonText).required }),
      ...(values.password ? {} : { password: t(commonText).required }),
    };
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const username = values.username.trim().toLowerCase();
    if (username.includes('@')) {
      setProblem({
        title: t(commonText).loginFailedTitle,
        body: t(commonText).loginUseAccountName,
        color: 'yellow',
      });
      return;
    }
    setPending(true);
    try {
      // The contract (and zod) load on submit, keeping the first screen small.
      const S = await import('@portal/contract/session/calls');
      const res = await call(S.login, { body: { username, password: values.password } });
      // The login response carries the user's mode: no need to fetch it again.
      markModeKnown(username);
      session.login(res.data.id_token, res.data.bill_email, res.data.color_mode);
      setColorScheme(mantineScheme(res.data.color_mode));
    } catch (err) {
      if (err instanceof SecondFactorNeeded) {
        setChallenge(err);
        return;
      }
      const n = failures + 1;
      setFailures(n);
      setProblem({
        title: t(commonText).loginFailedTimes(n),
        body: failureText(err),
        color: alertColor(alertOf(err)),
        reset: err instanceof ApiError && err.code === 'bad_credentials',
      });
    } finally {
      setPending(false);
    }
  };

  if (challenge)
    return (
      <Suspense fallback={<Text c="dimmed">{t(loginText).loading}</Text>}>
        <CodeStep
          challenge={challenge}
          onSignedIn={(username, mode) => {
            markModeKnown(username);
            setColorScheme(mantineScheme(mode));
          }}
          onStartOver={() => {
            setValues((v) => ({ ...v, password: '' }));
            setChallenge(null);
          }}
        />
      </Suspense>
    );

  return (
    <SignInCard titleId="login-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Title order={2} id="login-title">
              {t(loginText).signIn}
            </Title>
            <LanguagePicker />
          </Group>
          <Text size="sm" c="dimmed">
            {t(loginText).useAccountName}
          </Text>
          <TextInput
            label={t(loginText).username}
            // `webauthn`: the browser may offer the account's passkeys here (PasskeySignIn).
            autoComplete="username webauthn"
            autoCapitalize="none"
            {...input('username')}
          />
          <PasswordInput
            label={t(loginText).password}
            autoComplete="current-password"
            visible={showPassword}
            onVisibilityChange={setShowPassword}
            // Mantine hides the toggle from keyboards and screen readers by default (aria-hidden,
            // tabIndex -1): here it is a labelled button in the tab order. The label says what a
            // press does, so aria-pressed would say it twice. Space is Mantine's; Enter is added.
            visibilityToggleButtonProps={{
              'aria-label': showPassword ? t(loginText).hidePassword : t(loginText).showPassword,
              'aria-pressed': undefined,
              tabIndex: 0,
              onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                setShowPassword((v) => !v);
              },
            }}
            {...input('password')}
          />
          {problem && (
            <Alert color={problem.color} title={problem.title} data-testid="login-problem">
              <Stack gap={4}>
                <Text size="sm">{problem.body}</Text>
                {problem.reset && (
                  <Anchor component={Link} to="/request-panel-reset" size="sm" underline="always">
                    {t(commonText).loginResetNext}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <Button type="submit" loading={pending}>
            {t(loginText).login}
          </Button>
          <PasskeySignIn
            onSignedIn={(res) => {
              markModeKnown(decodeToken(res.id_token)?.username ?? '');
              session.login(res.id_token, res.bill_email, res.color_mode);
              setColorScheme(mantineScheme(res.color_mode));
            }}
          />
          <DirectorySignIn
            onSignedIn={(res) => {
              markModeKnown(decodeToken(res.id_token)?.username ?? '');
              session.login(res.id_token, res.bill_email, res.color_mode);
              setColorScheme(mantineScheme(res.color_mode));
            }}
            onSecondFactor={setChallenge}
          />
          <Group gap="md" justify="center" wrap="wrap">
            <Anchor component={Link} to="/request-panel-reset" size="sm">
              {t(loginText).forgotPanel}
            </Anchor>
            <Anchor component={Link} to="/request-email-reset" size="sm">
              {t(loginText).forgotEmail}
            </Anchor>
            <Anchor component={Link} to="/quickref" size="sm">
              {t(loginText).quickReferences}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </SignInCard>
  );
}

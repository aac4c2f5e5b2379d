import { Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/security/second-factor';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { useStatus } from '../../app/status.ts';
import { date, useRemoveSecondFactor, useSecurityTarget, useTotpConfirm, useTotpDisable } from './api.ts';
import { showFailure } from './errors.ts';
import { Panel } from './panel.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodesShown } from './recovery-codes-shown.tsx';

const codeRule = (v: string) => (v.trim() ? null : secondFactorText.codeRequired);

/**
 * The authenticator app: set up (QR code and the secret as text, then the first code), or on (turn
 * off with the password and a code). Staff looking at a customer read it, and may remove it.
 */
export function AuthenticatorPanel({ onTurnedOn }: { onTurnedOn?: () => void }) {
  const { account, own, staff, state } = useSecurityTarget();
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = state.data;
  return (
    <Panel title="Authenticator app">
      <Text size="sm">
        An authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…)
        shows a new six-digit code every 30 seconds. With it on, signing in asks for that code after the
        password, so a stolen password alone does not open the account.
      </Text>
      {state.isError && <Text c="red">The state of the authenticator could not be read.</Text>}
      {data &&
        (data.totp ? (
          <>
            <Text fw={600}>On{data.totp_since ? ` since ${date(data.totp_since)}` : ''}.</Text>
            {own && <TurnOff account={account} />}
            {!own && staff && <StaffRemove account={account} />}
          </>
        ) : own ? (
          !codes && (
            <SetUp
              account={account}
              onDone={(made) => {
                setCodes(made);
                onTurnedOn?.();
              }}
            />
          )
        ) : (
          <Text>Off. Only {account} can turn it on, from their own sign-in.</Text>
        ))}
      {codes && <RecoveryCodesShown account={account} codes={codes} />}
    </Panel>
  );
}

function SetUp({ account, onDone }: { account: string; onDone: (codes: string[]) => void }) {
  const showStatus = useStatus();
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: { code: codeRule, password: (v) => (v ? null : 'Required') },
  });
  const setup = useMutation({
    mutationFn: () => call(C.totpSetup, { body: { logname: account } }).then((r) => r.data),
    onError: (err) => showFailure(err, form, showStatus),
  });
  const confirm = useTotpConfirm({
    onSuccess: (res) => {
      onDone(res.data.recovery_codes);
      showStatus({ title: 'Authenticator on', body: res.message, alert: 'info' });
    },
    onError: (err) => showFailure(err, form, showStatus),
  });
  if (!setup.data)
    return (
      <Group>
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          Set up an authenticator app
        </Button>
      </Group>
    );
  const { secret, otpauth_url } = setup.data;
  return (
    <Stack gap="sm">
      <Text size="sm">1. In the app, add an account and scan this code:</Text>
      <QrCode text={otpauth_url} label={`QR code to add ${account} to an authenticator app`} />
      <Text size="sm">
        Cannot scan? Type this key into the app instead (a time-based key):
        <br />
        <Code fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </Code>
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          if (!confirm.isPending) confirm.mutate({ logname: account, code: v.code, password: v.password });
        })}
      >
        <Stack gap="sm">
          <TextInput
            label="2. Enter the six-digit code the app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={320}
            withAsterisk
            {...form.getInputProps('code')}
          />
          <PasswordInput
            label="3. Your panel password, to confirm it is you"
            description="A second factor is a lasting way in: a session alone cannot turn it on."
            autoComplete="current-password"
            maw={320}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
            <Button variant="default" onClick={() => setup.reset()}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function TurnOff({ account }: { account: string }) {
  const showStatus = useStatus();
  const [open, setOpen] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: { password: (v) => (v ? null : 'Required'), code: codeRule },
  });
  const off = useTotpDisable({
    onSuccess: (res) => {
      form.reset();
      setOpen(false);
      showStatus({ title: 'Authenticator off', body: res.message, alert: 'info' });
    },
    onError: (err) => showFailure(err, form, showStatus),
  });
  if (!open)
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          Turn off…
        </Button>
      </Group>
    );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        if (!off.isPending) off.mutate({ logname: account, ...v });
      })}
    >
      <Stack gap="sm" maw={360}>
        <Text size="sm">
          Turning it off needs your password and a code from the app (or a recovery code).
        </Text>
        <PasswordInput
          label="Panel password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <TextInput
          label="Code from the app, or a recovery code"
          autoComplete="one-time-code"
          withAsterisk
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" color="red" loading={off.isPending}>
            Turn off the authenticator
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep it on
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff remove a customer's second factor after checking who is asking (audited, mailed, sessions ended). */
function StaffRemove({ account }: { account: string }) {
  const showStatus = useStatus();
  const [sure, setSure] = useState(false);
  const remove = useRemoveSecondFactor({
    onSuccess: (res) => {
      setSure(false);
      showStatus({ title: 'Second factor removed', body: res.message, alert: 'info' });
    },
    onError: (err) =>
      showStatus({ title: 'Problems', body: String((err as Error).message), alert: 'serious' }),
  });
  return sure ? (
    <Stack gap="sm">
      <Text size="sm">
        Only after checking who is asking: {account} is mailed, and every session of {account} ends.
      </Text>
      <Group>
        <Button color="red" onClick={() => remove.mutate({ logname: account })} loading={remove.isPending}>
          Remove the second factor of {account}
        </Button>
        <Button variant="default" onClick={() => setSure(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  ) : (
    <Group>
      <Button variant="default" onClick={() => setSure(true)}>
        Remove second factor…
      </Button>
    </Group>
  );
}

import { Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/security/second-factor';
import { secondFactorText } from '@portal/contract/security/second-factor';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { date, useRemoveSecondFactor, useSecurityTarget, useTotpConfirm, useTotpDisable } from './api.ts';
import { useShowSecurityFailure } from './errors.ts';
import { Panel } from './panel.tsx';
import { QrCode } from './qr-code.tsx';
import { RecoveryCodesShown } from './recovery-codes-shown.tsx';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

const codeRule = (v: string) => (v.trim() ? null : t(secondFactorText).codeRequired);

/**
 * The authenticator app: set up (QR code and the secret as text, then the first code), or on (turn
 * off with the password and a code). Staff looking at a customer read it, and may remove it.
 */
export function AuthenticatorPanel({ onTurnedOn }: { onTurnedOn?: () => void }) {
  useLanguage();
  const { account, own, staff, state } = useSecurityTarget();
  const [codes, setCodes] = useState<string[] | null>(null);
  const data = state.data;
  return (
    <Panel title={t(securityText).authenticatorTitle}>
      <Text size="sm">{t(securityText).authenticatorAbout}</Text>
      {state.isError && <Text c="red">{t(securityText).authenticatorUnread}</Text>}
      {data &&
        (data.totp ? (
          <>
            <Text fw={600}>{t(securityText).onSince(data.totp_since ? date(data.totp_since) : null)}</Text>
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
          <Text>{t(securityText).offOnlyOwner(account)}</Text>
        ))}
      {codes && <RecoveryCodesShown account={account} codes={codes} />}
    </Panel>
  );
}

function SetUp({ account, onDone }: { account: string; onDone: (codes: string[]) => void }) {
  useLanguage();
  const showStatus = useStatus();
  const form = useForm({
    initialValues: { code: '', password: '' },
    validate: { code: codeRule, password: (v) => (v ? null : t(securityText).required) },
  });
  const showFailure = useShowSecurityFailure(form);
  const setup = useMutation({
    mutationFn: () => call(C.totpSetup, { body: { logname: account } }).then((r) => r.data),
    onError: showFailure,
  });
  const confirm = useTotpConfirm({
    onSuccess: (res) => {
      onDone(res.data.recovery_codes);
      showStatus({ title: t(securityText).authenticatorOn, body: res.message, alert: 'info' });
    },
    onError: showFailure,
  });
  if (!setup.data)
    return (
      <Group>
        <Button onClick={() => setup.mutate()} loading={setup.isPending}>
          {t(securityText).setUpApp}
        </Button>
      </Group>
    );
  const { secret, otpauth_url } = setup.data;
  return (
    <Stack gap="sm">
      <Text size="sm">{t(securityText).scanStep}</Text>
      <QrCode text={otpauth_url} label={t(securityText).qrLabel(account)} />
      <Text size="sm">
        {t(securityText).typeKey}
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
            label={t(securityText).codeStep}
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={320}
            withAsterisk
            {...form.getInputProps('code')}
          />
          <PasswordInput
            label={t(securityText).passwordStep}
            description={t(securityText).passwordStepHint}
            autoComplete="current-password"
            maw={320}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              {t(securityText).turnOn}
            </Button>
            <Button variant="default" onClick={() => setup.reset()}>
              {t(securityText).cancel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function TurnOff({ account }: { account: string }) {
  useLanguage();
  const showStatus = useStatus();
  const [open, setOpen] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: { password: (v) => (v ? null : t(securityText).required), code: codeRule },
  });
  const showFailure = useShowSecurityFailure(form);
  const off = useTotpDisable({
    onSuccess: (res) => {
      form.reset();
      setOpen(false);
      showStatus({ title: t(securityText).authenticatorOff, body: res.message, alert: 'info' });
    },
    onError: showFailure,
  });
  if (!open)
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          {t(securityText).turnOffOpen}
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
        <Text size="sm">{t(securityText).turnOffAbout}</Text>
        <PasswordInput
          label={t(securityText).panelPassword}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <TextInput
          label={t(securityText).codeOrRecovery}
          autoComplete="one-time-code"
          withAsterisk
          {...form.getInputProps('code')}
        />
        <Group>
          <Button type="submit" color="red" loading={off.isPending}>
            {t(securityText).turnOff}
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            {t(securityText).keepOn}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff remove a customer's second factor after checking who is asking (audited, mailed, sessions ended). */
function StaffRemove({ account }: { account: string }) {
  useLanguage();
  const showStatus = useStatus();
  const showCallFailure = useShowFailure();
  const [sure, setSure] = useState(false);
  const remove = useRemoveSecondFactor({
    onSuccess: (res) => {
      setSure(false);
      showStatus({ title: t(securityText).factorRemoved, body: res.message, alert: 'info' });
    },
    onError: (err) => showCallFailure(err, { title: t(securityText).problems, alert: 'serious' }),
  });
  return sure ? (
    <Stack gap="sm">
      <Text size="sm">{t(securityText).removeWarning(account)}</Text>
      <Group>
        <Button color="red" onClick={() => remove.mutate({ logname: account })} loading={remove.isPending}>
          {t(securityText).removeFactorOf(account)}
        </Button>
        <Button variant="default" onClick={() => setSure(false)}>
          {t(securityText).cancel}
        </Button>
      </Group>
    </Stack>
  ) : (
    <Group>
      <Button variant="default" onClick={() => setSure(true)}>
        {t(securityText).removeFactorOpen}
      </Button>
    </Group>
  );
}

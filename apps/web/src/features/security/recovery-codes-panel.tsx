import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RECOVERY_CODE_COUNT } from '@portal/contract/security/second-factor';
import { useState } from 'react';
import { useStatus } from '../../app/status.ts';
import { useNewRecoveryCodes, useSecurityTarget } from './api.ts';
import { useShowSecurityFailure } from './errors.ts';
import { Panel } from './panel.tsx';
import { RecoveryCodesShown } from './recovery-codes-shown.tsx';
import { securityText } from '@portal/contract/security/messages';
import { t, useLanguage } from '../../app/language.ts';

/** Recovery codes: how many are left, and new ones (with the password) that void the old ones. */
export function RecoveryCodesPanel() {
  useLanguage();
  const { account, own, state } = useSecurityTarget();
  const showStatus = useStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t(securityText).required) },
  });
  const showFailure = useShowSecurityFailure(form);
  const make = useNewRecoveryCodes({
    onSuccess: (res) => {
      form.reset();
      setCodes(res.data.recovery_codes);
      showStatus({ title: t(securityText).newRecoveryCodes, body: res.message, alert: 'info' });
    },
    onError: showFailure,
  });
  const data = state.data;
  return (
    <Panel title={t(securityText).recoveryTitle}>
      {!data?.totp ? (
        <Text size="sm">{t(securityText).recoveryWithApp}</Text>
      ) : (
        <>
          <Text size="sm">{t(securityText).recoveryLeft(data.recovery_codes_left, RECOVERY_CODE_COUNT)}</Text>
          {codes && <RecoveryCodesShown account={account} codes={codes} />}
          {own && (
            <form
              noValidate
              onSubmit={form.onSubmit((v) => {
                if (!make.isPending) make.mutate({ logname: account, password: v.password });
              })}
            >
              <Stack gap="sm" maw={360}>
                <PasswordInput
                  label={t(securityText).panelPassword}
                  description={t(securityText).recoveryNewHint}
                  autoComplete="current-password"
                  withAsterisk
                  {...form.getInputProps('password')}
                />
                <Group>
                  <Button type="submit" variant="default" loading={make.isPending}>
                    {t(securityText).makeRecoveryCodes}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </>
      )}
    </Panel>
  );
}

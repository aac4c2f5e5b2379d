import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RECOVERY_CODE_COUNT } from '@portal/contract/security/second-factor';
import { useState } from 'react';
import { useStatus } from '../../app/status.ts';
import { useNewRecoveryCodes, useSecurityTarget } from './api.ts';
import { showFailure } from './errors.ts';
import { Panel } from './panel.tsx';
import { RecoveryCodesShown } from './recovery-codes-shown.tsx';

/** Recovery codes: how many are left, and new ones (with the password) that void the old ones. */
export function RecoveryCodesPanel() {
  const { account, own, state } = useSecurityTarget();
  const showStatus = useStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : 'Required') },
  });
  const make = useNewRecoveryCodes({
    onSuccess: (res) => {
      form.reset();
      setCodes(res.data.recovery_codes);
      showStatus({ title: 'New recovery codes', body: res.message, alert: 'info' });
    },
    onError: (err) => showFailure(err, form, showStatus),
  });
  const data = state.data;
  return (
    <Panel title="Recovery codes">
      {!data?.totp ? (
        <Text size="sm">
          Recovery codes come with the authenticator app: they sign you in when the phone is lost.
        </Text>
      ) : (
        <>
          <Text size="sm">
            {data.recovery_codes_left} of {RECOVERY_CODE_COUNT} codes unused. Each signs in once instead of
            the app.
          </Text>
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
                  label="Panel password"
                  description="New codes replace the old ones, which stop working."
                  autoComplete="current-password"
                  withAsterisk
                  {...form.getInputProps('password')}
                />
                <Group>
                  <Button type="submit" variant="default" loading={make.isPending}>
                    Make new recovery codes
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

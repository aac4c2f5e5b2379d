import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/security/second-factor';
import { RECOVERY_CODE_COUNT } from '@portal/contract/security/second-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../app/api.ts';
import { useStatus } from '../../app/status.ts';
import { secondFactorQuery, useSecurityTarget } from './api.ts';
import { showFailure } from './errors.ts';
import { Panel } from './panel.tsx';
import { RecoveryCodesShown } from './recovery-codes-shown.tsx';

/** Recovery codes: how many are left, and new ones (with the password) that void the old ones. */
export function RecoveryCodesPanel() {
  const { account, own, state } = useSecurityTarget();
  const showStatus = useStatus();
  const client = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : 'Required') },
  });
  const make = useMutation({
    mutationFn: (password: string) => call(C.recoveryCodes, { body: { logname: account, password } }),
    onSuccess: (res) => {
      form.reset();
      setCodes(res.data.recovery_codes);
      showStatus({ title: 'New recovery codes', body: res.message, alert: 'info' });
      void client.invalidateQueries({ queryKey: secondFactorQuery(account).queryKey });
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
                if (!make.isPending) make.mutate(v.password);
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

import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { changeUnixPassword } from '@portal/contract/account/calls';
import { accountText } from '@portal/contract/account/messages';
import type { Secondary } from '@portal/contract/admin/calls';
import { adminScreenText, adminText, type SecPasswordStatus } from '@portal/contract/admin/messages';
import { MIN_PASSWORD } from '@portal/contract/rules';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError, call, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { secondariesQuery } from './api.ts';
import { t } from '../../app/language.ts';

interface RowState {
  status: SecPasswordStatus;
  note: string;
}

const COLOR: Record<SecPasswordStatus, string> = {
  waiting: 'gray',
  unchanged: 'blue',
  error: 'red',
  pending: 'green',
  already: 'orange',
};

/** The answers after which no further row is tried: the panel password itself was refused. */
const stopsAll = (err: unknown) =>
  err instanceof ApiError && (err.code === 'rate_limited' || err.code === 'wrong_password');

/**
 * Set Passwords for Secondaries: the signed-in user's panel password
 * (Show/Hide), a new password per secondary, and each row's colour-coded status.
 */
export default function SecPasswordsPage() {
  const { currentUser, operator } = useSession();
  const showStatus = useStatus();
  const text = t(adminText);
  const screen = t(adminScreenText);
  const list = useQuery({
    ...secondariesQuery(currentUser),
    meta: {
      failure: (err) => ({
        title: alertOf(err) === 'warning' ? t(commonText).permissionDenied : t(commonText).networkFailed,
        body: failureText(err),
        alert: alertOf(err),
      }),
    },
  });
  const [panelPassword, setPanelPassword] = useState('');
  const [panelError, setPanelError] = useState('');
  const [show, setShow] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [running, setRunning] = useState(false);

  const setRow = (logname: string, state: RowState) => setRows((r) => ({ ...r, [logname]: state }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const secondaries: Secondary[] = list.data ?? [];
    if (!panelPassword) {
      setPanelError(text.panelPasswordRequired);
      return;
    }
    setPanelError('');
    setRunning(true);
    // Client checks first: blank rows are skipped, short ones never leave the browser.
    const toSend: Secondary[] = [];
    for (const s of secondaries) {
      const value = values[s.logname] ?? '';
      if (value === '') setRow(s.logname, { status: 'unchanged', note: '' });
      else if (value.length < MIN_PASSWORD)
        setRow(s.logname, { status: 'error', note: text.secPasswordTooShort(s.logname) });
      else {
        setRow(s.logname, { status: 'waiting', note: '' });
        toSend.push(s);
      }
    }
    let changed = 0;
    for (const [i, s] of toSend.entries()) {
      const value = values[s.logname] ?? '';
      try {
        const res = await call(changeUnixPassword, {
          body: {
            logname: s.logname,
            panel_logname: currentUser,
            panel_password: panelPassword,
            new: value,
            confirm: value,
            id: s.uid,
          },
        });
        changed++;
        setRow(s.logname, { status: 'pending', note: res.message });
        setValues((v) => ({ ...v, [s.logname]: '' }));
      } catch (err) {
        const message = failureText(err);
        // A change still queued for that secondary is its own state; any other failure an error.
        const status = err instanceof ApiError && err.code === 'already_pending' ? 'already' : 'error';
        setRow(s.logname, { status, note: message });
        if (stopsAll(err)) {
          // A wrong panel password fails every row alike; trying the others would only count more failures.
          for (const rest of toSend.slice(i + 1)) setRow(rest.logname, { status: 'error', note: message });
          break;
        }
      }
    }
    setRunning(false);
    if (changed > 0)
      showStatus({ title: t(accountText).thankYou, body: t(accountText).propagate, type: 'review' });
  };

  const secondaries = list.data ?? [];
  return (
    <Page title={text.secPasswordsTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={screen.panelPasswordOf(operator)}
            description={screen.panelPasswordHelp}
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={panelPassword}
            onChange={(e) => setPanelPassword(e.currentTarget.value)}
            error={panelError || undefined}
            maw={420}
            rightSectionWidth={64}
            rightSection={
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => setShow((v) => !v)}
                aria-pressed={show}
              >
                {show ? screen.hide : screen.show}
              </Button>
            }
          />
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{screen.colLogname}</Table.Th>
                  <Table.Th>{screen.colName}</Table.Th>
                  <Table.Th>{screen.colNewPassword}</Table.Th>
                  <Table.Th>{screen.colStatus}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {secondaries.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="sm">
                        {list.isLoading
                          ? screen.loading
                          : list.isError
                            ? failureText(list.error)
                            : text.noSecondaries}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {secondaries.map((s) => {
                  const row = rows[s.logname] ?? { status: 'waiting', note: '' };
                  return (
                    <Table.Tr key={s.logname} data-testid={`row-${s.logname}`} data-status={row.status}>
                      <Table.Td>{s.logname}</Table.Td>
                      <Table.Td>{`${s.first_name} ${s.last_name}`.trim()}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={screen.newPasswordFor(s.logname)}
                          type="password"
                          autoComplete="new-password"
                          size="xs"
                          value={values[s.logname] ?? ''}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setValues((v) => ({ ...v, [s.logname]: value }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          color={COLOR[row.status]}
                          variant="light"
                          styles={{ label: { color: 'var(--mantine-color-text)' } }}
                        >
                          {screen.status(row.status)}
                        </Badge>
                        {row.note && (
                          <Text size="xs" mt={2} data-testid={`note-${s.logname}`}>
                            {row.note}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group>
            <Button type="submit" loading={running} disabled={secondaries.length === 0}>
              {screen.changePasswords}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

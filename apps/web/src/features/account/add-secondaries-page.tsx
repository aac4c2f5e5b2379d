import { Alert, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { LOGNAME_MAX } from '@portal/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useAccountRole } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { pendingSecondaryRequestsQuery, useMarkSecondaryRequestDone, useRequestSecondaries } from './api.ts';
import { failureBody } from './failure-body.tsx';

interface Row {
  logname: string;
  first_name: string;
  last_name: string;
  alias: string;
  type: 'Email' | 'Full';
}
const emptyRows = (): Row[] =>
  Array.from({ length: C.SECONDARY_ROWS }, () => ({
    logname: '',
    first_name: '',
    last_name: '',
    alias: '',
    type: 'Email',
  }));

function toBody(account: string, email: string, rows: Row[]): C.SecondaryRequestBody {
  return {
    account,
    email,
    lognames: rows.map((r) => r.logname),
    first_names: rows.map((r) => r.first_name),
    last_names: rows.map((r) => r.last_name),
    aliases: rows.map((r) => r.alias),
    types: rows.map((r) => r.type),
  };
}

/** The contract's errors ('lognames.3', 'email') placed on the form's fields ('rows.3.logname', 'email'). */
function validate(account: string) {
  return (values: { email: string; rows: Row[] }): Record<string, string> => {
    const result = C.SecondaryRequestBody.safeParse(toBody(account, values.email, values.rows));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const [field, index] = issue.path;
      const key = field === 'lognames' && typeof index === 'number' ? `rows.${index}.logname` : String(field);
      errors[key] ??= issue.message;
    }
    return errors;
  };
}

/** Add Secondary Accounts (/add-secondaries): 9 rows, names checked by the server, then requested (pending). */
export default function AddSecondariesPage() {
  const { currentUser, replyTo, staff } = useSession();
  const role = useAccountRole();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
  const form = useForm({
    initialValues: { email: replyTo, rows: emptyRows() },
    validate: validate(currentUser),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for another account
  useEffect(() => form.setValues({ email: replyTo, rows: emptyRows() }), [currentUser]);

  const submit = useRequestSecondaries({
    onSuccess: ({ unavailable }) => {
      if (unavailable.length) {
        showStatus({
          title: t(accountText).namesUnavailable,
          body: (
            <>
              {t(accountText).chooseDifferent}
              <ul>
                {unavailable.map((n) => (
                  <li key={n.logname}>{`${n.logname}${n.status ? ` (${n.status})` : ''}`}</li>
                ))}
              </ul>
            </>
          ),
          alert: 'warning',
        });
        return;
      }
      form.setValues({ rows: emptyRows() });
      showStatus({
        title: t(accountText).newAccountsPending,
        body: t(accountText).newAccountsBody,
        type: 'thankyou',
        alert: 'info',
      });
    },
    onError: (err) => showFailure(err, { title: t(accountText).problems, body: failureBody(err) }),
  });

  if (role.data?.account_role === 'Secondary') {
    return (
      <Page title={s.secondariesTitle}>
        <Alert color="yellow" title={t(commonText).permissionDenied}>
          {t(commonText).secondaryNoInfo}
        </Alert>
      </Page>
    );
  }

  return (
    <Page title={s.secondariesTitleFor(currentUser)} width={1000}>
      <Text size="sm">{s.secondariesHelp(LOGNAME_MAX)}</Text>
      <form
        onSubmit={form.onSubmit((v) => {
          if (!submit.isPending) submit.mutate(toBody(currentUser, v.email, v.rows));
        })}
        noValidate
      >
        <Stack>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing={4} aria-label={s.newAccounts}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32}>#</Table.Th>
                  <Table.Th>{s.accountName}</Table.Th>
                  <Table.Th>{s.firstName}</Table.Th>
                  <Table.Th>{s.lastName}</Table.Th>
                  <Table.Th>{s.alias}</Table.Th>
                  <Table.Th w={110}>{s.type}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {form.values.rows.map((_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the nine rows are fixed positions
                  <Table.Tr key={i}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={s.accountNameN(i + 1)}
                        maxLength={LOGNAME_MAX}
                        autoCapitalize="none"
                        {...form.getInputProps(`rows.${i}.logname`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={s.firstNameN(i + 1)}
                        maxLength={60}
                        {...form.getInputProps(`rows.${i}.first_name`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={s.lastNameN(i + 1)}
                        maxLength={60}
                        {...form.getInputProps(`rows.${i}.last_name`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={s.aliasN(i + 1)}
                        maxLength={60}
                        {...form.getInputProps(`rows.${i}.alias`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NativeSelect
                        aria-label={s.typeN(i + 1)}
                        data={[
                          { value: 'Email', label: s.typeEmail },
                          { value: 'Full', label: s.typeFull },
                        ]}
                        {...form.getInputProps(`rows.${i}.type`)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {form.errors.lognames && (
            <Text c="red" size="sm" role="alert">
              {form.errors.lognames}
            </Text>
          )}
          <Group align="flex-start" grow maw={640}>
            <TextInput label={s.requestingAccount} value={currentUser} readOnly />
            <TextInput
              label={s.emailWhenReady}
              type="email"
              withAsterisk
              autoComplete="email"
              {...form.getInputProps('email')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={submit.isPending}>
              {s.requestAccounts}
            </Button>
          </Group>
        </Stack>
      </form>
      {staff && <PendingRequests />}
    </Page>
  );
}

/** Staff: secondary-account requests waiting to be set up, each marked done once the accounts exist. */
function PendingRequests() {
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const language = useLanguage();
  const s = t(accountScreenText);
  const q = useQuery(pendingSecondaryRequestsQuery());
  const done = useMarkSecondaryRequestDone({
    onSuccess: (res) => {
      showStatus({
        title: t(accountText).success,
        body: t(accountScreenText).requestMarkedDone(res.data.id, res.data.email),
        type: 'review',
        alert: 'info',
      });
    },
    onError: (err) => showFailure(err, { title: t(accountText).problems, body: failureBody(err) }),
  });
  return (
    <Stack mt="xl" gap="sm">
      <Title order={3}>{s.pendingRequestsStaff}</Title>
      {q.isError && <Text c="red">{failureText(q.error)}</Text>}
      {q.data?.length === 0 && <Text>{s.noPendingRequests}</Text>}
      {!!q.data?.length && (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder aria-label={s.pendingRequests}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{s.accountLabel}</Table.Th>
                <Table.Th>{s.newAccounts}</Table.Th>
                <Table.Th>{s.notify}</Table.Th>
                <Table.Th>{s.requested}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td>{r.account}</Table.Td>
                  <Table.Td>{r.rows.map((x) => `${x.logname} (${x.type})`).join(', ')}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{new Date(r.created).toLocaleString(language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      loading={done.isPending && done.variables?.id === r.id}
                      onClick={() => done.mutate({ id: r.id })}
                    >
                      {s.markDone}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

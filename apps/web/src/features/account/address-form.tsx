import { Alert, Button, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { adminText } from '@portal/contract/admin/messages';
import { type AddressKindLabel, accountScreenText, accountText } from '@portal/contract/account/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useAccountRole, useInfoAccount } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { accountAddressQuery, useUpdateAddress } from './api.ts';

type Kind = 'account' | 'bill';
const EMPTY: C.Address = {
  first_name: '',
  last_name: '',
  company: '',
  address: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'US',
  phone: '',
};
/** The fields' labels in the page's language (read at render time). */
const labels = (): Record<keyof C.Address, string> => {
  const s = t(accountScreenText);
  return {
    first_name: s.firstName,
    last_name: s.lastName,
    company: s.company,
    address: s.address,
    city: s.city,
    state: s.state,
    zipcode: s.zipCode,
    country: s.country,
    phone: s.phone,
  };
};

/**
 * Change Account Address / Change Billing Address: the stored address is
 * loaded for the current user (reloaded when staff switch accounts); duplicate submits are
 * blocked while the change is pending. The account address of a dashboard admin is its
 * primary's, shown read only (update-account-address is the owner's; docs/areas/admin.md).
 */
export function AddressPage({ kind }: { kind: Kind }) {
  const { currentUser } = useSession();
  useLanguage();
  const label: AddressKindLabel = kind === 'bill' ? 'Billing' : 'Account';
  const s = t(accountScreenText);
  const LABELS = labels();
  const role = useAccountRole();
  const info = useInfoAccount();
  // Billing stays with the current user: a Secondary never sees it.
  const account = kind === 'account' ? info.account : currentUser;
  const readOnly = kind === 'account' && info.readOnly;
  const secondary = kind === 'bill' && role.data?.account_role === 'Secondary';
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const query = accountAddressQuery(kind, account);
  const q = useQuery({
    ...query,
    enabled: !!account && (kind === 'account' ? info.ready : !!role.data && !secondary),
  });
  const required =
    kind === 'bill'
      ? ['first_name', 'last_name', 'address', 'city', 'state', 'zipcode']
      : ['address', 'city', 'state', 'zipcode'];

  const form = useForm({
    initialValues: { account, ...EMPTY },
    validate: zodValidate(kind === 'bill' ? C.BillingAddressBody : C.AccountAddressBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when new data arrives
  useEffect(() => {
    if (!q.data) return;
    form.setValues({ account: q.data.logname, ...q.data.address });
    form.resetDirty();
    form.clearErrors();
  }, [q.data]);

  const update = useUpdateAddress(kind, account, {
    onSuccess: () => {
      showStatus({ title: t(accountText).success, body: t(accountText).updated, alert: 'info' });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'refused') {
        showFailure(err, {
          title: t(accountText).addressProblem(label),
          body: err.message || t(accountText).unknownErrorNoc,
        });
        return;
      }
      showFailure(err, {
        title: t(accountText).updateFailed,
        body: (
          <>
            {t(accountText).unableToUpdate}
            <br />
            {failureText(err)}
          </>
        ),
      });
    },
  });

  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(values);
  });

  const field = (name: keyof C.Address, extra: { autoComplete?: string; maxLength?: number } = {}) => (
    <TextInput
      label={LABELS[name]}
      withAsterisk={required.includes(name)}
      {...extra}
      {...form.getInputProps(name)}
    />
  );

  return (
    <Page
      title={readOnly ? s.addressTitle(label, account) : s.changeAddressTitle(label, account)}
      width={760}
    >
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      {secondary && (
        <Alert color="yellow" title={t(commonText).permissionDenied}>
          {t(commonText).secondaryNoBilling}
        </Alert>
      )}
      {q.isError && (
        <Alert color="red" title={t(accountText).failedToGetAddress(label)}>
          {failureText(q.error)}
        </Alert>
      )}
      {q.isLoading && <Loader size="sm" aria-label={s.loading} />}
      {q.data && readOnly && (
        <Table striped withTableBorder maw={640}>
          <Table.Tbody>
            {(Object.keys(LABELS) as Array<keyof C.Address>).map((name) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" w={200}>
                  {LABELS[name]}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{q.data.address[name] ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {q.data && !readOnly && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{kind === 'bill' ? s.billingAddressHelp : s.accountAddressHelp}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('first_name', { autoComplete: 'given-name', maxLength: 60 })}
              {field('last_name', { autoComplete: 'family-name', maxLength: 60 })}
            </SimpleGrid>
            {field('company', { autoComplete: 'organization', maxLength: 100 })}
            {field('address', { autoComplete: 'street-address', maxLength: 200 })}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {field('city', { autoComplete: 'address-level2', maxLength: 80 })}
              {field('state', { autoComplete: 'address-level1', maxLength: 40 })}
              {field('zipcode', { autoComplete: 'postal-code', maxLength: 20 })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('country', { autoComplete: 'country', maxLength: 56 })}
              {field('phone', { autoComplete: 'tel', maxLength: 40 })}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={update.isPending}>
                {s.updateAddress(label)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

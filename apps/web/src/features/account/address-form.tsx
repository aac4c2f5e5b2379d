import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { A } from '@portal/contract/account/messages';
import { M } from '@portal/contract/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, call, errorText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useAccountRole } from '../../app/shared-queries.ts';
import { escapeHtml, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { accountAddressQuery } from './api.ts';

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

/**
 * Change Account Address / Change Billing Address (spec 000 §2, §5, §8): the stored address is
 * loaded for the current user (reloaded when staff switch accounts); duplicate submits are
 * blocked while the change is pending.
 */
export function AddressPage({ kind }: { kind: Kind }) {
  const { currentUser } = useSession();
  const label = kind === 'bill' ? 'Billing' : 'Account';
  const role = useAccountRole();
  const secondary = kind === 'bill' && role.data?.account_role === 'Secondary';
  const showStatus = useStatus();
  const queryClient = useQueryClient();
  const query = accountAddressQuery(kind, currentUser);
  const q = useQuery({
    ...query,
    enabled: !!currentUser && (kind === 'account' || (!!role.data && !secondary)),
  });
  const required =
    kind === 'bill'
      ? ['first_name', 'last_name', 'address', 'city', 'state', 'zipcode']
      : ['address', 'city', 'state', 'zipcode'];

  const form = useForm({
    initialValues: { account: currentUser, ...EMPTY },
    validate: zodValidate(kind === 'bill' ? C.BillingAddressBody : C.AccountAddressBody),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when new data arrives
  useEffect(() => {
    if (!q.data) return;
    form.setValues({ account: q.data.logname, ...q.data.address });
    form.resetDirty();
    form.clearErrors();
  }, [q.data]);

  const update = useMutation({
    mutationFn: (values: typeof form.values) =>
      call(kind === 'bill' ? C.updateBillAddress : C.updateAccountAddress, { body: values }),
    onSuccess: (res) => {
      queryClient.setQueryData(query.queryKey, { logname: res.data.logname, address: res.data.new_address });
      showStatus({ title: A.success, body: A.updated, alert: 'info' });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.kind === 'refused') {
        showStatus({
          title: A.addressProblem(label),
          body: escapeHtml(err.message || A.unknownErrorNoc),
          alert: 'warning',
        });
      } else {
        showStatus({
          title: A.updateFailed,
          body: `${A.unableToUpdate}<br/>${escapeHtml(errorText(err))}`,
          alert: 'serious',
        });
      }
    },
  });

  const submit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(values);
  });

  const field = (
    name: keyof C.Address,
    title: string,
    extra: { autoComplete?: string; maxLength?: number } = {},
  ) => (
    <TextInput
      label={title}
      withAsterisk={required.includes(name)}
      {...extra}
      {...form.getInputProps(name)}
    />
  );

  return (
    <Page title={`Change ${label} Address for ${currentUser}`} width={760}>
      {secondary && (
        <Alert color="yellow" title={M.permissionDenied}>
          {M.secondaryNoBilling}
        </Alert>
      )}
      {q.isError && (
        <Alert color="red" title={A.failedToGetAddress(label)}>
          {errorText(q.error)}
        </Alert>
      )}
      {q.isLoading && <Loader size="sm" aria-label="Loading" />}
      {q.data && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              {kind === 'bill'
                ? 'Where we send paper statements and what your card payments are checked against.'
                : 'The service address of the account. Accounting is told of every change.'}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('first_name', 'First Name', { autoComplete: 'given-name', maxLength: 60 })}
              {field('last_name', 'Last Name', { autoComplete: 'family-name', maxLength: 60 })}
            </SimpleGrid>
            {field('company', 'Company', { autoComplete: 'organization', maxLength: 100 })}
            {field('address', 'Address', { autoComplete: 'street-address', maxLength: 200 })}
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {field('city', 'City', { autoComplete: 'address-level2', maxLength: 80 })}
              {field('state', 'State', { autoComplete: 'address-level1', maxLength: 40 })}
              {field('zipcode', 'Zip Code', { autoComplete: 'postal-code', maxLength: 20 })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {field('country', 'Country', { autoComplete: 'country', maxLength: 56 })}
              {field('phone', 'Phone', { autoComplete: 'tel', maxLength: 40 })}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={update.isPending}>
                Update {label} Address
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Page>
  );
}

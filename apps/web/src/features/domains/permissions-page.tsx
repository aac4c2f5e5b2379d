import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { domainText } from '@portal/contract/domains/messages';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { domainAdminsQuery } from './api.ts';
import { useAddAdmin, useDeleteAdmin } from './mutations.ts';

/** Permissions for one domain: its admins, add one, remove one. */
export default function PermissionsPage() {
  const { domain = '' } = useParams();
  const { currentUser, staff } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const admins = useQuery(domainAdminsQuery(domain));
  const form = useForm({
    // An admin is lasting access: the customer confirms with their password (staff are not asked).
    initialValues: { newadmin: '', all: '0', password: '' },
    validate: {
      newadmin: (v) => (v.trim() ? null : commonText.required),
      password: (v) => (staff || v ? null : commonText.grantPasswordRequired),
    },
  });
  const add = useAddAdmin({
    onSuccess: (res) => {
      form.reset();
      showStatus({
        title: res.message,
        body: res.data.domains.join(', '),
        type: 'review',
        alert: 'info',
      });
    },
    onError: (err) =>
      showStatus({
        title: domainText.additionFailed,
        body: failureText(err),
        alert: alertOf(err),
      }),
  });

  const remove = useDeleteAdmin({
    onSuccess: (res) => {
      showStatus({ title: domainText.deleted, body: res.message, type: 'review', alert: 'info' });
    },
    onError: (err) =>
      showStatus({ title: domainText.deleteFailed, body: failureText(err), alert: alertOf(err) }),
  });

  return (
    <Page title={`Permissions for ${domain}`} width={720}>
      <Text size="sm">
        These accounts may manage {domain} and its email aliases, besides its owner. Only the owner may add or
        remove them.
      </Text>
      {admins.isError && (
        <Alert color="red" title={commonText.permissionDenied}>
          {failureText(admins.error)}
        </Alert>
      )}
      {admins.data && (
        <Table withTableBorder striped maw={520} aria-label="Admin accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Scope</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="xs">
                    {domainText.noAdmins}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              admins.data.map((a) => (
                <Table.Tr key={a.logname}>
                  <Table.Td>{a.logname}</Table.Td>
                  <Table.Td>{a.scope === 'all' ? 'All domains' : 'This domain'}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      aria-label={`Delete ${a.logname}`}
                      loading={remove.isPending && remove.variables?.logname === a.logname}
                      onClick={() => remove.mutate({ domain, logname: a.logname })}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
      <Card withBorder p="md" maw={520} component="section" aria-labelledby="add-admin">
        <form
          onSubmit={form.onSubmit((v) =>
            add.mutate({
              domain,
              newadmin: v.newadmin.trim(),
              logname: currentUser,
              all: v.all === '1' ? 1 : 0,
              ...(staff ? {} : { password: v.password }),
            }),
          )}
          noValidate
        >
          <Stack gap="sm">
            <Title order={3} fz="lg" id="add-admin">
              Add an Admin
            </Title>
            <Text size="sm" c="dimmed">
              Give another account the right to manage this domain, or all your domains, including their email
              aliases. The account logs in with its own name and password.
            </Text>
            <TextInput label="Account name" withAsterisk {...form.getInputProps('newadmin')} />
            <Radio.Group label="Scope" {...form.getInputProps('all')}>
              <Group mt={4}>
                <Radio value="0" label="This Domain Only" />
                <Radio value="1" label="All My Domains" />
              </Group>
            </Radio.Group>
            {!staff && (
              <PasswordInput
                label="Your current password"
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
            )}
            <Group>
              <Button type="submit" loading={add.isPending}>
                Add Admin
              </Button>
              <Button variant="default" onClick={() => navigate(routePath('domain-permissions'))}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}

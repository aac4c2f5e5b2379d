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
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { domainAdminsQuery } from './api.ts';
import { useAddAdmin, useDeleteAdmin } from './mutations.ts';

/** Permissions for one domain: its admins, add one, remove one. */
export default function PermissionsPage() {
  const { domain = '' } = useParams();
  const { currentUser, staff } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const admins = useQuery(domainAdminsQuery(domain));
  const form = useForm({
    // An admin is lasting access: the customer confirms with their password (staff are not asked).
    initialValues: { newadmin: '', all: '0', password: '' },
    validate: {
      newadmin: (v) => (v.trim() ? null : t(commonText).required),
      password: (v) => (staff || v ? null : t(commonText).grantPasswordRequired),
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
    onError: (err) => showFailure(err, { title: t(domainText).additionFailed }),
  });

  const remove = useDeleteAdmin({
    onSuccess: (res) => {
      showStatus({ title: t(domainText).deleted, body: res.message, type: 'review', alert: 'info' });
    },
    onError: (err) => showFailure(err, { title: t(domainText).deleteFailed }),
  });

  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <Page title={text.permissionsTitle(domain)} width={720}>
      <Text size="sm">{text.permissionsIntro(domain)}</Text>
      {admins.isError && (
        <Alert color="red" title={t(commonText).permissionDenied}>
          {failureText(admins.error)}
        </Alert>
      )}
      {admins.data && (
        <Table withTableBorder striped maw={520} aria-label={text.adminAccounts}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.columnAccount}</Table.Th>
              <Table.Th>{text.scope}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" ta="center" py="xs">
                    {text.noAdmins}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              admins.data.map((a) => (
                <Table.Tr key={a.logname}>
                  <Table.Td>{a.logname}</Table.Td>
                  <Table.Td>{a.scope === 'all' ? text.scopeAll : text.scopeThis}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      color="red"
                      variant="light"
                      aria-label={text.deleteAdmin(a.logname)}
                      loading={remove.isPending && remove.variables?.logname === a.logname}
                      onClick={() => remove.mutate({ domain, logname: a.logname })}
                    >
                      {text.delete}
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
              {text.addAdminTitle}
            </Title>
            <Text size="sm" c="dimmed">
              {text.addAdminIntro}
            </Text>
            <TextInput label={text.accountName} withAsterisk {...form.getInputProps('newadmin')} />
            <Radio.Group label={text.scope} {...form.getInputProps('all')}>
              <Group mt={4}>
                <Radio value="0" label={text.thisDomainOnly} />
                <Radio value="1" label={text.allMyDomains} />
              </Group>
            </Radio.Group>
            {!staff && (
              <PasswordInput
                label={text.currentPassword}
                autoComplete="current-password"
                withAsterisk
                {...form.getInputProps('password')}
              />
            )}
            <Group>
              <Button type="submit" loading={add.isPending}>
                {text.addAdmin}
              </Button>
              <Button variant="default" onClick={() => navigate(routePath('domain-permissions'))}>
                {text.cancel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Page>
  );
}

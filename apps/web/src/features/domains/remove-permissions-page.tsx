import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { domainText } from '@portal/contract/domains/messages';
import { commonText } from '@portal/contract/messages';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { useDeleteAdminFromAll } from './mutations.ts';

/** Remove an Admin from all domains. */
export default function RemovePermissionsPage() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const form = useForm({
    initialValues: { admin: '' },
    validate: { admin: (v) => (v.trim() ? null : commonText.required) },
  });
  const remove = useDeleteAdminFromAll({
    onSuccess: (res) => {
      form.reset();
      showStatus({
        title: domainText.deleted,
        body: `${res.message}: ${res.data.domains.join(', ')}`,
        type: 'review',
        alert: 'info',
      });
    },
    onError: (err) =>
      showStatus({
        title: domainText.deletionFailed,
        body: failureText(err),
        alert: alertOf(err),
      }),
  });

  return (
    <Page title="Remove an Admin from all domains" width={560}>
      <Alert color="yellow" title="Warning">
        The account loses its admin rights on every one of your domains, and with them the right to change
        their email aliases. It keeps its own account and domains.
      </Alert>
      <form
        onSubmit={form.onSubmit((v) =>
          remove.mutate({ admin_to_delete: v.admin.trim(), current_user: currentUser }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Account name" withAsterisk {...form.getInputProps('admin')} />
          <Group>
            <Button type="submit" color="red" loading={remove.isPending}>
              Delete
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

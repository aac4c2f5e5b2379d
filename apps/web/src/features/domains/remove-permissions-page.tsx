import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { commonText } from '@portal/contract/messages';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { useDeleteAdminFromAll } from './mutations.ts';

/** Remove an Admin from all domains. */
export default function RemovePermissionsPage() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const form = useForm({
    initialValues: { admin: '' },
    validate: { admin: (v) => (v.trim() ? null : t(commonText).required) },
  });
  const remove = useDeleteAdminFromAll({
    onSuccess: (res) => {
      form.reset();
      showStatus({
        title: t(domainText).deleted,
        body: `${res.message}: ${res.data.domains.join(', ')}`,
        type: 'review',
        alert: 'info',
      });
    },
    onError: (err) => showFailure(err, { title: t(domainText).deletionFailed }),
  });

  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <Page title={text.removeTitle} width={560}>
      <Alert color="yellow" title={text.warning}>
        {text.removeWarning}
      </Alert>
      <form
        onSubmit={form.onSubmit((v) =>
          remove.mutate({ admin_to_delete: v.admin.trim(), current_user: currentUser }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label={text.accountName} withAsterisk {...form.getInputProps('admin')} />
          <Group>
            <Button type="submit" color="red" loading={remove.isPending}>
              {text.delete}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

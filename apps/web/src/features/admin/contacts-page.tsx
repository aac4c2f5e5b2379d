import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type * as C from '@portal/contract/admin/calls';
import { adminText, flagText } from '@portal/contract/admin/messages';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { contactsQuery, useDeleteContact } from './api.ts';

const preLine = { whiteSpace: 'pre-line' as const, overflowWrap: 'anywhere' as const };

const columns: ColumnDef<C.Contact, unknown>[] = [
  { accessorKey: 'contact', header: 'Contact' },
  {
    accessorKey: 'contact_info',
    header: adminText.contactsInfoHeader,
    enableSorting: false,
    cell: ({ row }) => <span style={preLine}>{row.original.contact_info}</span>,
  },
];

/** Account Contacts: the list, a detail panel for the selected row, add, edit and delete. */
export default function ContactsPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const showStatus = useStatus();
  const list = useQuery({
    ...contactsQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title: commonText.permissionDenied,
        body: failureText(err),
        alert: 'warning',
      }),
    },
  });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);

  // Another account: nothing is selected any more.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the account changes
  useEffect(() => setSelectedId(null), [account]);

  const selected = list.data?.find((c) => c.tcid === selectedId) ?? null;

  const remove = useDeleteContact({
    onSuccess: (res) => {
      setSelectedId(null);
      showStatus({
        title: adminText.success,
        body: adminText.deleted(res.data.contact),
        type: 'review',
      });
    },
    onError: (err) =>
      showStatus({ title: adminText.deletionFailed, body: failureText(err), alert: 'serious' }),
  });

  return (
    <Page title={`${adminText.contactsTitle} of ${account}`}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {adminText.readOnlyNote(account)}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button component={Link} to={routePath('add-tc-contact')}>
            Add New Contact
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        initialSort={[{ id: 'contact', desc: false }]}
        emptyText={adminText.noContacts}
        loading={!ready || list.isPending}
        onRowClick={(c) => setSelectedId(c.tcid)}
        caption={adminText.contactsTitle}
      />
      {selected && (
        <Card
          withBorder
          p="md"
          component="section"
          aria-labelledby="contact-detail"
          data-testid="contact-detail"
        >
          <Stack gap="xs">
            <Title order={3} id="contact-detail" fz="lg">
              {selected.contact}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Text size="sm">
                Has restrictions? <b>{flagText(selected.restricted)}</b>
              </Text>
              <Text size="sm">
                Technical Contact? <b>{flagText(selected.technical)}</b>
              </Text>
              <Text size="sm">
                Billing Contact? <b>{flagText(selected.billing)}</b>
              </Text>
            </SimpleGrid>
            <div>
              <Text size="sm" fw={700}>
                Contact Info
              </Text>
              <Text size="sm" style={preLine} data-testid="contact-info">
                {selected.contact_info}
              </Text>
            </div>
            <div>
              <Text size="sm" fw={700}>
                Restrictions
              </Text>
              <Text size="sm" style={preLine} data-testid="contact-restriction">
                {selected.restriction}
              </Text>
            </div>
            {!readOnly && (
              <Group mt="xs">
                <Button
                  component={Link}
                  to={routePath('edit-tc-contact', { tcid: selected.tcid })}
                  variant="light"
                >
                  Edit Contact
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setConfirming(true)}
                  loading={remove.isPending}
                >
                  Delete Contact
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={<Text fw={700}>Delete Contact</Text>}
      >
        <Text>{selected ? adminText.deleteConfirm(selected.contact) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              if (selected) remove.mutate({ id: selected.tcid, account });
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

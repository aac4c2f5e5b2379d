import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type * as C from '@portal/contract/admin/calls';
import { adminScreenText, adminText, flagText } from '@portal/contract/admin/messages';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { contactsQuery, useDeleteContact } from './api.ts';
import { shellText } from '@portal/contract/shell/messages';

const preLine = { whiteSpace: 'pre-line' as const, overflowWrap: 'anywhere' as const };

/** The list's columns, headed in the page's language. */
const columnsIn = (
  text: typeof adminText,
  screen: typeof adminScreenText,
): ColumnDef<C.Contact, unknown>[] => [
  { accessorKey: 'contact', header: screen.colContact },
  {
    accessorKey: 'contact_info',
    header: text.contactsInfoHeader,
    enableSorting: false,
    cell: ({ row }) => <span style={preLine}>{row.original.contact_info}</span>,
  },
];

/** Account Contacts: the list, a detail panel for the selected row, add, edit and delete. */
export default function ContactsPage() {
  const { account, readOnly, ready } = useInfoAccount();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const text = t(adminText);
  const screen = t(adminScreenText);
  const columns = useMemo(() => columnsIn(text, screen), [text, screen]);
  const list = useQuery({
    ...contactsQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title: t(commonText).permissionDenied,
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
        title: text.success,
        body: text.deleted(res.data.contact),
        type: 'review',
      });
    },
    onError: (err) => showFailure(err, { title: text.deletionFailed, alert: 'serious' }),
  });

  return (
    <Page title={screen.ofAccount(text.contactsTitle, account)}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {text.readOnlyNote(account)}
        </Text>
      )}
      {!readOnly && (
        <Group>
          <Button component={Link} to={routePath('add-tc-contact')}>
            {screen.addNewContact}
          </Button>
        </Group>
      )}
      <DataTable
        columns={columns}
        data={list.isError ? [] : (list.data ?? [])}
        initialSort={[{ id: 'contact', desc: false }]}
        emptyText={text.noContacts}
        loading={!ready || list.isPending}
        onRowClick={(c) => setSelectedId(c.tcid)}
        caption={text.contactsTitle}
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
                {screen.hasRestrictions} <b>{screen.flag(flagText(selected.restricted))}</b>
              </Text>
              <Text size="sm">
                {screen.technicalContactQ} <b>{screen.flag(flagText(selected.technical))}</b>
              </Text>
              <Text size="sm">
                {screen.billingContactQ} <b>{screen.flag(flagText(selected.billing))}</b>
              </Text>
            </SimpleGrid>
            <div>
              <Text size="sm" fw={700}>
                {screen.contactInfo}
              </Text>
              <Text size="sm" style={preLine} data-testid="contact-info">
                {selected.contact_info}
              </Text>
            </div>
            <div>
              <Text size="sm" fw={700}>
                {screen.restrictions}
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
                  {screen.editContact}
                </Button>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setConfirming(true)}
                  loading={remove.isPending}
                >
                  {screen.deleteContact}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        closeButtonProps={{ 'aria-label': t(shellText).close }}
        title={<Text fw={700}>{screen.deleteContact}</Text>}
      >
        <Text>{selected ? text.deleteConfirm(selected.contact) : ''}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {screen.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              if (selected) remove.mutate({ id: selected.tcid, account });
            }}
          >
            {screen.delete}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

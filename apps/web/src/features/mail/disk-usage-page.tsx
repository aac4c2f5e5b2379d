import { Table, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { mailText } from '@portal/contract/mail/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { ApiError, failureText } from '../../app/api.ts';
import { useInfoAccount } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';
import { diskUsageQuery } from './api.ts';
import { formatKb, percentUsed } from './format.ts';

/**
 * Disk Usage of the current account: quota and usage in KB, MB or GB, percent used. A dashboard
 * admin sees its primary's.
 */
export default function DiskUsagePage() {
  const { account, readOnly, ready } = useInfoAccount();
  const q = useQuery({
    ...diskUsageQuery(account),
    enabled: ready,
    meta: {
      failure: (err) => ({
        title:
          err instanceof ApiError && err.kind === 'refused'
            ? commonText.permissionDenied
            : mailText.diskUsageFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
    },
  });
  // A failure empties the table.
  const rows = q.isError ? [] : (q.data ?? []);
  return (
    <Page title="Disk Usage" width={760}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {adminText.readOnlyNote(account)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <caption className="visually-hidden">Disk usage of {account}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Logname</Table.Th>
              <Table.Th>UID</Table.Th>
              <Table.Th>Quota</Table.Th>
              <Table.Th>Disk Usage</Table.Th>
              <Table.Th>Percent Used</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.logname}>
                <Table.Td>{r.logname}</Table.Td>
                <Table.Td>{r.uid}</Table.Td>
                <Table.Td>{formatKb(r.curr_quota)}</Table.Td>
                <Table.Td>{formatKb(r.curr_usage)}</Table.Td>
                <Table.Td>{percentUsed(r.curr_usage, r.curr_quota)}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text ta="center" py="sm">
                    {!ready || q.isLoading ? 'Loading…' : 'No disk usage recorded'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Page>
  );
}

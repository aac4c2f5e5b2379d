import { Table, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { commonText } from '@portal/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { ApiError, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
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
            ? t(commonText).permissionDenied
            : t(mailText).diskUsageFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
    },
  });
  // A failure empties the table.
  const rows = q.isError ? [] : (q.data ?? []);
  const m = t(mailScreenText);
  return (
    <Page title={m.diskUsageTitle} width={760}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder>
          <caption className="visually-hidden">{m.diskUsageCaption(account)}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{m.colLogname}</Table.Th>
              <Table.Th>{m.colUid}</Table.Th>
              <Table.Th>{m.colQuota}</Table.Th>
              <Table.Th>{m.colDiskUsage}</Table.Th>
              <Table.Th>{m.colPercentUsed}</Table.Th>
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
                    {!ready || q.isLoading ? m.loading : m.noDiskUsage}
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

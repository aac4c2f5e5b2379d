import { Table, Text } from '@mantine/core';
import { infoAccountOf } from '@portal/contract/admin/dashboard-admin';
import { adminText } from '@portal/contract/admin/messages';
import type * as S from '@portal/contract/session/calls';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery, useAccountRole } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';

const LABELS: Array<[keyof S.CustomerSummary, string]> = [
  ['logname', 'Logname'],
  ['uid', 'UID'],
  ['bill_uid', 'Billing UID'],
  ['first_name', 'First Name'],
  ['last_name', 'Last Name'],
  ['role', 'Role'],
  ['company', 'Company'],
  ['addr1', 'Address'],
  ['addr2', 'Address (cont.)'],
  ['bill_email', 'Billing Email'],
  ['home_phone', 'Home Phone'],
  ['work_phone', 'Work Phone'],
  ['pricing_plan', 'Pricing Plan'],
  ['account_type', 'Account Type'],
  ['billing_code', 'Billing Code'],
  ['auto_bill', 'Auto Bill'],
  ['realm', 'Realm'],
];

/**
 * Account Summary: the customer summary of the current user. A Secondary its primary designated
 * dashboard admin sees the primary's, read only (docs/areas/admin.md).
 */
export default function AccountInfoPage() {
  const { currentUser } = useSession();
  const role = useAccountRole();
  const { account, readOnly } = infoAccountOf(currentUser, role.data);
  const q = useQuery({
    ...customerQuery(account),
    // Until the role is known it is not known whose summary to show.
    enabled: !role.isLoading,
  });
  return (
    <Page title={`Account Summary for ${account}`}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {adminText.readOnlyNote(account)}
        </Text>
      )}
      {q.isError && <Text c="red">{failureText(q.error)}</Text>}
      {q.data && (
        <Table striped withTableBorder maw={640}>
          <Table.Tbody>
            {LABELS.map(([key, label]) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" w={200}>
                  {label}
                </Table.Th>
                <Table.Td>{String(q.data[key] ?? '')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Page>
  );
}

import { Table, Text } from '@mantine/core';
import { infoAccountOf } from '@portal/contract/admin/dashboard-admin';
import { adminText } from '@portal/contract/admin/messages';
import { pagesText } from '@portal/contract/shell/pages-messages';
import type * as S from '@portal/contract/session/calls';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery, useAccountRole } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';

/** The summary's rows, in order: each field and its label's key in `pagesText.accountSummary`. */
const FIELDS = [
  'logname',
  'uid',
  'bill_uid',
  'first_name',
  'last_name',
  'role',
  'company',
  'addr1',
  'addr2',
  'bill_email',
  'home_phone',
  'work_phone',
  'pricing_plan',
  'account_type',
  'billing_code',
  'auto_bill',
  'realm',
] as const satisfies ReadonlyArray<keyof S.CustomerSummary & keyof typeof pagesText.accountSummary>;

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
  const x = t(pagesText);
  return (
    <Page title={x.accountSummaryTitle(account)}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      {q.isError && <Text c="red">{failureText(q.error)}</Text>}
      {q.data && (
        <Table striped withTableBorder maw={640}>
          <Table.Tbody>
            {FIELDS.map((key) => (
              <Table.Tr key={key}>
                <Table.Th scope="row" w={200}>
                  {x.accountSummary[key]}
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

import { Button, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { quickRefsQuery } from './api.ts';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { Page } from '../../ui/page.tsx';
import { pagesText } from '@portal/contract/shell/pages-messages';
import { t } from '../../app/language.ts';

/** Quick References: name/value rows and a Back button (public: shown without login too). */
export default function QuickRefPage() {
  const text = t(pagesText);
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  // Reloaded after sign-in: staff see internal rows too.
  const refs = useQuery(quickRefsQuery(loggedIn));
  return (
    <Page title={text.quickReferences}>
      {refs.isError && <Text c="red">{text.quickRefsFailed}</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.name}</Table.Th>
            <Table.Th>{text.value}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(refs.data ?? []).map((r) => (
            <Table.Tr key={r.ref_name}>
              <Table.Td fw={600}>{r.ref_name}</Table.Td>
              <Table.Td>{r.ref_value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <div>
        <Button variant="default" onClick={() => navigate(-1)}>
          {text.back}
        </Button>
      </div>
    </Page>
  );
}

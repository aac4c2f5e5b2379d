import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { PRODUCT_NAME, REG_TYPES, regTypeLabel } from '@portal/contract/domains/calls';
import { useNavigate } from 'react-router';
import { Page } from '../../ui/page.tsx';

const EXPLAIN: Record<(typeof REG_TYPES)[number], string> = {
  'New Domain': `The name is not registered yet. We register it for you through our registrar partner, host its DNS, and it appears in your domain list.`,
  '{product}/OpenSRS will be Registrar Only': `The domain is registered elsewhere and you move the registration to us (through OpenSRS). Its DNS stays where it is. You need the transfer authorisation code from the current registrar.`,
  '{product} will be DNS Host Only': `The registration stays with the current registrar; you point the domain's name servers at ours and ${PRODUCT_NAME} hosts its DNS.`,
  '{product} will be Registrar & DNS Host': `You transfer the registration to us and we host its DNS too: everything about the domain is managed here.`,
  '{product} will be Web/Email Host Only': `The registration and DNS stay where they are; you point the website and mail records at our servers and we host the website and email.`,
};

/** Registration types help, with a Back button. */
export default function RegistrationHelpPage() {
  const navigate = useNavigate();
  return (
    <Page title="Domain Registration Help" width={760}>
      <Stack gap="sm">
        <Text>The Type field of Register or Transfer says what we should do for the domain:</Text>
        <Table withTableBorder variant="vertical">
          <Table.Tbody>
            {REG_TYPES.map((t) => (
              <Table.Tr key={t}>
                <Table.Th w="35%">{regTypeLabel(t)}</Table.Th>
                <Table.Td>{EXPLAIN[t]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Whois privacy hides your contact details from the public whois record where the registry allows it,
          for $5 per year.
        </Text>
        <Group>
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}

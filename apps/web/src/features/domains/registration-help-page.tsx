import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { PRODUCT_NAME, REG_TYPES, WHOIS_PRIVACY_PER_YEAR } from '@portal/contract/domains/calls';
import { domainHelpText } from '@portal/contract/domains/help-messages';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { useNavigate } from 'react-router';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';

/** Registration types help, with a Back button. */
export default function RegistrationHelpPage() {
  const navigate = useNavigate();
  const help = t(domainHelpText);
  const text = { ...t(domainText), ...t(domainScreenText) };
  return (
    <Page title={help.registrationHelpTitle} width={760}>
      <Stack gap="sm">
        <Text>{help.registrationHelpIntro}</Text>
        <Table withTableBorder variant="vertical">
          <Table.Tbody>
            {REG_TYPES.map((type) => (
              <Table.Tr key={type}>
                <Table.Th w="35%">{text.regTypeName(type, PRODUCT_NAME)}</Table.Th>
                <Table.Td>{help.regTypeExplained(type, PRODUCT_NAME)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          {help.whoisPrivacyNote(`$${WHOIS_PRIVACY_PER_YEAR}`)}
        </Text>
        <Group>
          <Button variant="default" onClick={() => navigate(-1)}>
            {text.back}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}

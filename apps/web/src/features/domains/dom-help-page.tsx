import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { RENEW_WINDOW_DAYS } from '@portal/contract/domains/calls';
import { domainHelpText } from '@portal/contract/domains/help-messages';
import { domainText } from '@portal/contract/domains/messages';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';
import { fill } from '../../ui/fill.tsx';

/** Domain management help. */
export default function DomHelpPage() {
  const text = t(domainHelpText);
  const headings = t(domainText);
  return (
    <Page title={text.helpTitle} width={760}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          {text.helpSection}
        </Title>
        <Text>
          {fill(text.helpSectionText, {
            edit: (
              <Anchor component={Link} to={routePath('domain-list')}>
                {headings.headingEdit}
              </Anchor>
            ),
            renew: (
              <Anchor component={Link} to={routePath('renew-domains')}>
                {headings.headingRenew}
              </Anchor>
            ),
            permissions: (
              <Anchor component={Link} to={routePath('domain-permissions')}>
                {headings.headingPermissions}
              </Anchor>
            ),
          })}
        </Text>
        <Title order={3} fz="lg">
          {text.helpExpiration}
        </Title>
        <Text>{text.helpExpirationText}</Text>
        <Title order={3} fz="lg">
          {text.helpAutoRenew}
        </Title>
        <Text>{text.helpAutoRenewText}</Text>
        <Title order={3} fz="lg">
          {text.helpAbandon}
        </Title>
        <Text>{text.helpAbandonText}</Text>
        <Title order={3} fz="lg">
          {text.helpContact}
        </Title>
        <Text>{text.helpContactText}</Text>
        <Title order={3} fz="lg">
          {text.helpRenewals}
        </Title>
        <Text>{text.helpRenewalsText(RENEW_WINDOW_DAYS)}</Text>
        <Title order={3} fz="lg">
          {text.helpPermissions}
        </Title>
        <List spacing={4}>
          <List.Item>{text.helpPermissions1}</List.Item>
          <List.Item>{text.helpPermissions2}</List.Item>
          <List.Item>
            {fill(text.helpPermissions3, {
              remove: (
                <Anchor component={Link} to={routePath('remove-permissions')}>
                  {text.removePermissions}
                </Anchor>
              ),
            })}
          </List.Item>
        </List>
      </Stack>
    </Page>
  );
}

import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { RENEW_WINDOW_DAYS } from '@portal/contract/domains/calls';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { Page } from '../../ui/page.tsx';

/** Domain management help. */
export default function DomHelpPage() {
  return (
    <Page title="Domain Help" width={760}>
      <Stack gap="sm">
        <Title order={3} fz="lg">
          The domain section
        </Title>
        <Text>
          <Anchor component={Link} to={routePath('domain-list')}>
            Edit Domains
          </Anchor>
          ,{' '}
          <Anchor component={Link} to={routePath('renew-domains')}>
            Renew Domains
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to={routePath('domain-permissions')}>
            Domain Permissions
          </Anchor>{' '}
          list your domains, and the domains other accounts have let you manage. Click a row to edit, renew or
          manage the permissions of that domain; the Whois button shows the public registration record. Only
          domains registered through our registrar partner can be renewed or edited here; the others show the
          expiration date UNKNOWN.
        </Text>
        <Title order={3} fz="lg">
          Expiration date (ExD)
        </Title>
        <Text>The day the registration runs out unless it is renewed.</Text>
        <Title order={3} fz="lg">
          Auto renew yearly (A/R)
        </Title>
        <Text>
          With Auto Renew, we renew the domain for one year about 45 days before its anniversary and the
          charge appears on your next invoice.
        </Text>
        <Title order={3} fz="lg">
          Let expire (L/E)
        </Title>
        <Text>
          Let Domain Expire means you do not want the domain any more: we do not renew it and it is released
          after it expires. Auto Renew and Let Domain Expire cannot both be Yes; the system complains if you
          set both.
        </Text>
        <Title order={3} fz="lg">
          Contact email
        </Title>
        <Text>
          Where renewal notices for the domain go. Leave it blank to use the primary account's email address.
        </Text>
        <Title order={3} fz="lg">
          Renewals (R/P)
        </Title>
        <Text>
          A domain without Auto Renew can be renewed by hand from {RENEW_WINDOW_DAYS} days before it expires.
          Choose the number of years and Renew Domain: you receive a notice by email, the charge appears on
          your next invoice, and the domain shows Renewal Pending until the registry confirms, generally
          within an hour. The expiration date then moves by the years chosen.
        </Text>
        <Title order={3} fz="lg">
          Permissions
        </Title>
        <List spacing={4}>
          <List.Item>
            By default only the primary account holder may change a domain and its email aliases.
          </List.Item>
          <List.Item>
            To add an admin, open Domain Permissions, click the domain, type the other account's name and
            choose This Domain Only or All My Domains.
          </List.Item>
          <List.Item>
            To remove an admin from one domain, use its Delete button on the domain's permissions page; to
            remove an admin from all your domains at once, use{' '}
            <Anchor component={Link} to={routePath('remove-permissions')}>
              Remove Permissions
            </Anchor>
            .
          </List.Item>
        </List>
      </Stack>
    </Page>
  );
}

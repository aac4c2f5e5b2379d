import { Accordion, Text } from '@mantine/core';
import { Page } from '../../ui/page.tsx';

const FAQ = [
  {
    q: 'Who can change my domains and their email aliases?',
    a: 'Only you, the primary account holder, unless you grant admin access to another account. Our staff can also make changes for you when you ask the help desk.',
  },
  {
    q: 'How do I let someone else manage the email aliases of my domain?',
    a: 'Open Domain Permissions, click the domain and add the other account as an admin, for this domain only or for all your domains. The admin then sees the domain in its own domain list and in the email alias manager, and may add, change and delete its aliases.',
  },
  {
    q: 'Can a secondary account of mine manage my domains?',
    a: 'Not by itself: secondary accounts do not see your domains. Log in with your primary account and add the secondary account as an admin on the domains it should manage.',
  },
  {
    q: 'How do I take the permission away again?',
    a: "Use the Delete button next to the admin on the domain's permissions page to remove it from that domain, or Remove Permissions to remove it from all your domains at once. The change takes effect immediately.",
  },
];

/** FAQ for domain permissions and the email alias manager: an accordion of 4 questions. */
export default function DomFaqPage() {
  return (
    <Page title="Domain FAQ" width={760}>
      <Accordion variant="separated">
        {FAQ.map((item) => (
          <Accordion.Item key={item.q} value={item.q}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

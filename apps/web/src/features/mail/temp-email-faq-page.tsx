import { Accordion, Button, Group, Text } from '@mantine/core';
import { TEMP_EMAIL_FADE_DAYS, TEMP_EMAIL_MAX_ACTIVE } from '@portal/contract/mail/calls';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { useUrls } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';

/** Temporary Email FAQ: static questions. */
export default function TempEmailFaqPage() {
  const { data: urls } = useUrls();
  const domain = urls?.temp_email_domain ?? 'the temporary domain';
  const faq: Array<[string, string]> = [
    [
      'What is a temporary email alias?',
      `An address such as shop-2026@${domain} that forwards mail to your real address until the date you choose. Give it to a shop or a sign-up form; when it expires, mail to it is refused and your real address stays private.`,
    ],
    [
      'How many can I have?',
      `Up to ${TEMP_EMAIL_MAX_ACTIVE} active aliases per account. Expired aliases do not count.`,
    ],
    [
      'What happens when an alias expires?',
      `Mail to it stops being forwarded at the expiry time, and we send you a notice. For ${TEMP_EMAIL_FADE_DAYS} days it stays in your list, shown in another colour, and you can give it a new date. After that it fades from the list.`,
    ],
    [
      'Can I use the name again later?',
      'A used name is reserved for 6 months after its alias fades, for everyone, so that mail meant for you never reaches another customer. After that anyone may choose it.',
    ],
    [
      'Which names can I use?',
      'Between 3 and 40 lower-case letters, digits, dots, dashes or underscores, starting with a letter or a digit.',
    ],
  ];
  return (
    <Page title="Temporary Email FAQ" width={760}>
      <Accordion variant="separated">
        {faq.map(([q, a]) => (
          <Accordion.Item key={q} value={q}>
            <Accordion.Control>{q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group>
        <Button component={Link} to={routePath('temp-email')} variant="default">
          Back to Temporary Email
        </Button>
      </Group>
    </Page>
  );
}

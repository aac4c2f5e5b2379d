import { Accordion, Button, Group, Text } from '@mantine/core';
import { TEMP_EMAIL_FADE_DAYS, TEMP_EMAIL_MAX_ACTIVE } from '@portal/contract/mail/calls';
import { mailScreenText } from '@portal/contract/mail/messages';
import { routePath } from '@portal/contract/routes';
import { Link } from 'react-router';
import { t } from '../../app/language.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { Page } from '../../ui/page.tsx';

/** Temporary Email FAQ: static questions. */
export default function TempEmailFaqPage() {
  const { data: urls } = useUrls();
  const m = t(mailScreenText);
  const domain = urls?.temp_email_domain ?? m.theTempDomain;
  const faq: Array<[string, string]> = [
    [m.faqWhatQ, m.faqWhatA(domain)],
    [m.faqHowManyQ, m.faqHowManyA(TEMP_EMAIL_MAX_ACTIVE)],
    [m.faqExpiresQ, m.faqExpiresA(TEMP_EMAIL_FADE_DAYS)],
    [m.faqReuseQ, m.faqReuseA],
    [m.faqNamesQ, m.faqNamesA],
  ];
  return (
    <Page title={m.faqTitle} width={760}>
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
          {m.backToTemp}
        </Button>
      </Group>
    </Page>
  );
}

import { Accordion, Text } from '@mantine/core';
import { domainHelpText } from '@portal/contract/domains/help-messages';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';

/** The questions, each with its answer, in the page's language. */
const FAQ = ['1', '2', '3', '4'] as const;

/** FAQ for domain permissions and the email alias manager: an accordion of 4 questions. */
export default function DomFaqPage() {
  const text = t(domainHelpText);
  return (
    <Page title={text.faqTitle} width={760}>
      <Accordion variant="separated">
        {FAQ.map((n) => (
          <Accordion.Item key={n} value={n}>
            <Accordion.Control>{text[`faqQ${n}`]}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{text[`faqA${n}`]}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

import { Accordion, Button, Group, Text } from '@mantine/core';
import { toolsScreenText, toolsText } from '@portal/contract/tools/messages';
import { useNavigate } from 'react-router';
import { t } from '../../app/language.ts';
import { Page } from '../../ui/page.tsx';

/** The two questions, in the page's language. */
const faq = () => {
  const m = t(toolsScreenText);
  return [
    { id: 'access', q: m.faqAccessQ, a: m.faqAccessA },
    { id: 'forgot', q: m.faqForgotQ, a: m.faqForgotA },
  ];
};

/** FAQ demo (route /faq-test): two questions and a Back button. */
export default function FaqTestPage() {
  const navigate = useNavigate();
  // Opened from a link the history has a previous page; opened directly it goes home.
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
  return (
    <Page title={t(toolsText).faqTitle} width={760}>
      <Accordion variant="separated">
        {faq().map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Control>{item.q}</Accordion.Control>
            <Accordion.Panel>
              <Text size="sm">{item.a}</Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group>
        <Button variant="default" onClick={back}>
          {t(toolsText).back}
        </Button>
      </Group>
    </Page>
  );
}

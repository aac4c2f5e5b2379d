import { Accordion, Button, Group, Text } from '@mantine/core';
import { toolsText } from '@portal/contract/tools/messages';
import { useNavigate } from 'react-router';
import { Page } from '../../ui/page.tsx';

const FAQ = [
  {
    id: 'access',
    q: 'Who can see and change my account in the portal?',
    a: 'You, with your own login, and our staff when you ask the help desk for help. A secondary account sees only its own settings, unless you make it a dashboard admin, which lets it view your account information. Every change staff make for you is recorded with their name.',
  },
  {
    id: 'forgot',
    q: 'I forgot my password. How do I get back in?',
    a: 'Use the links under the login form, Forgot panel password? or Forgot email password?, and enter your account name and your recovery email address. We email you a reset link; it works once and expires after 30 minutes.',
  },
];

/** FAQ demo (route /faq-test): two questions and a Back button. */
export default function FaqTestPage() {
  const navigate = useNavigate();
  // Opened from a link the history has a previous page; opened directly it goes home.
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/'));
  return (
    <Page title={toolsText.faqTitle} width={760}>
      <Accordion variant="separated">
        {FAQ.map((item) => (
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
          {toolsText.back}
        </Button>
      </Group>
    </Page>
  );
}

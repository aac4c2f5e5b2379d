import {
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { SendMessageForm, sendMessage } from '@portal/contract/account/calls';
import { mailText } from '@portal/contract/mail/messages';
import { messageFooter } from '@portal/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { call, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';

/** Send Authenticated Message: a message to the help desk that the portal vouches for (spec 001). */
export default function SendAuthMsgPage() {
  const { operator, currentUser, replyTo } = useSession();
  const { data: urls } = useUrls();
  const showStatus = useStatus();
  const [why, { toggle }] = useDisclosure(false);
  const form = useForm({
    initialValues: { subject: '', message: '', reply_to: '' },
    validate: zodValidate(SendMessageForm),
  });
  const footer = messageFooter(operator, currentUser);

  const send = useMutation({
    mutationFn: (v: typeof form.values) =>
      call(sendMessage, {
        body: {
          send_from: currentUser,
          send_to: 'helpdesk',
          subject: v.subject,
          message: v.message,
          reply_to: v.reply_to.trim(),
          footer,
        },
      }),
    onSuccess: () => {
      form.reset();
      showStatus({ title: mailText.sentTitle, body: mailText.sentBody, type: 'thankyou' });
    },
    onError: (err) =>
      showStatus({
        title: mailText.sendFailedTitle,
        body: (
          <>
            <p>{`${mailText.sendFailedBody}: ${failureText(err, 'fields')}`}</p>
            <p>{`Please call the help desk at ${urls?.helpdesk_phone ?? ''} or write to ${urls?.helpdesk_email ?? ''}.`}</p>
          </>
        ),
        alert: 'serious',
      }),
  });

  return (
    <Page title="Send Authenticated Message" width={760}>
      <Paper withBorder p="sm">
        <UnstyledButton onClick={toggle} aria-expanded={why} aria-controls="why-panel" fw={600}>
          {why ? '▾' : '▸'} Why do we need this?
        </UnstyledButton>
        <Collapse in={why} id="why-panel">
          <Stack gap="xs" mt="xs">
            <Text size="sm">
              Anyone can forge the sender of an email, so the help desk cannot act on account changes asked
              for by plain mail. A message sent from here is authenticated: you signed in to send it, and it
              reaches the help desk marked with your account name.
            </Text>
            <Text size="sm">
              Use it to ask for changes that need the account holder's consent. Replies go to the reply-to
              address below, or to the account's email address when you leave it empty.
            </Text>
          </Stack>
        </Collapse>
      </Paper>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate>
        <Stack>
          <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
          <Textarea label="Message" withAsterisk rows={7} {...form.getInputProps('message')} />
          <TextInput
            label="Reply-to (leave empty for the account's address)"
            type="email"
            placeholder={replyTo || 'the account email address'}
            {...form.getInputProps('reply_to')}
          />
          <Text size="sm" data-testid="message-footer">
            {footer}
          </Text>
          <Group>
            <Button type="submit" loading={send.isPending}>
              Send Message
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

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
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { messageFooter } from '@portal/contract/messages';
import { useMutation } from '@tanstack/react-query';
import { call, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';

/** Send Authenticated Message: a message to the help desk that the portal vouches for. */
export default function SendAuthMsgPage() {
  const { operator, currentUser, replyTo } = useSession();
  const { data: urls } = useUrls();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
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
      showStatus({ title: t(mailText).sentTitle, body: t(mailText).sentBody, type: 'thankyou' });
    },
    onError: (err) =>
      showFailure(err, {
        title: t(mailText).sendFailedTitle,
        body: (
          <>
            <p>{`${t(mailText).sendFailedBody}: ${failureText(err, 'fields')}`}</p>
            <p>{t(mailScreenText).callHelpDesk(urls?.helpdesk_phone ?? '', urls?.helpdesk_email ?? '')}</p>
          </>
        ),
        alert: 'serious',
      }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.sendAuthTitle} width={760}>
      <Paper withBorder p="sm">
        <UnstyledButton onClick={toggle} aria-expanded={why} aria-controls="why-panel" fw={600}>
          {why ? '▾' : '▸'} {m.whyNeeded}
        </UnstyledButton>
        <Collapse in={why} id="why-panel">
          <Stack gap="xs" mt="xs">
            <Text size="sm">{m.whyForged}</Text>
            <Text size="sm">{m.whyUse}</Text>
          </Stack>
        </Collapse>
      </Paper>
      <form onSubmit={form.onSubmit((v) => send.mutate(v))} noValidate>
        <Stack>
          <TextInput label={m.subject} withAsterisk {...form.getInputProps('subject')} />
          <Textarea label={m.message} withAsterisk rows={7} {...form.getInputProps('message')} />
          <TextInput
            label={m.replyToOptional}
            type="email"
            placeholder={replyTo || m.accountEmailPlaceholder}
            {...form.getInputProps('reply_to')}
          />
          <Text size="sm" data-testid="message-footer">
            {footer}
          </Text>
          <Group>
            <Button type="submit" loading={send.isPending}>
              {m.sendMessage}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

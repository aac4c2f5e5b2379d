import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { requiredEmail } from '@portal/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { call, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';

const Form = z.object({ email: requiredEmail(mailText.invalidEmailAddress) });

/** Subscribe to the Portal, the monthly newsletter: the address is confirmed by a mailed link. */
export default function SubscribePortalPage() {
  const { currentUser, replyTo } = useSession();
  const { data: urls } = useUrls();
  const showStatus = useStatus();
  const form = useForm({ initialValues: { email: replyTo }, validate: zodValidate(Form) });
  const subscribe = useMutation({
    mutationFn: (email: string) => call(C.subscribePortal, { body: { logname: currentUser, email } }),
    onSuccess: (res) => showStatus({ title: mailText.subscribedTitle, body: res.message, type: 'thankyou' }),
    onError: (err) =>
      showStatus({
        title: mailText.subscribeFailedTitle,
        body: (
          <>
            <p>{mailText.subscribeFailedBody}</p>
            <p>{failureText(err, 'fields')}</p>
          </>
        ),
        alert: 'serious',
      }),
  });

  return (
    <Page title="Subscribe to The Portal" width={760}>
      <Text>
        The Portal is our monthly newsletter: network news and planned maintenance, new services, and tips for
        getting the most out of your email, domains and websites. One message a month, never shared with
        anyone.
      </Text>
      <Text>
        <Anchor underline="always" href={urls?.links.newsletters} target="_blank" rel="noopener noreferrer">
          Read past newsletters
        </Anchor>
      </Text>
      <form onSubmit={form.onSubmit((v) => subscribe.mutate(v.email.trim()))} noValidate>
        <Stack maw={480}>
          <TextInput label="Email address" type="email" withAsterisk {...form.getInputProps('email')} />
          <Text size="sm">
            We will send a confirmation link to this address; the subscription starts when you open it.
          </Text>
          <Group>
            <Button type="submit" loading={subscribe.isPending}>
              Subscribe
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

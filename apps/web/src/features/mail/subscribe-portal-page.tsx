import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { requiredEmail } from '@portal/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { call, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useUrls } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';

/** The form's rules, made at validation time so that the error is in the page's language. */
const rules = () => z.object({ email: requiredEmail(t(mailText).invalidEmailAddress) });

/** Subscribe to the Portal, the monthly newsletter: the address is confirmed by a mailed link. */
export default function SubscribePortalPage() {
  const { currentUser, replyTo } = useSession();
  const { data: urls } = useUrls();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const form = useForm({ initialValues: { email: replyTo }, validate: (v) => zodValidate(rules())(v) });
  const subscribe = useMutation({
    mutationFn: (email: string) => call(C.subscribePortal, { body: { logname: currentUser, email } }),
    onSuccess: (res) =>
      showStatus({ title: t(mailText).subscribedTitle, body: res.message, type: 'thankyou' }),
    onError: (err) =>
      showFailure(err, {
        title: t(mailText).subscribeFailedTitle,
        body: (
          <>
            <p>{t(mailText).subscribeFailedBody}</p>
            <p>{failureText(err, 'fields')}</p>
          </>
        ),
        alert: 'serious',
      }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.subscribeTitle} width={760}>
      <Text>{m.subscribeIntro}</Text>
      <Text>
        <Anchor underline="always" href={urls?.links.newsletters} target="_blank" rel="noopener noreferrer">
          {m.pastNewsletters}
        </Anchor>
      </Text>
      <form onSubmit={form.onSubmit((v) => subscribe.mutate(v.email.trim()))} noValidate>
        <Stack maw={480}>
          <TextInput label={m.emailAddress} type="email" withAsterisk {...form.getInputProps('email')} />
          <Text size="sm">{m.subscribeNote}</Text>
          <Group>
            <Button type="submit" loading={subscribe.isPending}>
              {m.subscribe}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

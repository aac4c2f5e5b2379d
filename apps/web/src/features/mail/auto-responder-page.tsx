import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { optionalText, required, requiredEmail } from '@portal/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { DateTime12, type DateTime12Value, emptyDateTime12, toDate } from './datetime12.tsx';

/** The form's rules, made at validation time so that the reply-to error is in the page's language. */
const rules = () =>
  z.object({
    message: required(),
    instructions: optionalText(2000),
    reply_to: requiredEmail(t(mailText).invalidEmailAddress),
  });

/** The form's fields: a server error of one of them is shown beside it. */
const FIELDS = ['start', 'end', 'message', 'instructions', 'reply_to'];

interface Values {
  start: DateTime12Value;
  end: DateTime12Value;
  message: string;
  instructions: string;
  reply_to: string;
}

/** Set up Auto-Responder Message: a vacation reply between two date-times, sent to the help desk and stored. */
export default function AutoResponderPage() {
  const { currentUser, replyTo } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const form = useForm<Values>({
    initialValues: {
      start: emptyDateTime12,
      end: emptyDateTime12,
      message: '',
      instructions: '',
      reply_to: replyTo,
    },
    // Every rule on the first submit, each beside its field: a missing date is told with the rest,
    // not in a pop-up after the other fields are right.
    validate: (v) => {
      const errors = zodValidate(rules())(v);
      const mt = t(mailText);
      const start = toDate(v.start);
      const end = toDate(v.end);
      if (!start) errors.start = mt.datesNotSetBody;
      if (!end) errors.end = mt.datesNotSetBody;
      if (start && end && end <= start) errors.end = mt.endAfterStart;
      return errors;
    },
  });

  const request = useMutation({
    mutationFn: (v: Values) =>
      call(C.autoResponder, {
        body: {
          logname: currentUser,
          start: toDate(v.start)?.toISOString() ?? '',
          end: toDate(v.end)?.toISOString() ?? '',
          message: v.message,
          instructions: v.instructions,
          reply_to: v.reply_to.trim(),
        },
      }),
    onSuccess: (res) => {
      form.reset();
      // A reply address that is not the account's own waits for its link: the message says why.
      showStatus({ title: t(mailText).autoResponderSent, body: res.message, type: 'thankyou' });
    },
    onError: (err) =>
      showFailure(err, { title: t(mailText).autoResponderFailed, setErrors: form.setErrors, fields: FIELDS }),
  });

  const m = t(mailScreenText);
  return (
    <Page title={m.autoResponderTitle} width={760}>
      <Text size="sm">{m.autoResponderIntro}</Text>
      <form onSubmit={form.onSubmit((v) => request.mutate(v))} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTime12
              label={m.start}
              required
              value={form.values.start}
              onChange={(v) => form.setFieldValue('start', v)}
              error={form.errors.start as string | undefined}
            />
            <DateTime12
              label={m.end}
              required
              value={form.values.end}
              onChange={(v) => form.setFieldValue('end', v)}
              error={form.errors.end as string | undefined}
            />
          </SimpleGrid>
          <Textarea label={m.vacationMessage} withAsterisk rows={6} {...form.getInputProps('message')} />
          <Textarea label={m.specialInstructions} rows={3} {...form.getInputProps('instructions')} />
          <TextInput label={m.replyTo} type="email" withAsterisk {...form.getInputProps('reply_to')} />
          <Group>
            <Button type="submit" loading={request.isPending}>
              {m.requestAutoResponder}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

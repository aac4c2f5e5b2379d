import { Alert, Anchor, Button, Group, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import * as C from '@portal/contract/account/calls';
import { accountScreenText, accountText } from '@portal/contract/account/messages';
import { useMutation, useQuery } from '@tanstack/react-query';
import { routePath } from '@portal/contract/routes';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ApiError, call, failureText } from '../../app/api.ts';
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { zodValidate } from '../../ui/form.ts';
import { Page } from '../../ui/page.tsx';
import { emptyDomainsQuery } from './api.ts';

const EMPTY = { domain: '', hosting_type: '', profit_nonprofit: 'Profit', wp_yesorno: 'No', notes: '' };

/**
 * Add Web Hosting (/add-webhosting): a domain without a website, a plan, profit status, the
 * WordPress question (hidden and No for Starter) and notes, mailed to the NOC through sendmessage.
 */
export default function AddWebhostingPage() {
  const { currentUser, replyTo } = useSession();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  useLanguage();
  const s = t(accountScreenText);
  const domains = useQuery({ ...emptyDomainsQuery(currentUser), enabled: !!currentUser });
  const form = useForm({ initialValues: EMPTY, validate: zodValidate(C.WebHostingRequest) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh for another account
  useEffect(() => form.setValues(EMPTY), [currentUser]);
  const starter = form.values.hosting_type === 'Starter';

  const send = useMutation({
    mutationFn: (values: typeof form.values) => {
      const req = C.WebHostingRequest.parse(values);
      const { subject, message } = C.webHostingMessage(req, currentUser);
      return call(C.sendMessage, {
        body: { send_from: currentUser, send_to: 'noc', subject, message, reply_to: replyTo },
      });
    },
    onSuccess: () => {
      form.setValues(EMPTY);
      showStatus({
        title: t(accountText).webHostingSubmitted,
        body: t(accountScreenText).webHostingDone,
        type: 'thankyou',
        alert: 'info',
      });
    },
    onError: (err) =>
      showFailure(err, {
        title:
          err instanceof ApiError && err.kind === 'refused'
            ? t(accountText).problemsWithRequest
            : t(accountText).errorSendingRegistration,
        body: failureText(err),
        alert: 'serious',
      }),
  });

  return (
    <Page title={s.webHostingTitle(currentUser)} width={640}>
      <Text size="sm">{s.webHostingHelp}</Text>
      {domains.isError && (
        <Alert color="red" title={t(accountText).problemsWithRequest}>
          {failureText(domains.error)}
        </Alert>
      )}
      {domains.data?.length === 0 && (
        <Alert color="blue" title={s.noDomainToHost} data-testid="no-hosting-domains">
          <Text size="sm">{t(accountText).webHostingNoDomains}</Text>
          <Anchor component={Link} to={routePath('domain-registration')} size="sm">
            {s.registerOrTransfer}
          </Anchor>
        </Alert>
      )}
      {/* With no domain to choose, the form could not be sent: it is not shown. */}
      <form
        hidden={domains.data?.length === 0}
        onSubmit={form.onSubmit((v) => {
          if (!send.isPending) send.mutate(v);
        })}
        noValidate
      >
        <Stack>
          <Select
            label={s.domain}
            placeholder={domains.data?.length === 0 ? s.noDomainsWithoutWebsite : t(accountText).selectDomain}
            data={(domains.data ?? []).map((d) => d.domain)}
            searchable
            withAsterisk
            {...form.getInputProps('domain')}
            onChange={(v) => form.setFieldValue('domain', v ?? '')}
          />
          <Radio.Group label={s.hostingType} withAsterisk {...form.getInputProps('hosting_type')}>
            <Group mt="xs">
              {C.HOSTING_TYPES.map((h) => (
                <Radio key={h} value={h} label={h} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group label={s.profitStatus} {...form.getInputProps('profit_nonprofit')}>
            <Group mt="xs">
              <Radio value="Profit" label={s.profit} />
              <Radio value="Non-profit" label={s.nonProfit} />
            </Group>
          </Radio.Group>
          {!starter && (
            <Radio.Group label={s.runWordPress} {...form.getInputProps('wp_yesorno')}>
              <Group mt="xs">
                <Radio value="Yes" label={s.yes} />
                <Radio value="No" label={s.no} />
              </Group>
            </Radio.Group>
          )}
          <Textarea label={s.notes} autosize minRows={3} maxLength={4000} {...form.getInputProps('notes')} />
          <Group>
            <Button type="submit" loading={send.isPending}>
              {s.requestWebHosting}
            </Button>
          </Group>
        </Stack>
      </form>
    </Page>
  );
}

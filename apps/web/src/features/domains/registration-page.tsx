import {
  Anchor,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { sendMessage } from '@portal/contract/account/calls';
import { FILTER_DELAY_MS } from '@portal/contract/constants';
import {
  REG_TYPES,
  type RegistrationForm,
  regTypeLabel,
  signAgreement,
  tldOf,
  WEBSITE_OPTIONS,
  WHOIS_PRIVACY_PER_YEAR,
} from '@portal/contract/domains/calls';
import { domainText, yearLabel } from '@portal/contract/domains/messages';
import { isEmail } from '@portal/contract/rules';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { call, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { SafeHtml } from '../../ui/safe-html.tsx';
import { agreementQuery, tldPricesQuery } from './api.ts';

const INITIAL: RegistrationForm = {
  domain: '',
  organization: '',
  contact_email: '',
  numyears: '',
  price: '',
  reg_type: REG_TYPES[0],
  whois_priv: 'No',
  website_option: 'NONE',
  profit_nonprofit: 'profit',
  instructions: '',
  terms: 'DontAgree',
};

const TLD = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;
const money = (n: number) => `$${n.toFixed(2)}`;

/** The request as the help desk and the hostmaster read it. */
function describe(v: RegistrationForm, total: number, account: string): string {
  return [
    `Domain: ${v.domain.trim().toLowerCase()}`,
    `Account: ${account}`,
    `Organization: ${v.organization || '(none)'}`,
    `Contact email: ${v.contact_email || "(the primary account's email address)"}`,
    `Years: ${v.numyears}`,
    `Price: ${money(Number(v.price))}`,
    `Whois privacy: ${v.whois_priv}`,
    `Estimated total: ${money(total)}`,
    `Type: ${regTypeLabel(v.reg_type as (typeof REG_TYPES)[number])}`,
    `Website: ${v.website_option}`,
    `Profit/non-profit: ${v.profit_nonprofit}`,
    `Terms: ${v.terms}`,
    '',
    'Instructions:',
    v.instructions || '(none)',
  ].join('\n');
}

/** Register or Transfer a domain. */
export default function RegistrationPage() {
  const { currentUser } = useSession();
  const showStatus = useStatus();
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const form = useForm<RegistrationForm>({
    initialValues: INITIAL,
    validate: {
      domain: (v) => (v.trim() ? null : commonText.required),
      contact_email: (v) => (v.trim() === '' || isEmail(v.trim()) ? null : commonText.invalidEmail),
    },
  });
  const [domainTyped] = useDebouncedValue(form.values.domain, FILTER_DELAY_MS);
  const tld = tldOf(domainTyped);
  const prices = useQuery({ ...tldPricesQuery(tld), enabled: TLD.test(tld) });
  const agreement = useQuery({ ...agreementQuery, enabled: agreementOpen });

  const years = Number(form.values.numyears) || 0;
  const price = prices.data?.find((p) => p.id === years)?.price ?? 0;
  const privacy = form.values.whois_priv === 'Yes' ? WHOIS_PRIVACY_PER_YEAR * years : 0;
  const total = price + privacy;

  let priceNote = '';
  if (tld && !prices.isFetching) {
    if (!TLD.test(tld) || prices.isError) priceNote = domainText.notATld(tld);
    else if (prices.data && prices.data.length === 0) priceNote = domainText.cantFindIt;
  }

  const submit = form.onSubmit(async (values) => {
    if (busy.current) return;
    if (values.terms !== 'Agree') {
      showStatus({ title: domainText.mustAgree, body: '', alert: 'warning' });
      return;
    }
    if (!values.numyears || !price) {
      showStatus({ title: domainText.selectYears, body: '', alert: 'warning' });
      return;
    }
    const request = { ...values, price: String(price) };
    const domain = values.domain.trim().toLowerCase();
    const text = describe(request, total, currentUser);
    busy.current = true;
    setSubmitting(true);
    try {
      const subject = `Domain registration request: ${domain}`;
      const message = { send_from: currentUser, subject, message: text, reply_to: values.contact_email };
      try {
        await call(sendMessage, { body: { ...message, send_to: 'helpdesk' } });
      } catch (err) {
        showStatus({
          title: domainText.errorSending,
          body: failureText(err),
          alert: alertOf(err),
        });
        return;
      }
      try {
        await call(sendMessage, { body: { ...message, send_to: 'hostmaster' } });
      } catch (err) {
        showStatus({ title: domainText.problems, body: failureText(err), alert: alertOf(err) });
        return;
      }
      let stamp = '';
      try {
        stamp = (await call(signAgreement, { body: { domain, account: currentUser } })).data.stamp;
      } catch (err) {
        showStatus({
          title: domainText.signatureFailed,
          body: failureText(err),
          alert: alertOf(err),
        });
        return;
      }
      form.reset();
      showStatus({
        type: 'thankyou',
        title: domainText.registrationSubmitted,
        body: (
          <>
            <p>
              Your request for <b>{domain}</b> has been sent to the help desk and the hostmaster.
            </p>
            <p>{`Registration agreement signed ${stamp}.`}</p>
          </>
        ),
        menu: [{ name: domainText.registerAnother, url: routePath('domain-registration') }],
      });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  });

  return (
    <Page title="Register or Transfer a Domain" width={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('domain')}
            label="Domain"
            placeholder="example.com"
            withAsterisk
            description={priceNote ? undefined : 'The name to register or transfer'}
            // After the spread: the TLD lookup's answer shows when the form has no error of its own.
            error={form.errors.domain ?? (priceNote || undefined)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Organization" {...form.getInputProps('organization')} />
            <TextInput
              label="Contact email"
              placeholder="leave blank to use the primary account's email address"
              {...form.getInputProps('contact_email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Years"
              withAsterisk
              placeholder={prices.data?.length ? 'Select' : 'Enter a domain first'}
              data={(prices.data ?? []).map((p) => ({
                value: String(p.id),
                label: `${p.id} ${yearLabel(p.id)} – ${money(p.price)}`,
              }))}
              {...form.getInputProps('numyears')}
            />
            <div>
              <Text size="sm" fw={500}>
                Estimated total
              </Text>
              <Text size="lg" fw={700} data-testid="estimated-total">
                {money(total)}
              </Text>
              {privacy > 0 && (
                <Text size="xs" c="dimmed">
                  includes whois privacy {money(WHOIS_PRIVACY_PER_YEAR)}/year
                </Text>
              )}
            </div>
          </SimpleGrid>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Select
              label="Type"
              style={{ flex: 1 }}
              data={REG_TYPES.map((t) => ({ value: t, label: regTypeLabel(t) }))}
              allowDeselect={false}
              {...form.getInputProps('reg_type')}
            />
            <Anchor component={Link} to={routePath('domain-registration-help')} size="sm" pb={8}>
              What's this?
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Radio.Group label="Whois privacy" {...form.getInputProps('whois_priv')}>
              <Group mt={4}>
                <Radio value="Yes" label={`Yes (+${money(WHOIS_PRIVACY_PER_YEAR)}/year)`} />
                <Radio value="No" label="No" />
              </Group>
            </Radio.Group>
            <Radio.Group label="Organization type" {...form.getInputProps('profit_nonprofit')}>
              <Group mt={4}>
                <Radio value="profit" label="Profit" />
                <Radio value="nonprofit" label="Non-profit" />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Select
            label="Website"
            data={[...WEBSITE_OPTIONS]}
            allowDeselect={false}
            {...form.getInputProps('website_option')}
          />
          <Textarea
            label="Instructions"
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('instructions')}
          />
          <Radio.Group
            label="Registration agreement"
            description={
              <Anchor component="button" type="button" size="xs" onClick={() => setAgreementOpen(true)}>
                Read the registration agreement
              </Anchor>
            }
            {...form.getInputProps('terms')}
          >
            <Group mt={4}>
              <Radio value="Agree" label="I agree" />
              <Radio value="DontAgree" label="I don't agree" />
            </Group>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={submitting}>
              Submit Request
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        title={<Text fw={700}>Registration Agreement</Text>}
        size="lg"
      >
        {agreement.isLoading && <Text c="dimmed">Loading…</Text>}
        {agreement.isError && <Text c="red">{failureText(agreement.error)}</Text>}
        {agreement.data && <SafeHtml html={agreement.data} />}
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              form.setFieldValue('terms', 'Agree');
              setAgreementOpen(false);
            }}
          >
            I agree
          </Button>
          <Button variant="default" onClick={() => setAgreementOpen(false)}>
            Close
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

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
  PRODUCT_NAME,
  REG_TYPES,
  type RegistrationForm,
  regTypeLabel,
  signAgreement,
  tldOf,
  WEBSITE_OPTIONS,
  WHOIS_PRIVACY_PER_YEAR,
} from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { isEmail } from '@portal/contract/rules';
import { commonText } from '@portal/contract/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { call, failureText } from '../../app/api.ts';
import { language as pageLanguage, t } from '../../app/language.ts';
import { momentIn } from '../../ui/date-time.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { fill } from '../../ui/fill.tsx';
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

/** The request as the help desk and the hostmaster read it: in English, the staff's language. */
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
  const text = { ...t(domainText), ...t(domainScreenText) };
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const form = useForm<RegistrationForm>({
    initialValues: INITIAL,
    validate: {
      domain: (v) => (v.trim() ? null : t(commonText).required),
      contact_email: (v) => (v.trim() === '' || isEmail(v.trim()) ? null : t(commonText).invalidEmail),
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
    if (!TLD.test(tld) || prices.isError) priceNote = text.notATld(tld);
    else if (prices.data && prices.data.length === 0) priceNote = text.cantFindIt;
  }

  const submit = form.onSubmit(async (values) => {
    if (busy.current) return;
    if (values.terms !== 'Agree') {
      showStatus({ title: text.mustAgree, body: '', alert: 'warning' });
      return;
    }
    if (!values.numyears || !price) {
      showStatus({ title: text.selectYears, body: '', alert: 'warning' });
      return;
    }
    const request = { ...values, price: String(price) };
    const domain = values.domain.trim().toLowerCase();
    const described = describe(request, total, currentUser);
    busy.current = true;
    setSubmitting(true);
    try {
      const subject = `Domain registration request: ${domain}`;
      const message = { send_from: currentUser, subject, message: described, reply_to: values.contact_email };
      try {
        await call(sendMessage, { body: { ...message, send_to: 'helpdesk' } });
      } catch (err) {
        showStatus({
          title: text.errorSending,
          body: failureText(err),
          alert: alertOf(err),
        });
        return;
      }
      try {
        await call(sendMessage, { body: { ...message, send_to: 'hostmaster' } });
      } catch (err) {
        showStatus({ title: text.problems, body: failureText(err), alert: alertOf(err) });
        return;
      }
      let stamp = '';
      try {
        const signed = (await call(signAgreement, { body: { domain, account: currentUser } })).data;
        const language = pageLanguage.get();
        stamp = language === 'en' ? signed.stamp : momentIn(signed.signed_at, language, { utc: true });
      } catch (err) {
        showStatus({
          title: text.signatureFailed,
          body: failureText(err),
          alert: alertOf(err),
        });
        return;
      }
      form.reset();
      showStatus({
        type: 'thankyou',
        title: text.registrationSubmitted,
        body: (
          <>
            <p>{fill(text.requestSent, { domain: <b>{domain}</b> })}</p>
            <p>{text.agreementSigned(stamp)}</p>
          </>
        ),
        menu: [{ name: text.registerAnother, url: routePath('domain-registration') }],
      });
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  });

  return (
    <Page title={text.registrationTitle} width={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            {...form.getInputProps('domain')}
            label={text.fieldDomain}
            placeholder={text.domainPlaceholder}
            withAsterisk
            description={priceNote ? undefined : text.domainDescription}
            // After the spread: the TLD lookup's answer shows when the form has no error of its own.
            error={form.errors.domain ?? (priceNote || undefined)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={text.organization} {...form.getInputProps('organization')} />
            <TextInput
              label={text.contactEmail}
              placeholder={text.contactEmailPlaceholder}
              {...form.getInputProps('contact_email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={text.yearsLabel}
              withAsterisk
              placeholder={prices.data?.length ? text.yearsPlaceholder : text.enterDomainFirst}
              data={(prices.data ?? []).map((p) => ({
                value: String(p.id),
                label: text.yearOption(p.id, money(p.price)),
              }))}
              {...form.getInputProps('numyears')}
            />
            <div>
              <Text size="sm" fw={500}>
                {text.estimatedTotal}
              </Text>
              <Text size="lg" fw={700} data-testid="estimated-total">
                {money(total)}
              </Text>
              {privacy > 0 && (
                <Text size="xs" c="dimmed">
                  {text.includesPrivacy(money(WHOIS_PRIVACY_PER_YEAR))}
                </Text>
              )}
            </div>
          </SimpleGrid>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Select
              label={text.regType}
              style={{ flex: 1 }}
              data={REG_TYPES.map((type) => ({ value: type, label: text.regTypeName(type, PRODUCT_NAME) }))}
              allowDeselect={false}
              {...form.getInputProps('reg_type')}
            />
            <Anchor component={Link} to={routePath('domain-registration-help')} size="sm" pb={8}>
              {text.whatsThis}
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Radio.Group label={text.whoisPrivacy} {...form.getInputProps('whois_priv')}>
              <Group mt={4}>
                <Radio value="Yes" label={text.yesPerYear(money(WHOIS_PRIVACY_PER_YEAR))} />
                <Radio value="No" label={text.no} />
              </Group>
            </Radio.Group>
            <Radio.Group label={text.organizationType} {...form.getInputProps('profit_nonprofit')}>
              <Group mt={4}>
                <Radio value="profit" label={text.profit} />
                <Radio value="nonprofit" label={text.nonprofit} />
              </Group>
            </Radio.Group>
          </SimpleGrid>
          <Select
            label={text.website}
            data={WEBSITE_OPTIONS.map((option) => ({ value: option, label: text.websiteOption(option) }))}
            allowDeselect={false}
            {...form.getInputProps('website_option')}
          />
          <Textarea
            label={text.instructions}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('instructions')}
          />
          <Radio.Group
            label={text.registrationAgreement}
            description={
              <Anchor component="button" type="button" size="xs" onClick={() => setAgreementOpen(true)}>
                {text.readAgreement}
              </Anchor>
            }
            {...form.getInputProps('terms')}
          >
            <Group mt={4}>
              <Radio value="Agree" label={text.agree} />
              <Radio value="DontAgree" label={text.dontAgree} />
            </Group>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={submitting}>
              {text.submitRequest}
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        title={<Text fw={700}>{text.agreementTitle}</Text>}
        size="lg"
      >
        {agreement.isLoading && <Text c="dimmed">{text.loading}</Text>}
        {agreement.isError && <Text c="red">{failureText(agreement.error)}</Text>}
        {agreement.data && <SafeHtml html={agreement.data} />}
        <Group justify="flex-end" mt="md">
          <Button
            onClick={() => {
              form.setFieldValue('terms', 'Agree');
              setAgreementOpen(false);
            }}
          >
            {text.agree}
          </Button>
          <Button variant="default" onClick={() => setAgreementOpen(false)}>
            {text.close}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

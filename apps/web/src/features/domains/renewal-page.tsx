import { Alert, Anchor, Button, Group, Modal, Select, Table, Text } from '@mantine/core';
import { domainText } from '@portal/contract/domains/messages';
import { domainScreenText } from '@portal/contract/domains/screen-messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { renewalStatusQuery } from './api.ts';
import { fill } from '../../ui/fill.tsx';
import { useRenewDomain } from './mutations.ts';

/** Renew one domain. */
export default function RenewalPage() {
  const { domain = '' } = useParams();
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const status = useQuery(renewalStatusQuery(domain));
  const [years, setYears] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // Money moves only after a review of what, how long, how much and on whose account.
  const [reviewing, setReviewing] = useState(false);
  const s = status.data;
  const price = s?.prices.find((p) => String(p.id) === years)?.price;
  const text = { ...t(domainText), ...t(domainScreenText) };

  const renew = useRenewDomain(currentUser, {
    onSuccess: (res) => {
      setDone(true);
      showStatus({
        title: t(domainText).renewalPending,
        body: t(domainScreenText).renewalQueued(
          res.data.domain,
          res.data.renewal_pending,
          res.data.new_expiration,
        ),
        alert: 'warning',
      });
    },
    onError: (err) =>
      showFailure(err, {
        title:
          err instanceof ApiError && err.code === 'refused'
            ? t(domainScreenText).cannotRenew
            : t(domainText).renewalFailed,
        body: failureText(err),
      }),
  });

  return (
    <Page title={text.renewTitle(domain)} width={720}>
      {status.isLoading && <Text c="dimmed">{text.loading}</Text>}
      {status.isError && (
        <Alert color="red" title={text.cannotRenew}>
          {failureText(status.error)}
        </Alert>
      )}
      {s && (
        <>
          <Table withTableBorder variant="vertical" layout="fixed" maw={520}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>{text.fieldDomain}</Table.Th>
                <Table.Td>{s.domain}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{text.fieldExpiration}</Table.Th>
                <Table.Td data-testid="renewal-expiration">{s.expiration_date}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{text.fieldAutoRenew}</Table.Th>
                <Table.Td>{s.auto_renew ? text.yes : text.no}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{text.fieldPending}</Table.Th>
                <Table.Td data-testid="renewal-pending">
                  {s.renewal_pending ? text.pendingYears(s.renewal_pending) : text.no}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {!s.renewable && !done && (
            <Alert color="yellow" title={s.renewal_pending ? text.renewalPending : text.cannotRenew}>
              {s.message}
            </Alert>
          )}
          {s.renewable && !done && (
            <Select
              label={text.yearsLabel}
              placeholder={text.yearsPlaceholder}
              maw={280}
              data={s.prices.map((p) => ({
                value: String(p.id),
                label: `${text.yearsCount(p.id)} – $${p.price.toFixed(2)}`,
              }))}
              value={years}
              onChange={setYears}
            />
          )}
          {done ? (
            <Text>
              <Anchor component={Link} to={routePath('renew-domains')}>
                {text.backToRenew}
              </Anchor>
            </Text>
          ) : (
            <Group>
              <Button
                onClick={() => setReviewing(true)}
                disabled={!s.renewable || !years || price === undefined}
                loading={renew.isPending}
              >
                {text.renewDomain}
              </Button>
              <Button variant="default" onClick={() => navigate(routePath('renew-domains'))}>
                {text.cancel}
              </Button>
            </Group>
          )}
        </>
      )}
      <Modal
        opened={reviewing}
        onClose={() => setReviewing(false)}
        closeButtonProps={{ 'aria-label': text.close }}
        title={<Text fw={700}>{text.reviewTitle}</Text>}
      >
        <Text data-testid="renewal-review">
          {fill(text.reviewRenewal, {
            domain: <b>{domain}</b>,
            period: text.yearsCount(Number(years)),
            price: <b>${(price ?? 0).toFixed(2)}</b>,
            account: <b>{currentUser}</b>,
          })}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setReviewing(false)}>
            {text.back}
          </Button>
          <Button
            onClick={() => {
              setReviewing(false);
              renew.mutate({ renew_domain: domain, price: price ?? 0, numyears: Number(years) });
            }}
          >
            {text.confirmRenewal}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

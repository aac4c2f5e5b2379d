import { Alert, Anchor, Button, Group, Modal, Select, Table, Text } from '@mantine/core';
import { domainText, yearLabel } from '@portal/contract/domains/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { renewalStatusQuery, yesNo } from './api.ts';
import { useRenewDomain } from './mutations.ts';

/** Renew one domain. */
export default function RenewalPage() {
  const { domain = '' } = useParams();
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const status = useQuery(renewalStatusQuery(domain));
  const [years, setYears] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // Money moves only after a review of what, how long, how much and on whose account.
  const [reviewing, setReviewing] = useState(false);
  const s = status.data;
  const price = s?.prices.find((p) => String(p.id) === years)?.price;

  const renew = useRenewDomain(currentUser, {
    onSuccess: (res) => {
      setDone(true);
      showStatus({
        title: domainText.renewalPending,
        body: domainText.renewalQueued(res.data.domain, res.data.renewal_pending, res.data.new_expiration),
        alert: 'warning',
      });
    },
    onError: (err) =>
      showStatus({
        title:
          err instanceof ApiError && err.code === 'refused'
            ? domainText.cannotRenew
            : domainText.renewalFailed,
        body: failureText(err),
        alert: err instanceof ApiError && err.kind === 'refused' ? 'warning' : 'serious',
      }),
  });

  return (
    <Page title={`Renew ${domain}`} width={720}>
      {status.isLoading && <Text c="dimmed">Loading…</Text>}
      {status.isError && (
        <Alert color="red" title={domainText.cannotRenew}>
          {failureText(status.error)}
        </Alert>
      )}
      {s && (
        <>
          <Table withTableBorder variant="vertical" layout="fixed" maw={520}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={180}>Domain</Table.Th>
                <Table.Td>{s.domain}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Expiration date</Table.Th>
                <Table.Td data-testid="renewal-expiration">{s.expiration_date}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Auto renew</Table.Th>
                <Table.Td>{yesNo(s.auto_renew)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Renewal pending</Table.Th>
                <Table.Td data-testid="renewal-pending">
                  {s.renewal_pending ? `Yes (${s.renewal_pending} ${yearLabel(s.renewal_pending)})` : 'No'}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {!s.renewable && !done && (
            <Alert
              color="yellow"
              title={s.renewal_pending ? domainText.renewalPending : domainText.cannotRenew}
            >
              {s.message}
            </Alert>
          )}
          {s.renewable && !done && (
            <Select
              label="Years"
              placeholder="Select"
              maw={280}
              data={s.prices.map((p) => ({
                value: String(p.id),
                label: `${p.id} ${yearLabel(p.id)} – $${p.price.toFixed(2)}`,
              }))}
              value={years}
              onChange={setYears}
            />
          )}
          {done ? (
            <Text>
              <Anchor component={Link} to={routePath('renew-domains')}>
                Back to Renew Domains
              </Anchor>
            </Text>
          ) : (
            <Group>
              <Button
                onClick={() => setReviewing(true)}
                disabled={!s.renewable || !years || price === undefined}
                loading={renew.isPending}
              >
                Renew Domain
              </Button>
              <Button variant="default" onClick={() => navigate(routePath('renew-domains'))}>
                Cancel
              </Button>
            </Group>
          )}
        </>
      )}
      <Modal
        opened={reviewing}
        onClose={() => setReviewing(false)}
        title={<Text fw={700}>Review the renewal</Text>}
      >
        <Text data-testid="renewal-review">
          Renew <b>{domain}</b> for {years} {yearLabel(Number(years))} at <b>${(price ?? 0).toFixed(2)}</b>,
          charged to the account <b>{currentUser}</b> on its next invoice.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setReviewing(false)}>
            Back
          </Button>
          <Button
            onClick={() => {
              setReviewing(false);
              renew.mutate({ renew_domain: domain, price: price ?? 0, numyears: Number(years) });
            }}
          >
            Confirm renewal
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

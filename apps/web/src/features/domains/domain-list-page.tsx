import { Button, Group, Text } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { DomainRow } from '@portal/contract/domains/calls';
import { domainText } from '@portal/contract/domains/messages';
import { daysLeft, domainStatus, expiresSoon } from '@portal/contract/domains/status';
import { type RouteName, routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { DataTableLater } from '../../ui/data-table-later.ts';
import { Page, RenderLater } from '../../ui/page.tsx';
import { domainsQuery, yesNo } from './api.ts';

/** The three routes sharing this screen: heading and where a row click goes. */
const EDIT_MODE: { title: string; target: RouteName } = {
  title: domainText.headingEdit,
  target: 'edit-domain',
};
const MODES: Record<string, { title: string; target: RouteName }> = {
  [routePath('domain-list')]: EDIT_MODE,
  [routePath('renew-domains')]: { title: domainText.headingRenew, target: 'domain-renewal' },
  [routePath('domain-permissions')]: { title: domainText.headingPermissions, target: 'permissions' },
};

/** The row shown when the list cannot be loaded. */
const FAILED_ROW: DomainRow = {
  domain: domainText.unknown,
  expiration_date: domainText.failed,
  auto_renew: 0,
  abandon: 0,
  renewal_pending: 0,
  contact_email: '',
  whois: '',
  owner: '',
  registrar_managed: false,
};

/**
 * A row expiring soon: a bar at its start beside its "Expires soon" words (no tint: the row's
 * buttons and links keep their contrast).
 */
const EXPIRING_ROW: React.CSSProperties = { boxShadow: 'inset 5px 0 0 var(--mantine-color-red-filled)' };

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Today in the browser's calendar, YYYY-MM-DD: the day the days left count from. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A row's days left, status and whether it expires soon (domains/status.ts in the contract). */
function outlook(d: DomainRow, today: string) {
  const days = daysLeft(d.expiration_date, today);
  const status = domainStatus(d);
  return { days, status, soon: expiresSoon(status, days) };
}

/** Edit Domains, Renew Domains, Domain Permissions: one list, three destinations. */
export default function DomainListPage() {
  const { pathname } = useLocation();
  const mode = MODES[pathname.replace(/\/+$/, '')] ?? EDIT_MODE;
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const list = useQuery({ ...domainsQuery(currentUser), enabled: !!currentUser });
  const failed = list.isError;
  const renewing = mode.target === 'domain-renewal';
  const today = localToday();

  const columns = useMemo<ColumnDef<DomainRow, unknown>[]>(
    () => [
      { accessorKey: 'domain', header: 'Domain', meta: { filter: true } },
      {
        accessorKey: 'expiration_date',
        header: 'ExD',
        cell: ({ row }) => <span style={NO_WRAP}>{row.original.expiration_date}</span>,
      },
      {
        id: 'days_left',
        header: domainText.daysLeftHeader,
        accessorFn: (d) => daysLeft(d.expiration_date, today) ?? Number.POSITIVE_INFINITY,
        cell: ({ row }) => (failed ? '' : domainText.daysLeft(outlook(row.original, today).days)),
      },
      {
        id: 'status',
        header: domainText.statusHeader,
        accessorFn: (d) => domainText.status[domainStatus(d)],
        cell: ({ row }) => {
          if (failed) return '';
          const o = outlook(row.original, today);
          return (
            <span>
              {o.soon && (
                <Text span fw={700}>
                  {'⚠ '}
                  {domainText.expiresSoon}
                  {': '}
                </Text>
              )}
              {domainText.status[o.status]}
            </span>
          );
        },
      },
      { id: 'auto_renew', accessorFn: (d) => yesNo(d.auto_renew), header: 'A/R' },
      { id: 'abandon', accessorFn: (d) => yesNo(d.abandon), header: 'L/E' },
      { id: 'renewal_pending', accessorFn: (d) => yesNo(d.renewal_pending), header: 'R/P' },
      { accessorKey: 'contact_email', header: 'Contact Email', meta: { filter: true } },
      {
        id: 'whois',
        header: 'Whois',
        enableSorting: false,
        cell: ({ row }) =>
          row.original.whois ? (
            <Button size="compact-xs" variant="light" aria-label={`Whois ${row.original.domain}`}>
              Whois
            </Button>
          ) : null,
        meta: {
          onCellClick: (d: DomainRow) => d.whois && navigate(routePath('whois', { domain: d.whois })),
        },
      },
      ...(renewing && !failed
        ? [
            {
              id: 'renew',
              header: domainText.renewHeader,
              enableSorting: false,
              cell: ({ row }) =>
                row.original.registrar_managed ? (
                  <Button
                    component={Link}
                    to={routePath('domain-renewal', { domain: row.original.domain })}
                    size="compact-sm"
                    className="tap-target"
                    aria-label={domainText.renewActionLabel(row.original.domain)}
                    onClick={(e: React.MouseEvent) => e.stopPropagation()}
                  >
                    {domainText.renewAction}
                  </Button>
                ) : null,
            } satisfies ColumnDef<DomainRow, unknown>,
          ]
        : []),
    ],
    [navigate, renewing, failed, today],
  );

  return (
    <Page title={mode.title}>
      <Group gap="lg" wrap="wrap" aria-label="Legend">
        <Text size="sm">
          <b>ExD</b> expiration date
        </Text>
        <Text size="sm">
          <b>A/R</b> auto renew yearly
        </Text>
        <Text size="sm">
          <b>R/P</b> renewal pending
        </Text>
        <Text size="sm">
          <b>L/E</b> let expire (abandon)
        </Text>
      </Group>
      <RenderLater>
        <DataTableLater
          key={pathname}
          columns={columns}
          data={failed ? [FAILED_ROW] : (list.data ?? [])}
          pageSize={PAGE.domains.size}
          pageSizes={PAGE.domains.choices}
          initialSort={[{ id: 'domain', desc: false }]}
          emptyText={domainText.noDomains}
          loading={list.isLoading}
          rowHref={(d) => (failed ? undefined : routePath(mode.target, { domain: d.domain }))}
          rowStyle={(d) => (!failed && outlook(d, today).soon ? EXPIRING_ROW : undefined)}
          caption={mode.title}
        />
      </RenderLater>
    </Page>
  );
}

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
import { t, useLanguage } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { DataTableLater } from '../../ui/data-table-later.ts';
import { Page, RenderLater } from '../../ui/page.tsx';
import { domainsQuery } from './api.ts';

/** The three routes sharing this screen: heading (its key in domainText) and where a row click goes. */
type Mode = { title: 'headingEdit' | 'headingRenew' | 'headingPermissions'; target: RouteName };
const EDIT_MODE: Mode = { title: 'headingEdit', target: 'edit-domain' };
const MODES: Record<string, Mode> = {
  [routePath('domain-list')]: EDIT_MODE,
  [routePath('renew-domains')]: { title: 'headingRenew', target: 'domain-renewal' },
  [routePath('domain-permissions')]: { title: 'headingPermissions', target: 'permissions' },
};

/** The row shown when the list cannot be loaded (in the page's language). */
const failedRow = (): DomainRow => ({
  domain: t(domainText).unknown,
  expiration_date: t(domainText).failed,
  auto_renew: 0,
  abandon: 0,
  renewal_pending: 0,
  contact_email: '',
  whois: '',
  owner: '',
  registrar_managed: false,
});

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
  useLanguage();
  const text = t(domainText);
  const title = text[mode.title];

  const columns = useMemo<ColumnDef<DomainRow, unknown>[]>(
    () => [
      { accessorKey: 'domain', header: text.columnDomain, meta: { filter: true } },
      {
        accessorKey: 'expiration_date',
        header: text.columnExpiration,
        cell: ({ row }) => <span style={NO_WRAP}>{row.original.expiration_date}</span>,
      },
      {
        id: 'days_left',
        header: text.daysLeftHeader,
        accessorFn: (d) => daysLeft(d.expiration_date, today) ?? Number.POSITIVE_INFINITY,
        cell: ({ row }) => (failed ? '' : text.daysLeft(outlook(row.original, today).days)),
      },
      {
        id: 'status',
        header: text.statusHeader,
        accessorFn: (d) => text.status(domainStatus(d)),
        cell: ({ row }) => {
          if (failed) return '';
          const o = outlook(row.original, today);
          return (
            <span>
              {o.soon && (
                <Text span fw={700}>
                  {'⚠ '}
                  {text.expiresSoon}
                  {': '}
                </Text>
              )}
              {text.status(o.status)}
            </span>
          );
        },
      },
      {
        id: 'auto_renew',
        accessorFn: (d) => (d.auto_renew ? text.yes : text.no),
        header: text.columnAutoRenew,
      },
      { id: 'abandon', accessorFn: (d) => (d.abandon ? text.yes : text.no), header: text.columnAbandon },
      {
        id: 'renewal_pending',
        accessorFn: (d) => (d.renewal_pending ? text.yes : text.no),
        header: text.columnPending,
      },
      { accessorKey: 'contact_email', header: text.columnContact, meta: { filter: true } },
      {
        id: 'whois',
        header: text.whois,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.whois ? (
            <Button size="compact-xs" variant="light" aria-label={text.whoisOf(row.original.domain)}>
              {text.whois}
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
              header: text.renewHeader,
              enableSorting: false,
              cell: ({ row }) =>
                row.original.registrar_managed ? (
                  <Button
                    component={Link}
                    to={routePath('domain-renewal', { domain: row.original.domain })}
                    size="compact-sm"
                    className="tap-target"
                    aria-label={text.renewActionLabel(row.original.domain)}
                    onClick={(e: React.MouseEvent) => e.stopPropagation()}
                  >
                    {text.renewAction}
                  </Button>
                ) : null,
            } satisfies ColumnDef<DomainRow, unknown>,
          ]
        : []),
    ],
    // text is the page's language's catalogue: the columns again when the language changes.
    [navigate, renewing, failed, today, text],
  );

  return (
    <Page title={title}>
      <Group gap="lg" wrap="wrap" aria-label={text.legend}>
        <Text size="sm">
          <b>{text.columnExpiration}</b> {text.legendExpiration}
        </Text>
        <Text size="sm">
          <b>{text.columnAutoRenew}</b> {text.legendAutoRenew}
        </Text>
        <Text size="sm">
          <b>{text.columnPending}</b> {text.legendPending}
        </Text>
        <Text size="sm">
          <b>{text.columnAbandon}</b> {text.legendAbandon}
        </Text>
      </Group>
      <RenderLater>
        <DataTableLater
          key={pathname}
          columns={columns}
          data={failed ? [failedRow()] : (list.data ?? [])}
          pageSize={PAGE.domains.size}
          pageSizes={PAGE.domains.choices}
          initialSort={[{ id: 'domain', desc: false }]}
          emptyText={text.noDomains}
          loading={list.isLoading}
          rowHref={(d) => (failed ? undefined : routePath(mode.target, { domain: d.domain }))}
          rowStyle={(d) => (!failed && outlook(d, today).soon ? EXPIRING_ROW : undefined)}
          caption={title}
        />
      </RenderLater>
    </Page>
  );
}

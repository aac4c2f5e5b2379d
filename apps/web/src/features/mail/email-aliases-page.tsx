import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { AliasRow } from '@portal/contract/mail/calls';
import { mailText } from '@portal/contract/mail/messages';
import { ownDomain } from '@portal/contract/mail/own-domain';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { aliasesQuery, domainCountsQuery, useDeleteAlias } from './api.ts';
import { destSummary } from './format.ts';

const isCatchAll = (a: AliasRow) => a.src === '*';

/** A failed load of the domains or of a domain's aliases. */
const loadFailed = (err: unknown) => ({
  title: mailText.failed,
  body: failureText(err, 'fields'),
  alert: 'serious' as const,
});

/** Email Aliases of a domain: the domain dropdown with alias counts, the alias table, add, edit and delete. */
export default function EmailAliasesPage() {
  const { currentUser } = useSession();
  const { domain: param } = useParams();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const counts = useQuery({
    ...domainCountsQuery(currentUser),
    meta: { failure: loadFailed },
  });
  const domains = counts.data ?? [];
  const domain = param && (!counts.data || domains.some((d) => d.domain === param)) ? param : '';
  const aliases = useQuery({
    ...aliasesQuery(domain),
    enabled: !!domain,
    meta: { failure: loadFailed },
  });
  const [deleting, setDeleting] = useState<AliasRow | null>(null);

  // Without a domain in the path (or one not in the list), show the account's own domain (that of
  // its billing address), else the first; a summary that cannot be loaded leaves the first.
  const summary = useQuery({ ...customerQuery(currentUser), enabled: !!currentUser });
  const summaryDone = !summary.isPending || !currentUser;
  useEffect(() => {
    if (!summaryDone) return;
    if (counts.data && counts.data.length > 0 && !counts.data.some((d) => d.domain === param)) {
      const first = ownDomain(
        counts.data.map((d) => d.domain),
        summary.data?.bill_email ?? '',
      );
      if (first) navigate(routePath('email-aliases', { domain: first }), { replace: true });
    }
  }, [counts.data, param, navigate, summaryDone, summary.data?.bill_email]);

  const remove = useDeleteAlias(currentUser, {
    onSuccess: (res) => {
      showStatus({ title: res.message, body: res.data.address, type: 'review' });
    },
    onError: (err) =>
      showStatus({
        title: mailText.deleteFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
  });

  const catchAllAlert = () =>
    showStatus({ title: mailText.catchAll, body: mailText.catchAll, alert: 'warning' });

  const columns: ColumnDef<AliasRow, unknown>[] = [
    {
      accessorKey: 'src',
      header: 'Source',
      cell: ({ row }) => (isCatchAll(row.original) ? '* (catch-all)' : row.original.src),
    },
    {
      id: 'dst',
      header: 'Dest List',
      accessorFn: (a) => a.dst_list.join(' '),
      cell: ({ row }) => (
        <span style={{ overflowWrap: 'break-word' }}>{destSummary(row.original.dst_list)}</span>
      ),
    },
    {
      id: 'edit',
      header: 'Edit',
      enableSorting: false,
      cell: ({ row }) =>
        isCatchAll(row.original) ? null : (
          <Button
            component={Link}
            to={routePath('update-email-alias', { domain, src: row.original.src })}
            size="compact-sm"
            variant="light"
            aria-label={`Edit ${row.original.src}`}
          >
            Edit
          </Button>
        ),
    },
    {
      id: 'delete',
      header: 'Delete',
      enableSorting: false,
      cell: ({ row }) =>
        isCatchAll(row.original) ? null : (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={`Delete ${row.original.src}`}
            onClick={() => setDeleting(row.original)}
          >
            Delete
          </Button>
        ),
    },
  ];

  return (
    <Page title="Email Aliases">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Domain"
          w={320}
          maw="100%"
          data={domains.map((d) => ({ value: d.domain, label: `${d.domain} (${d.num_aliases})` }))}
          value={domain || null}
          onChange={(v) => v && navigate(routePath('email-aliases', { domain: v }))}
          allowDeselect={false}
          searchable
          nothingFoundMessage={mailText.noDomains}
          placeholder={counts.isLoading ? 'Loading…' : mailText.noDomains}
        />
        <Button
          component={Link}
          to={domain ? routePath('create-email-alias', { src_domain: domain }) : '#'}
          disabled={!domain}
        >
          Add an Alias
        </Button>
      </Group>
      {counts.data && domains.length === 0 && <Text>{mailText.noDomains}</Text>}
      {aliases.data?.some(isCatchAll) && (
        <Alert color="blue" variant="light" p="xs">
          <Text size="sm">
            The catch-all (*) receives mail for every address of {domain} that has no alias of its own.{' '}
            {mailText.catchAll}
          </Text>
        </Alert>
      )}
      {domain && (
        <DataTable
          columns={columns}
          data={aliases.isError ? [] : (aliases.data ?? [])}
          pageSize={PAGE.aliases.size}
          pageSizes={PAGE.aliases.choices}
          initialSort={[{ id: 'src', desc: false }]}
          globalSearch
          emptyText="No aliases for this domain"
          loading={aliases.isLoading}
          onRowClick={(a) => isCatchAll(a) && catchAllAlert()}
          caption={`Email aliases of ${domain}`}
        />
      )}
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={<Text fw={700}>Delete alias</Text>}>
        <Text style={{ overflowWrap: 'anywhere' }}>
          Delete {deleting ? `${deleting.src}@${domain}` : ''}? Mail to it will no longer be delivered.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (deleting) remove.mutate({ src_user: deleting.src, src_domain: domain });
              setDeleting(null);
            }}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

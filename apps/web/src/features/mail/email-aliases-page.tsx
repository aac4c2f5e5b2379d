import { Alert, Button, Group, Modal, Select, Text } from '@mantine/core';
import { PAGE } from '@portal/contract/constants';
import type { AliasRow } from '@portal/contract/mail/calls';
import { mailScreenText, mailText } from '@portal/contract/mail/messages';
import { ownDomain } from '@portal/contract/mail/own-domain';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { failureText } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery } from '../../app/shared-queries.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { aliasesQuery, domainCountsQuery, useDeleteAlias } from './api.ts';
import { Breakable } from './cells.tsx';
import { destSummary } from './format.ts';

const isCatchAll = (a: AliasRow) => a.src === '*';

/** A failed load of the domains or of a domain's aliases. */
const loadFailed = (err: unknown) => ({
  title: t(mailText).failed,
  body: failureText(err, 'fields'),
  alert: 'serious' as const,
});

/** Email Aliases of a domain: the domain dropdown with alias counts, the alias table, add, edit and delete. */
export default function EmailAliasesPage() {
  const { currentUser } = useSession();
  const { domain: param } = useParams();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
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
  const m = t(mailScreenText);
  const mt = t(mailText);

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
      // The title from the answer's data, in the page's language (the API's message is English).
      showStatus({ title: t(mailText).deleted, body: res.data.address, type: 'review' });
    },
    onError: (err) =>
      showFailure(err, {
        title: mt.deleteFailed,
        body: failureText(err, 'fields'),
        alert: 'serious',
      }),
  });

  const catchAllAlert = () => showStatus({ title: mt.catchAll, body: mt.catchAll, alert: 'warning' });

  const columns: ColumnDef<AliasRow, unknown>[] = [
    {
      accessorKey: 'src',
      header: m.colSource,
      cell: ({ row }) => (isCatchAll(row.original) ? m.catchAllSource : row.original.src),
    },
    {
      id: 'dst',
      header: m.colDestList,
      accessorFn: (a) => a.dst_list.join(' '),
      cell: ({ row }) => <Breakable text={destSummary(row.original.dst_list, m.moreTargets)} />,
    },
    {
      id: 'edit',
      header: m.colEdit,
      enableSorting: false,
      cell: ({ row }) =>
        isCatchAll(row.original) ? null : (
          <Button
            component={Link}
            to={routePath('update-email-alias', { domain, src: row.original.src })}
            size="compact-sm"
            variant="light"
            aria-label={m.editAlias(row.original.src)}
          >
            {m.edit}
          </Button>
        ),
    },
    {
      id: 'delete',
      header: m.colDelete,
      enableSorting: false,
      cell: ({ row }) =>
        isCatchAll(row.original) ? null : (
          <Button
            size="compact-sm"
            variant="default"
            aria-label={m.deleteAlias(row.original.src)}
            onClick={() => setDeleting(row.original)}
          >
            {m.delete}
          </Button>
        ),
    },
  ];

  return (
    <Page title={m.aliasesTitle}>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={m.domainLabel}
          w={320}
          maw="100%"
          data={domains.map((d) => ({ value: d.domain, label: `${d.domain} (${d.num_aliases})` }))}
          value={domain || null}
          onChange={(v) => v && navigate(routePath('email-aliases', { domain: v }))}
          allowDeselect={false}
          searchable
          nothingFoundMessage={mt.noDomains}
          placeholder={counts.isLoading ? m.loading : mt.noDomains}
        />
        <Button
          component={Link}
          to={domain ? routePath('create-email-alias', { src_domain: domain }) : '#'}
          disabled={!domain}
        >
          {m.addAnAlias}
        </Button>
      </Group>
      {counts.data && domains.length === 0 && <Text>{mt.noDomains}</Text>}
      {aliases.data?.some(isCatchAll) && (
        <Alert color="blue" variant="light" p="xs">
          <Text size="sm">
            {m.catchAllNote(domain)} {mt.catchAll}
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
          emptyText={m.noAliases}
          loading={aliases.isLoading}
          onRowClick={(a) => isCatchAll(a) && catchAllAlert()}
          caption={m.aliasesCaption(domain)}
        />
      )}
      <Modal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title={<Text fw={700}>{m.deleteAliasTitle}</Text>}
      >
        <Text style={{ overflowWrap: 'anywhere' }}>
          {m.deleteAliasAsk(deleting ? `${deleting.src}@${domain}` : '')}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {m.cancel}
          </Button>
          <Button
            color="red"
            onClick={() => {
              if (deleting) remove.mutate({ src_user: deleting.src, src_domain: domain });
              setDeleting(null);
            }}
          >
            {m.delete}
          </Button>
        </Group>
      </Modal>
    </Page>
  );
}

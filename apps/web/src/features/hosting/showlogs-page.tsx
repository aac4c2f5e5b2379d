import { Button, Group, Text } from '@mantine/core';
import { adminText } from '@portal/contract/admin/messages';
import { PAGE } from '@portal/contract/constants';
import type { LogEntry } from '@portal/contract/hosting/calls';
import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, call } from '../../app/api.ts';
import { t } from '../../app/language.ts';
import { useSession } from '../../app/session.ts';
import { customerQuery, useInfoAccount } from '../../app/shared-queries.ts';
import { useStatus } from '../../app/status.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { Page } from '../../ui/page.tsx';
import { useOnUserChange } from './api.ts';

/** The spec's poll interval (12 s). Browser tests may shorten it with `window.__portalLogPollMs`. */
export const LOG_POLL_MS = 12_000;
/** Rows kept on screen; the oldest fall off (the full log is the Download). */
const MAX_ROWS = 10_000;

function pollInterval(): number {
  const injected = (window as Window & { __portalLogPollMs?: unknown }).__portalLogPollMs;
  return typeof injected === 'number' && injected >= 100 ? injected : LOG_POLL_MS;
}

/** The columns, in the language of `text`. */
const columnsIn = (text: typeof hostingText): ColumnDef<LogEntry, unknown>[] => [
  {
    accessorKey: 'msg',
    header: text.columnLog,
    enableSorting: false,
    meta: { filter: true },
    cell: ({ row }) => (
      <Text ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {row.original.msg}
      </Text>
    ),
  },
];

/** Show Logs: a site's error log, newest first, polled for newer rows (a dashboard admin: its primary's site). */
export default function ShowLogsPage() {
  const { virtname = '', vid = '' } = useParams();
  const { currentUser } = useSession();
  const { account, readOnly, ready } = useInfoAccount();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const customer = useQuery({ ...customerQuery(account), enabled: ready });
  const [rows, setRows] = useState<LogEntry[]>([]);
  const [newRows, setNewRows] = useState(0);
  const [failed, setFailed] = useState(false);
  const uid = useRef<number | string>('?');
  uid.current = customer.data?.uid ?? '?';
  // The screen belongs to the user it was opened for: once staff change the current user it is
  // leaving for home, and must not ask for this site under the new account.
  const openedFor = useRef(currentUser);

  useOnUserChange(currentUser, () => navigate('/'));

  useEffect(() => {
    // Until the role is known it is not known whose site this is.
    if (!ready || currentUser !== openedFor.current) return;
    // Per run of the effect: a request that returns after the screen moved on is dropped.
    let active = true;
    let busy = false;
    let lastId = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      active = false;
      clearInterval(timer);
    };
    setRows([]);
    setNewRows(0);
    setFailed(false);
    const poll = async () => {
      // One request at a time: a slow answer must not let the next poll ask with the same last id.
      if (!active || busy) return;
      busy = true;
      try {
        const res = await call(C.getErrorLogs, {
          body: { virt_server: virtname, vid, logname: account, last_log_id: lastId },
        });
        if (!active) return;
        const { logs, numrows, new_last_log_id } = res.data;
        lastId = new_last_log_id;
        setFailed(false);
        setNewRows(numrows);
        if (numrows > 0) setRows((old) => [...logs, ...old].slice(0, MAX_ROWS));
      } catch (err) {
        if (!active) return;
        if (err instanceof ApiError && err.kind === 'refused') {
          // A refusal will not change by asking again: stop polling and say who and what was asked.
          stop();
          showStatus({
            title: err.message,
            body: (
              <>
                {err.message}
                <br />
                {t(hostingText).logsFailedLine(account, uid.current, virtname, vid)}
              </>
            ),
            alert: 'serious',
          });
          return;
        }
        if (err instanceof ApiError && err.kind === 'expired') return;
        setFailed(true);
      } finally {
        busy = false;
      }
    };
    timer = setInterval(() => void poll(), pollInterval());
    void poll();
    return stop;
  }, [currentUser, account, ready, virtname, vid, showStatus]);

  const total = rows.length;
  const text = t(hostingText);
  const columns = useMemo(() => columnsIn(text), [text]);
  return (
    <Page title={text.showLogs(virtname)}>
      {readOnly && (
        <Text size="sm" c="dimmed">
          {t(adminText).readOnlyNote(account)}
        </Text>
      )}
      {total === 0 && !failed && <Text>{text.logsZeroRows}</Text>}
      <Group gap="lg">
        <Text data-testid="total-rows">{text.totalRows(total)}</Text>
        <Text data-testid="new-rows">{text.newRows(newRows)}</Text>
      </Group>
      <DataTable
        columns={columns}
        data={failed && total === 0 ? [] : rows}
        pageSize={PAGE.logs.size}
        pageSizes={PAGE.logs.choices}
        emptyText={failed ? text.noLogsFound : text.logsZeroRows}
        caption={text.errorLog}
      />
      <Group>
        <Button variant="default" onClick={() => navigate(routePath('websites'))}>
          {text.back}
        </Button>
      </Group>
    </Page>
  );
}

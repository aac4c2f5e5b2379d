import * as C from '@portal/contract/hosting/calls';
import { hostingText } from '@portal/contract/hosting/messages';
import type { BodyOf } from '@portal/contract/http';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, call, failureText } from '../../app/api.ts';
import { type CallMutationConfig, useCallMutation } from '../../app/call-mutation.ts';
import { type Answered, type MutationConfig, useInvalidatingMutation } from '../../app/mutation.ts';
import { t } from '../../app/language.ts';

/** Fetchers and query options of the hosting area; every key starts with its call path. */

/** How often a screen showing a pending change asks whether it has completed. */
export const PENDING_POLL_MS = 5_000;

export const websitesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.compressedWebsites.path, user],
    queryFn: () => call(C.compressedWebsites, { params: { user } }).then((r) => r.data),
    // A pending change completes on its own: the list follows it without a reload.
    refetchInterval: (q) => (q.state.data?.some((w) => w.pending) ? PENDING_POLL_MS : false),
  });

export const nondevWebsitesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.compressedNondevWebsites.path, user],
    queryFn: () => call(C.compressedNondevWebsites, { params: { user } }).then((r) => r.data),
  });

export const virtDetailsQuery = (user: string, vid: string) =>
  queryOptions({
    queryKey: [C.virtDetails.path, user, vid],
    queryFn: () => call(C.virtDetails, { params: { user, vid } }).then((r) => r.data),
    retry: false,
  });

export const pendingChangeQuery = (logname: string, vid: string) =>
  queryOptions({
    queryKey: [C.pendingVirtChange.path, logname, vid],
    queryFn: () => call(C.pendingVirtChange, { body: { logname, vid } }).then((r) => r.data),
    retry: false,
    refetchInterval: (q) => (q.state.data?.pending ? PENDING_POLL_MS : false),
  });

export const phpVersionsQuery = queryOptions({
  queryKey: [C.phpVersions.path],
  queryFn: () => call(C.phpVersions).then((r) => r.data),
  staleTime: 5 * 60_000,
});

export const appListQuery = queryOptions({
  queryKey: [C.appList.path],
  queryFn: () => call(C.appList).then((r) => r.data),
  staleTime: 5 * 60_000,
});

export const pendingInstallsQuery = (user: string) =>
  queryOptions({
    queryKey: [C.pendingInstallations.path, user],
    queryFn: () => call(C.pendingInstallations, { params: { user } }).then((r) => r.data.installations),
  });

export const devsitesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.devsites.path, user],
    queryFn: () => call(C.devsites, { params: { user } }).then((r) => r.data),
  });

export const devsiteQuery = (user: string, vid: string) =>
  queryOptions({
    queryKey: [C.devsite.path, user, vid],
    queryFn: () => call(C.devsite, { params: { user, vid } }).then((r) => r.data),
    retry: false,
  });

export const databasesQuery = (user: string) =>
  queryOptions({
    queryKey: [C.databases.path, user],
    queryFn: () => call(C.databases, { params: { user } }).then((r) => r.data),
  });

/** A hosting query's failed load, as its `meta.failure`: a serious pop-up, `title` over what the server said. */
export const loadFailure = (title: string) => (err: unknown) => ({
  title,
  body: failureText(err, 'message-and-fields'),
  alert: 'serious' as const,
});

/**
 * Site and devsite calls, by the answer's code: `forbidden` is the permissions problem, `not_found`
 * the missing vid, a change still under way (`conflict`, or the same request still being processed)
 * the pending change; else `title`.
 */
export function siteFailure(err: unknown, title: string) {
  if (err instanceof ApiError && err.code === 'forbidden') {
    return {
      title: t(hostingText).permissionsProblem,
      body: t(hostingText).permissionsProblemBody,
      alert: 'warning' as const,
    };
  }
  if (err instanceof ApiError && err.code === 'not_found') {
    return {
      title: t(hostingText).vidNotFound,
      body: failureText(err, 'message-and-fields'),
      alert: 'warning' as const,
    };
  }
  if (err instanceof ApiError && (err.code === 'conflict' || err.code === 'idempotency_in_progress')) {
    return {
      title: t(hostingText).changePending,
      body: failureText(err, 'message-and-fields'),
      alert: 'warning' as const,
    };
  }
  return {
    title,
    body: failureText(err, 'message-and-fields'),
    alert: err instanceof ApiError && err.kind === 'refused' ? ('warning' as const) : ('serious' as const),
  };
}

/** Runs `onChange` when the current user changes while the screen is open (not on first render). */
export function useOnUserChange(currentUser: string, onChange: () => void) {
  const first = useRef(currentUser);
  const cb = useRef(onChange);
  cb.current = onChange;
  useEffect(() => {
    if (currentUser !== first.current) cb.current();
  }, [currentUser]);
}

/**
 * Downloads a site's error log. The page asks for a short-lived signed link and hands it to the
 * browser's download manager, which streams the file to disk: a log of hundreds of MB never passes
 * through the page's memory. Answers 'empty' (and downloads nothing) when the log has no line yet.
 */
export async function downloadErrorLog(site: {
  logname: string;
  vid: number;
  virtname: string;
}): Promise<'started' | 'empty'> {
  const { data } = await call(C.downloadErrorLogsLink, {
    body: { logname: site.logname, vid: site.vid, virt_server: site.virtname },
  });
  if (data.empty) return 'empty';
  const a = document.createElement('a');
  a.href = data.url;
  a.download = data.filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  return 'started';
}

// Mutations, next to the queries they change (app/mutation.ts).

type UpdatePhpBody = BodyOf<typeof C.updatePhpVersion>;
/**
 * Queues a site's PHP change: its pending state, its details (a change applied at once) and the
 * site list change. A refusal re-reads the pending state too (another change may be what refused it).
 */
export function useUpdatePhpVersion(
  account: string,
  vid: string,
  { onError, ...config }: MutationConfig<Answered<typeof C.updatePhpVersion>, UpdatePhpBody> = {},
) {
  const queryClient = useQueryClient();
  return useInvalidatingMutation(
    (body: UpdatePhpBody) => call(C.updatePhpVersion, { body }),
    () => [
      pendingChangeQuery(account, vid).queryKey,
      virtDetailsQuery(account, vid).queryKey,
      websitesQuery(account).queryKey,
    ],
    {
      ...config,
      onError: (...args) => {
        void queryClient.invalidateQueries({ queryKey: pendingChangeQuery(account, vid).queryKey });
        return onError?.(...args);
      },
    },
  );
}

/** Starts an app install: the account's pending installs change. */
export const useInstallApp = (account: string, config?: CallMutationConfig<typeof C.installApp>) =>
  useCallMutation(C.installApp, () => [pendingInstallsQuery(account).queryKey], config);

/**
 * A devsite request to the network team: create a devsite (the sites it can be made from change),
 * or promote or refresh one (queued for the team; nothing the screens read changes until it is done).
 */
export const useDevsiteRequest = (account: string, config?: CallMutationConfig<typeof C.devsiteRequest>) =>
  useCallMutation(
    C.devsiteRequest,
    (_res, body) => (body.action === 'create' ? [nondevWebsitesQuery(account).queryKey] : []),
    config,
  );

/** Turns a site's error-log watch on or off: the site list changes. */
export const useWatchErrorLogs = (account: string, config?: CallMutationConfig<typeof C.watchErrorLogs>) =>
  useCallMutation(C.watchErrorLogs, () => [websitesQuery(account).queryKey], config);

import { ActionIcon, Alert, Text, useMantineColorScheme } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { SafeHtml } from '../ui/safe-html.tsx';
import { call } from './api.ts';
import { session, useSession } from './session.ts';
import { alertColor } from './status.ts';

/** Pieces of the shell shown both signed in and signed out. */

/** The stored mode is fetched once per operator; a toggle made meanwhile wins over the fetched value. */
export const modeSync = { fetchedFor: '', userChanges: 0 };
export const markModeKnown = (operator: string) => {
  modeSync.fetchedFor = operator;
};

export function Banner() {
  const { banner } = useSession();
  return (
    <Text component="p" role="status" fw={600} mb="sm" data-testid="banner">
      {banner}
    </Text>
  );
}

/** The dismissible notice bar: review-type status messages. */
export function NoticeBar() {
  const { status } = useSession();
  if (status?.type !== 'review') return null;
  return (
    <Alert
      color={alertColor(status.alert)}
      title={status.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={() => session.set({ status: null })}
      mb="md"
      data-testid="notice"
    >
      <SafeHtml html={status.body} />
    </Alert>
  );
}

const StatusModalView = lazy(() => import('./status-modal.tsx'));

/** The status modal; its code loads the first time a modal is shown. */
export function StatusModal() {
  const { status } = useSession();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (status?.type === 'modal') setWanted(true);
  }, [status]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <StatusModalView />
    </Suspense>
  );
}

export function ModeToggle() {
  const { mode, loggedIn, operator } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Switch to ${next} mode`}
      onClick={() => {
        modeSync.userChanges++;
        session.set({ mode: next });
        setColorScheme(next);
        if (loggedIn) {
          void import('@portal/contract/session/calls')
            .then((S) => call(S.setMode, { body: { logname: operator, mode: next } }))
            .catch(() => {});
        }
      }}
    >
      {mode === 'dark' ? '☀' : '☾'}
    </ActionIcon>
  );
}

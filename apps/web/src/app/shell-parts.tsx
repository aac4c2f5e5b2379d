import { ActionIcon, Alert, Group, Text, useComputedColorScheme } from '@mantine/core';
import type { ColorMode } from '@portal/contract/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { inLanguage } from '@portal/contract/i18n/catalogue';
import { LANGUAGES } from '@portal/contract/i18n/languages';
import { commonText } from '@portal/contract/messages';
import { call } from './api.ts';
import { t, useLanguage } from './language.ts';
import { session, useSession } from './session.ts';
import { alertColor } from './status.ts';
import { shellText } from '@portal/contract/shell/messages';

/** Pieces of the shell shown both signed in and signed out. */

/** The stored mode is fetched once per operator; a toggle made meanwhile wins over the fetched value. */
export const modeSync = { fetchedFor: '', userChanges: 0 };
export const markModeKnown = (operator: string) => {
  modeSync.fetchedFor = operator;
};

export function Banner() {
  const { banner, loggedIn, operator } = useSession();
  useLanguage();
  // The greeting set at sign-in follows a language chosen afterwards; other banners are shown as set.
  const greeting =
    loggedIn && LANGUAGES.some((l) => banner === inLanguage(commonText, l).loggedIn(operator))
      ? t(commonText).loggedIn(operator)
      : banner;
  return (
    <Text component="p" role="status" fw={600} mb="sm" data-testid="banner">
      {greeting}
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
      <div>{status.body}</div>
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

/**
 * Light or dark, as the user picks (saved per user); until a pick, the device's setting
 *. The toggle switches away from the scheme shown; once a pick is stored, a second button
 * goes back to following the device.
 */
export function ModeToggle() {
  const { mode } = useSession();
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = shown === 'dark' ? 'light' : 'dark';
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        // 34 px by Mantine's size; 44 px on a phone (global.css .tap-target)
        className="tap-target"
        aria-label={t(shellText).switchMode(next)}
        onClick={() => chooseMode(next)}
      >
        {shown === 'dark' ? '☀' : '☾'}
      </ActionIcon>
      {mode !== 'system' && (
        <ActionIcon
          variant="default"
          size="lg"
          className="tap-target"
          aria-label={t(shellText).followDevice}
          title={t(shellText).followDevice}
          onClick={() => chooseMode('system')}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M8 1.5a6.5 6.5 0 0 1 0 13z" fill="currentColor" />
          </svg>
        </ActionIcon>
      )}
    </Group>
  );
}

/** Stores the choice in the session (the shell applies it to Mantine) and, signed in, on the server. */
function chooseMode(mode: ColorMode): void {
  const { loggedIn, operator } = session.get();
  modeSync.userChanges++;
  session.set({ mode });
  if (loggedIn) {
    void import('@portal/contract/session/calls')
      .then((S) => call(S.setMode, { body: { logname: operator, mode } }))
      .catch(() => {});
  }
}

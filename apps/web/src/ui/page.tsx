import { Stack, Title } from '@mantine/core';
import { type Query, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';

/** How long a screen's content may wait for its first data before it shows what it has. */
const FIRST_DATA_WAIT_MS = 700;
/** Queries loading for the first time (no data yet); background refreshes do not count. */
const loadingFirstData = {
  predicate: (q: Query) => q.state.status === 'pending' && q.state.fetchStatus === 'fetching',
};

/**
 * False while the screen's first data is loading, for at most FIRST_DATA_WAIT_MS. A query may wait
 * for another (the account's role, then its payments): its component renders and starts it only
 * after the first one has answered, so "nothing loading" counts once the page is idle again.
 */
function useFirstDataSettled(): boolean {
  const client = useQueryClient();
  const loading = useIsFetching(loadingFirstData);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), FIRST_DATA_WAIT_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  useEffect(() => {
    if (settled || loading > 0) return;
    const check = () => client.isFetching(loadingFirstData) === 0 && setSettled(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(check, 100);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(check);
    return () => cancelIdleCallback(idle);
  }, [loading, settled, client]);
  return settled;
}

/**
 * The style of a part of a screen's content that shows at once, like the heading, while the rest
 * waits for the screen's first data: for a part at the top of the content that needs none of that
 * data (nothing above it may change size).
 */
export const SHOW_AT_ONCE = { visibility: 'visible' } as const;

/**
 * A screen: its heading and content, at a readable width. Until the screen's first data has come
 * (briefly: see FIRST_DATA_WAIT_MS) the content is laid out but not shown, so it appears once, at
 * its final size, instead of growing and pushing what is below it down as each answer arrives;
 * the heading shows at once (and any part styled SHOW_AT_ONCE).
 */
export function Page({
  title,
  children,
  width = 960,
}: {
  title: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  const settled = useFirstDataSettled();
  return (
    <Stack gap="md" maw={width} w="100%" style={settled ? undefined : { visibility: 'hidden' }}>
      <Title order={2} style={settled ? undefined : SHOW_AT_ONCE}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

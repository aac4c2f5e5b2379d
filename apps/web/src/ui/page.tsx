import { Stack, Title } from '@mantine/core';
import { type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import { ScreenData } from '../app/screen-data.ts';

/**
 * True once the screen's own first data has come: its manifest entry's `data` (the route's loader,
 * app/screen.ts), started with the screen's code, settled — at most FIRST_DATA_WAIT_MS after the
 * route was reached (app/screens.ts). At once for a screen without first data. Other screens'
 * queries, and the background refreshes of data already shown, do not count.
 */
export function useFirstData(): boolean {
  const data = useContext(ScreenData);
  const [settledFor, setSettledFor] = useState<Promise<unknown> | null>(null);
  useEffect(() => {
    let live = true;
    data?.then(() => live && setSettledFor(data));
    return () => {
      live = false;
    };
  }, [data]);
  return data === null || settledFor === data;
}

/**
 * The style of a part of a screen's content that shows at once, like the heading, while the rest
 * waits for the screen's first data: for a part at the top of the content that needs none of that
 * data (nothing above it may change size).
 */
export const SHOW_AT_ONCE = { visibility: 'visible' } as const;

/** The style of content laid out but not shown until the screen's first data has come. */
export const UNTIL_FIRST_DATA = { visibility: 'hidden' } as const;

/**
 * The bulk of a screen (a table, a form), rendered in a second, interruptible pass after the screen's
 * first commit: the heading and what is above this paint in a short task, and the rest follows in
 * slices instead of one long task (on a slow phone the first commit of the domain list or Make
 * Payment was one 150–200 ms task at the end of their load). For content with nothing shown below
 * it, whose arrival therefore moves nothing already on screen; it is laid out hidden until the
 * screen's first data anyway (Page). The second pass is a state set in a transition once the
 * first commit is done (its own render, interruptible); no suspense, no fallback.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  useEffect(() => startTransition(() => setShow(true)), []);
  return show ? children : null;
}

/**
 * A screen: its heading and content, at a readable width. Until the screen's own first data has
 * come (useFirstData) the content is laid out but not shown, so it appears once, at its final
 * size, instead of growing and pushing what is below it down as each answer arrives; the heading
 * shows at once (and any part styled SHOW_AT_ONCE).
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
  const settled = useFirstData();
  return (
    <Stack gap="md" maw={width} w="100%" style={settled ? undefined : UNTIL_FIRST_DATA}>
      <Title order={2} style={settled ? undefined : SHOW_AT_ONCE}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

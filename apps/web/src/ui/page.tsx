import { Stack, Title } from '@mantine/core';
import { type ReactNode, Suspense, startTransition, useContext, useEffect, useState } from 'react';
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
 * The bulk of a screen (a table, a form), rendered once the screen's first frame has painted: the
 * heading and what is above this show in a short task, and the bulk follows in its own,
 * interruptible render (a transition) instead of one long task (on a slow phone the first commit of
 * the domain list or Make Payment was one 150–200 ms task at the end of their load). For content
 * with nothing shown below it, whose arrival therefore moves nothing already on screen; it is laid
 * out hidden until the screen's first data anyway (Page).
 *
 * The bulk's code may be a chunk of its own (`React.lazy`): it is then asked for only after that
 * paint, so on a slow link the first frame does not share the bandwidth with it (the domain list's
 * table and its inputs, Make Payment's form: about 70 KB of the 205 KB its screen downloaded
 * before its heading painted). No fallback: nothing shows until it has come.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setShow(true))), []);
  return show ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * Calls `run` once the browser has painted the next frame (a task queued from the frame's
 * animation callback runs after its paint); returns the cancel. In a hidden tab, which paints
 * nothing, that is when the tab is shown.
 */
function afterNextPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
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

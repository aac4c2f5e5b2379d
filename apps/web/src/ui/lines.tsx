import { Fragment, type ReactNode } from 'react';

/** Lines of a status body, one under another: texts are React children, so nothing needs escaping. */
export function Lines({ lines }: { lines: readonly ReactNode[] }) {
  return lines.map((line, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, never reordered
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

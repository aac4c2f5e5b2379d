import { Fragment, type ReactNode } from 'react';

/**
 * A catalogue's sentence with `{name}` places (docs/languages.md), each filled with a node: the
 * words around them stay the language's own, in its own order.
 */
export function fill(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed sentence, in order
    return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}

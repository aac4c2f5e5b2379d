/**
 * What the checks for texts written inline count as words a reader reads (the web's
 * apps/web/src/app/inline-texts.test.ts, the server's apps/server/src/lib/mail-texts.test.ts):
 * a text written inline in English stays English in every language (docs/languages.md).
 */

/** Whether a text has a word in it (not punctuation, numbers or a single symbol). */
export const hasWords = (text: string): boolean => /[A-Za-z]{2,}/.test(text);

/**
 * A word a user reads in a written part of a template literal: letters standing on their own, not
 * glued to a value (`faqQ${n}`, `${n}rem`) nor to the marks of a class name, a key, a path or a
 * CSS value (`note-`, `rows.`, `(min-width:`); `\0` stands for a value next to the part.
 */
const READ_WORD = /(?<![\w\0.\-#@/=&?])[A-Za-z]{2,}(?![\w\0\-=/(]|[.:][\w\0])/;

/** Whether a written part has a word a user reads, once tokens of a URL, a query or an address are dropped. */
const partReads = (part: string, valueBefore: boolean, valueAfter: boolean) => {
  const words = part
    .split(/(\s+)/)
    .filter((token) => !/[/=@;_]|^data:/.test(token))
    .join('');
  return READ_WORD.test(`${valueBefore ? '\0' : ''}${words}${valueAfter ? '\0' : ''}`);
};

/**
 * Whether the written parts of a template literal with values (the texts between its `${…}`, in
 * order) have a word a user reads: `${n} days left` has, `note-${id}` and `/domains/${name}` have not.
 */
export const writtenPartsRead = (parts: readonly string[]): boolean =>
  parts.some((part, i) => partReads(part, i > 0, i < parts.length - 1));

/**
 * A source file's constants written once (`const summary = \`…\``), by name: what a name a screen
 * shows or a mail writes holds. A name declared twice in the file may hold either: it is not
 * followed (null). The checks pass the TypeScript compiler they parse with.
 */
export function constantsOf(
  ts: typeof import('typescript'),
  file: import('typescript').SourceFile,
): Map<string, import('typescript').Expression | null> {
  const found = new Map<string, import('typescript').Expression | null>();
  const visit = (node: import('typescript').Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const once = node.initializer && ts.getCombinedNodeFlags(node) & ts.NodeFlags.Const;
      found.set(node.name.text, once && !found.has(node.name.text) ? (node.initializer ?? null) : null);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

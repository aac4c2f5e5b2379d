import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text a screen shows comes from a catalogue (docs/languages.md): a label written inline in
 * a screen stays English in every language. This check parses each `.tsx` of the web app and
 * counts the texts written inline: JSX text with letters, and string literals given to the props a
 * user reads or hears (label, placeholder, title, aria-label, …), directly or as `{'…'}`, and to
 * the keys of objects a screen shows (a column's `header`, an item's `label`).
 * Only the names listed in SAME_IN_EVERY_LANGUAGE may be written inline.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Props whose value a user reads or hears. */
const USER_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'description',
  'alt',
  'error',
  'message',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'helperText',
  'tooltip',
  'submitLabel',
]);

/** Keys of objects a screen shows: a table's column header, a menu item's label, a notification. */
const OBJECT_PROPS = new Set(['header', 'label', 'title', 'placeholder', 'description', 'message']);

/** Whether a text has a word in it (not punctuation, numbers or a single symbol). */
const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text);

/** The string literals an expression in JSX shows: itself, or either branch of `a ? b : c`, `a && b`, `a ?? b`. */
function shownLiterals(e: ts.Expression): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isParenthesizedExpression(e)) return shownLiterals(e.expression);
  if (ts.isConditionalExpression(e)) return [...shownLiterals(e.whenTrue), ...shownLiterals(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shownLiterals(e.left), ...shownLiterals(e.right)];
  }
  return [];
}

export function inlineTexts(source: string, fileName = 'x.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (hasWords(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && USER_PROPS.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value &&
              ts.isJsxExpression(value) &&
              value.expression &&
              (ts.isStringLiteral(value.expression) || ts.isNoSubstitutionTemplateLiteral(value.expression))
            ? value.expression.text
            : undefined;
      if (literal !== undefined && hasWords(literal)) found.push(`${node.name.getText(file)}="${literal}"`);
    } else if (
      ts.isPropertyAssignment(node) &&
      OBJECT_PROPS.has(node.name.getText(file)) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      hasWords(node.initializer.text)
    ) {
      found.push(`${node.name.getText(file)}: '${node.initializer.text}'`);
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      found.push(...shownLiterals(node.expression).filter(hasWords));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(path);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [relative(SRC, path)] : [];
  });
}

/**
 * Texts written inline that are the same in every language, by file: names of protocols, products
 * and algorithms, an example value, and catalogue keys kept in a `title` field. Anything else a
 * screen writes inline fails the check below.
 */
const SAME_IN_EVERY_LANGUAGE: Record<string, string[]> = {
  // The HTTP header a developer types, as RFC 6750 writes it.
  'features/account/api-tokens-page.tsx': ['Authorization: Bearer …'],
  // The mail protocols a password is for.
  'features/account/mail-app-passwords-page.tsx': ["label: 'IMAP/POP3'", "label: 'SMTP'"],
  // The keys of domainText that title each tab (read through t() where shown).
  'features/domains/domain-list-page.tsx': [
    "title: 'headingEdit'",
    "title: 'headingRenew'",
    "title: 'headingPermissions'",
  ],
  // An example domain name.
  'features/domains/whois-page.tsx': ['placeholder="example.com"'],
  // The database tool's own name.
  'features/hosting/databases-page.tsx': ['phpMyAdmin'],
  // The hash algorithms' names.
  'features/tools/md5-page.tsx': ["label: 'MD5'", "label: 'SHA-1'", "label: 'bcrypt'"],
};

describe('texts written inline in screens', () => {
  it('finds JSX text and user-facing props, not data, class names or ids', () => {
    expect(
      inlineTexts(`const A = () => (
        <div className="box" data-testid="x-y">
          <Button aria-label="Close the dialog" title={'Help me'} onClick={f}>Save changes</Button>
          {t(text).done} {' · '} {'Nothing here'} <Input label={t(text).name} placeholder="you@example.com" />
          <span>{count}</span> 42 {'$'} {busy ? 'Saving…' : t(text).saved} {error && 'It failed'}
        </div>
      ); const columns = [{ key: 'domain', header: 'Domain name' }, { header: t(text).expires }];`),
    ).toEqual([
      'aria-label="Close the dialog"',
      'title="Help me"',
      'Save changes',
      'Nothing here',
      'placeholder="you@example.com"',
      'Saving…',
      'It failed',
      "header: 'Domain name'",
    ]);
  });

  it('are only the names that are the same in every language', () => {
    const now: Record<string, string[]> = {};
    for (const f of tsxFiles(SRC).sort()) {
      const texts = inlineTexts(readFileSync(join(SRC, f), 'utf8'), f);
      if (texts.length > 0) now[f] = texts;
    }
    expect(
      now,
      "move the texts into the area's catalogue (docs/languages.md), read through t() in the screen",
    ).toEqual(SAME_IN_EVERY_LANGUAGE);
  });
});

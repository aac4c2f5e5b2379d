import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constantsOf, hasWords, writtenPartsRead } from '@portal/contract/i18n/written-words';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text a screen shows comes from a catalogue (docs/languages.md): a label written inline in
 * a screen stays English in every language. This check parses each source of the web app (`.tsx`
 * and `.ts`, tests left out) and counts the texts written inline: JSX text with letters, and
 * string and template literals given to the props a user reads or hears (label, placeholder,
 * title, aria-label, …), directly or as `{'…'}`, to the keys of objects a screen shows (a column's
 * `header`, an item's `label`) and to the status pop-ups (`showStatus`, `showFailure`). A template
 * literal with values counts when its written parts have a word a user reads (`${n} days left`),
 * not when they are a class name, a URL, a CSS value, a test id or a key (`note-${id}`,
 * `/domains/${name}`, `faqQ${n}`). A constant of the file given there counts as what it holds.
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

/** The calls that show a status pop-up or notice (apps/web/src/app/status.ts), by the name a screen calls. */
const STATUS_CALLS = new Set(['showStatus', 'showStatusMessage', 'showFailure']);

/** Keys of a status message a user reads besides OBJECT_PROPS' (its title and message are there). */
const STATUS_KEYS = new Set(['body', 'footer']);

/** Whether a template literal with values has a word a user reads in its written parts. */
export function templateReads(e: ts.TemplateExpression): boolean {
  return writtenPartsRead([e.head.text, ...e.templateSpans.map((s) => s.literal.text)]);
}

type Constants = Map<string, ts.Expression | null>;

/**
 * The texts an expression shows that are written inline: a string literal with words, a template
 * literal that reads as words (as its source, `` `${n} days left` ``), either branch of
 * `a ? b : c`, `a && b`, `a ?? b`, or what a constant of the file holds.
 */
function shownLiterals(e: ts.Expression, constants: Constants = new Map()): string[] {
  const shown = (x: ts.Expression) => shownLiterals(x, constants);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return hasWords(e.text) ? [e.text] : [];
  if (ts.isTemplateExpression(e)) return templateReads(e) ? [e.getText().replace(/\s+/g, ' ')] : [];
  if (ts.isParenthesizedExpression(e)) return shown(e.expression);
  if (ts.isConditionalExpression(e)) return [...shown(e.whenTrue), ...shown(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shown(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...shown(e.left), ...shown(e.right)];
  }
  if (ts.isIdentifier(e)) {
    const value = constants.get(e.text);
    // Followed once: a constant that names another is not followed further.
    return value ? shownLiterals(value) : [];
  }
  return [];
}

/** A found text as the check names it: a string between quotes, a template as it is written. */
const quoted = (text: string, quote: string) => (text.startsWith('`') ? text : `${quote}${text}${quote}`);

/** The name a call is made by: `showStatus(…)`, `status.showStatus(…)`. */
const calleeName = (call: ts.CallExpression) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : '';

export function inlineTexts(source: string, fileName = 'x.tsx'): string[] {
  const kind = fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const constants = constantsOf(ts, file);
  const shown = (e: ts.Expression) => shownLiterals(e, constants);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (hasWords(text)) found.push(text);
    } else if (ts.isJsxAttribute(node) && USER_PROPS.has(node.name.getText(file))) {
      const name = node.name.getText(file);
      const value = node.initializer;
      const texts =
        value && ts.isStringLiteral(value)
          ? shown(value)
          : value && ts.isJsxExpression(value) && value.expression
            ? shown(value.expression)
            : [];
      found.push(...texts.map((text) => (text.startsWith('`') ? `${name}={${text}}` : `${name}="${text}"`)));
    } else if (ts.isPropertyAssignment(node) && OBJECT_PROPS.has(node.name.getText(file))) {
      const name = node.name.getText(file);
      found.push(...shown(node.initializer).map((text) => `${name}: ${quoted(text, "'")}`));
    } else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      found.push(...shown(node.expression));
    } else if (ts.isCallExpression(node) && STATUS_CALLS.has(calleeName(node))) {
      for (const arg of node.arguments) {
        if (!ts.isObjectLiteralExpression(arg)) {
          found.push(...shown(arg));
          continue;
        }
        for (const p of arg.properties)
          if (ts.isPropertyAssignment(p) && STATUS_KEYS.has(p.name.getText(file)))
            found.push(
              ...shown(p.initializer).map((text) => `${p.name.getText(file)}: ${quoted(text, "'")}`),
            );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * A catalogue's text read without t(): `commonText.permissionDenied` is English whatever the page's
 * language. Counts the property reads of a name imported from the contract whose name ends in
 * `Text` (the catalogues), outside type positions; `t(commonText).permissionDenied` reads through t().
 */
export function untranslatedReads(source: string, fileName = 'x.tsx'): string[] {
  const kind = fileName.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const catalogues = new Set<string>();
  for (const s of file.statements) {
    const names = ts.isImportDeclaration(s) ? s.importClause?.namedBindings : undefined;
    const from =
      ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : '';
    if (from.startsWith('@portal/contract/') && names && ts.isNamedImports(names))
      for (const n of names.elements)
        if ((n.propertyName ?? n.name).text.endsWith('Text')) catalogues.add(n.name.text);
  }
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeNode(node)) return;
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      catalogues.has(node.expression.text)
    )
      found.push(node.getText(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Catalogue texts read in English on purpose, by file, with the reason. Any other read without
 * t() fails the check below.
 */
const ENGLISH_ON_PURPOSE: Record<string, string[]> = {
  // The coworking purchase's summary in the audit log's note for the NOC (the thank-you page reads it through t()).
  'features/billing/cowork-pay-form-page.tsx': ['billingScreenText.purchaseSummary'],
  // The defaults of the formatters' unit tests; the screens pass the texts through t().
  'features/mail/format.ts': ['mailText.unknownListType', 'mailScreenText.moreTargets'],
  // The name a passkey is saved under when none is typed: the account's data, as a typed name would be.
  'features/security/passkey-api.ts': ['passkeyText.defaultName'],
};

/** The web app's source files, screens (`.tsx`) and the modules they take texts from (`.ts`), tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [relative(SRC, path)] : [];
  });
}

/**
 * Files whose every `label` is a key, not a text, with the reason: the compiler holds them to
 * the keys of a catalogue, and the screen reads the text through t().
 */
const KEYS_NOT_TEXTS: Record<string, string> = {
  'app/nav.ts':
    "the sidebar's items, each labelled by its key in navText (NavLabel), shown through navLabel()",
};

/**
 * Texts written inline that are the same in every language, by file: names of protocols, products
 * and algorithms, an example value, and catalogue keys kept in a `title` field. Anything else a
 * screen writes inline fails the check below.
 */
const SAME_IN_EVERY_LANGUAGE: Record<string, string[]> = {
  // The portal's own name until the server's is known (PORTAL_TITLE), as the top bar shows it in every language.
  'app/session.ts': ["title: 'Members Portal (beta)'"],
  // The HTTP header a developer types, as RFC 6750 writes it.
  'features/account/api-tokens-page.tsx': ['Authorization: Bearer …'],
  // The mail protocols a password is for.
  'features/account/mail-app-passwords-page.tsx': ["label: 'IMAP/POP3'", "label: 'SMTP'"],
  // The note a staff screen writes into the account's audit log for the NOC (POST /api/addtoaudit):
  // Account Activity tells that entry in its own sentence, in the reader's language.
  'features/billing/cowork-pay-form-page.tsx': [
    `message: \`Coworking purchase by \${operator}: \${billingScreenText.purchaseSummary(...bought)}\``,
  ],
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

  it('finds template literals whose written parts a user reads, in children, props, objects and status calls', () => {
    expect(
      inlineTexts(`const A = () => {
        const summary = \`\${n} x \${units} for \${name}\`;
        showStatus({ title: \`Note for \${logname}\`, body: summary, footer: \`Last modified \${at}\`, type: 'review' });
        showFailure(err, { title: t(text).failed, body: ok ? t(text).why : \`Server failure: \${code}\` });
        return (
          <p aria-label={\`Card ending \${last4}\`} title={\`\${verb} \${name}\`}>
            {\`\${n} days left\`} {\`\${n} GB\`} {cond && \`\${n} saved.\`} {t(text).left(n)}
            <Select data={[{ value: d, label: \`\${d} (\${count} aliases)\` }]} />
          </p>
        );
      };`),
    ).toEqual([
      `body: \`\${n} x \${units} for \${name}\``,
      `footer: \`Last modified \${at}\``,
      `title: \`Note for \${logname}\``,
      `body: \`Server failure: \${code}\``,
      `aria-label={\`Card ending \${last4}\`}`,
      `\`\${n} days left\``,
      `\`\${n} GB\``,
      `\`\${n} saved.\``,
      `label: \`\${d} (\${count} aliases)\``,
    ]);
  });

  it('does not count templates whose written parts are a class name, a URL, a CSS value, a test id or a key', () => {
    expect(
      inlineTexts(`const A = () => {
        showStatus({ title: t(text).done, body: \`\${res.message}: \${names}\`, type: \`review\${x}\` });
        return (
          <div className={\`box box-\${kind}\`} data-testid={\`note-\${id}\`} style={{ width: \`\${w}px\` }}>
            <a href={\`/domains/\${name}?tab=edit\`} title={\`\${verb} \${name}\`}>{\`\${a} · \${b}\`}</a>
            <img alt={\`\${name}\`} src={\`data:image/svg+xml;charset=utf-8,\${svg}\`} />
            {text[\`faqQ\${n}\`]} {\`\${first} \${last}\`.trim()} {\`rows.\${i}.logname\`}
            <Input label={\`(min-width: \${wide})\`} placeholder={\`https://\${host}/wiki\`} description={\`$\${p}\`} />
            <Input error={\`\${t(text).failed}: \${why}\`} title={\`user_\${id}\`} />
          </div>
        );
      };`),
    ).toEqual([]);
  });

  it('finds a catalogue read without t(), not through it nor in a type', () => {
    expect(
      untranslatedReads(`import { commonText as common, shellText } from '@portal/contract/shell/messages';
        import { other } from '@portal/contract/x';
        type K = keyof typeof shellText.names;
        const a = common.permissionDenied; const b = t(shellText).close; const c = other.label;
        showStatus({ title: shellText.noteFor(x), body: t(common).done });`),
    ).toEqual(['common.permissionDenied', 'shellText.noteFor']);
  });

  it('read catalogues through t(), but for the texts English on purpose', () => {
    const now: Record<string, string[]> = {};
    for (const f of sourceFiles(SRC).sort()) {
      const reads = untranslatedReads(readFileSync(join(SRC, f), 'utf8'), f);
      if (reads.length > 0) now[f] = reads;
    }
    expect(now, 'read the text through t() (apps/web/src/app/language.ts)').toEqual(ENGLISH_ON_PURPOSE);
  });

  it('are only the names that are the same in every language', () => {
    const now: Record<string, string[]> = {};
    for (const f of sourceFiles(SRC).sort()) {
      if (f in KEYS_NOT_TEXTS) continue;
      const texts = inlineTexts(readFileSync(join(SRC, f), 'utf8'), f);
      if (texts.length > 0) now[f] = texts;
    }
    expect(
      now,
      "move the texts into the area's catalogue (docs/languages.md), read through t() in the screen",
    ).toEqual(SAME_IN_EVERY_LANGUAGE);
  });
});

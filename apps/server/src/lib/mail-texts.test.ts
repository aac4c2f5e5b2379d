import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constantsOf, hasWords, writtenPartsRead } from '@portal/contract/i18n/written-words';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every mail to a customer is written from a catalogue in the account's language
 * (docs/decisions/117-mails-in-the-account-language.md): a subject or a body written inline in a
 * handler stays English in every language. This check parses the server's sources and counts, in
 * each mail it writes (an object with a `subject` and a `body` or `lines`), the texts of the
 * subject, the body and the lines that are written inline: a string with words, a template literal
 * whose written parts have words (`Payment received from ${owner}`), either branch of a condition,
 * the lines of an array joined, and what a constant of the file holds. A text read from a
 * catalogue (`text.receiptSubject(amount)`) is not inline. Only the staff's papers listed in
 * STAFF_PAPERS may be written inline, in English.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

/** The keys of a mail whose texts its reader reads. */
const MAIL_TEXT_KEYS = new Set(['subject', 'body', 'lines']);

/** The texts written inline in a mail's subject, body or lines, as written in the source. */
function writtenTexts(e: ts.Expression, constants: Map<string, ts.Expression | null>, depth = 0): string[] {
  const texts = (x: ts.Expression) => writtenTexts(x, constants, depth);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))
    return hasWords(e.text) ? [e.getText()] : [];
  if (ts.isTemplateExpression(e)) {
    const parts = [e.head.text, ...e.templateSpans.map((s) => s.literal.text)];
    const own = writtenPartsRead(parts) ? [e.getText().replace(/\s+/g, ' ')] : [];
    // A value inside may be written inline too: `${said}\n\n${plan ? 'Paid' : 'Due'}`.
    return [...own, ...e.templateSpans.flatMap((s) => texts(s.expression))];
  }
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return texts(e.expression);
  if (ts.isConditionalExpression(e)) return [...texts(e.whenTrue), ...texts(e.whenFalse)];
  if (ts.isBinaryExpression(e)) return [...texts(e.left), ...texts(e.right)];
  if (ts.isArrayLiteralExpression(e))
    return e.elements.flatMap((x) => (ts.isSpreadElement(x) ? texts(x.expression) : texts(x)));
  // `[…].join('\n')`, `lines.filter(Boolean).join('\n')`: the lines joined.
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const method = e.expression.name.text;
    if (method === 'join' || method === 'filter' || method === 'concat' || method === 'trim')
      return [
        ...texts(e.expression.expression),
        ...e.arguments.slice(method === 'concat' ? 0 : 1).flatMap(texts),
      ];
  }
  if (ts.isIdentifier(e) && depth < 3) {
    const value = constants.get(e.text);
    return value ? writtenTexts(value, constants, depth + 1) : [];
  }
  return [];
}

/** A mail a source writes, by its outbox kind (`billing.receipt`; `address.{c.kind}` for `address.${c.kind}`). */
export interface WrittenMail {
  kind: string;
  /** Its texts written inline, as `key: text`. */
  inline: string[];
}

/** The mails a source writes (objects with a `subject` and a `body` or `lines`) and their texts written inline. */
export function mailTexts(source: string, fileName = 'x.ts'): WrittenMail[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const constants = constantsOf(ts, file);
  const found: WrittenMail[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const keyed = node.properties.flatMap((p) =>
        (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && ts.isIdentifier(p.name)
          ? [{ key: p.name.text, value: ts.isPropertyAssignment(p) ? p.initializer : p.name }]
          : [],
      );
      const keys = new Set(keyed.map((k) => k.key));
      if (keys.has('subject') && (keys.has('body') || keys.has('lines'))) {
        const kind = keyed.find((k) => k.key === 'kind')?.value;
        found.push({
          // A kind made with a value is named by where the value goes: `address.${c.kind}` is address.{c.kind}.
          kind: !kind ? '' : ts.isStringLiteral(kind) ? kind.text : kind.getText(file).replace(/`|\$/g, ''),
          inline: keyed.flatMap(({ key, value }) =>
            MAIL_TEXT_KEYS.has(key) ? writtenTexts(value, constants).map((t) => `${key}: ${t}`) : [],
          ),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [relative(SRC, path)] : [];
  });
}

/**
 * Mails written inline in English, by outbox kind, with the reason: the staff's papers (to the
 * help desk, the network operations team, the hostmaster, accounting), which staff read in
 * English whatever the customer's language. Any other mail's text written inline fails the check.
 */
const STAFF_PAPERS: Record<string, string> = {
  'address.{c.kind}': 'an address change, to accounting (ACCOUNTING_EMAIL)',
  'secondary.request': 'a request for secondary accounts, to the help desk (HELPDESK_EMAIL)',
  'billing.receipt.internal': "a payment's receipt, copied to accounting and the NOC",
  'billing.unreconciled': 'a payment the card processor has not confirmed, to accounting',
  'billing.autobill.stopped': 'the auto-billing of an invoice given up, to accounting',
  'domains.renewal-hostmaster': 'a renewal to make at the registry, to the hostmaster (HOSTMASTER_EMAIL)',
  'hosting.devsite-request': 'a devsite to set up, promote or refresh, to the NOC (NOC_EMAIL)',
  'auto-responder': 'an auto-responder to set up, to the help desk (HELPDESK_EMAIL)',
  'message.{body.send_to}':
    "the authenticated message a customer writes to a staff mailbox: the account's line above the staff's footer",
};

describe('texts written inline in mails', () => {
  it('finds the subject, body and lines written inline, not the catalogue texts', () => {
    expect(
      mailTexts(`
        const footer = 'Message sent by the portal';
        await outbox.send(db, { kind: 'billing.receipt.internal', to, subject: \`Payment received from \${owner}: $\${amount}\`, body: [
          \`Account: \${owner}\`, \`\${text.paidOn(day)}\`, footer, ok ? 'Thank you' : text.sorry ].join('\\n') });
        await mailCustomer(outbox, db, { kind: 'billing.receipt', write: (language) => ({
          subject: inLanguage(text, language).receiptSubject(amount),
          body: \`\${words.said}\\n\\n\${words.then}\\n\`,
        }) });
        await mailAccountNotice(outbox, db, { subject: text.changed(logname), lines: [\`\${words.on}.\`, 'Call us'] });
        const unrelated = { subject: user.subject, issuer: 'Directory' };
      `),
    ).toEqual([
      {
        kind: 'billing.receipt.internal',
        inline: [
          `subject: \`Payment received from \${owner}: $\${amount}\``,
          `body: \`Account: \${owner}\``,
          "body: 'Message sent by the portal'",
          "body: 'Thank you'",
        ],
      },
      { kind: '', inline: [] },
      { kind: '', inline: ["lines: 'Call us'"] },
    ]);
  });

  it('are only the staff papers, each still a mail written inline', () => {
    const inline: Record<string, string[]> = {};
    const papers = new Set<string>();
    for (const f of sourceFiles(SRC).sort())
      for (const mail of mailTexts(readFileSync(join(SRC, f), 'utf8'), f)) {
        if (mail.inline.length === 0) continue;
        if (mail.kind in STAFF_PAPERS) papers.add(mail.kind);
        else inline[`${f} ${mail.kind}`] = mail.inline;
      }
    expect(
      inline,
      "write a customer mail from the area's catalogue in the account's language (docs/languages.md)",
    ).toEqual({});
    expect([...papers].sort(), 'a staff paper no longer written inline leaves STAFF_PAPERS').toEqual(
      Object.keys(STAFF_PAPERS).sort(),
    );
  });
});
